// The settings a lyra.config.yaml found in the working directory may not set: those that widen what
// Lyra reaches or runs, and every setting of a local HTTP listener that says where it listens, who may
// call it or what it serves. One list: the loader drops these keys (load-config.ts) and `lyra config
// show` marks them ignored (config-view.ts); a test over the whole schema fails when a listener gains a
// key of that kind that is not covered here.
import { listenerAccessFields } from './http-listener-schema.js';

/**
 * The listener sections of the file (each spreads listenerAccessFields), with their own keys that name
 * what the listener serves: a folder the file's author chose would be published by `lyra ui`.
 */
export const LISTENER_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  'mcp.http': [],
  ui: ['runs_dirs'],
};

/** Every listener key a working-directory file may not set: all of listenerAccessFields in each section, and what it serves. */
export const LISTENER_KEYS: readonly string[] = Object.entries(LISTENER_SECTIONS).flatMap(([section, served]) =>
  [...Object.keys(listenerAccessFields), ...served].map((key) => `${section}.${key}`),
);

/** Dotted keys dropped from a working-directory file, with their whole value (`models.llm` is a section). */
export const WIDENING_KEYS: readonly string[] = [
  'fetch.allow_private',
  'fetch.render.chromium_path',
  'models.llm',
  'models.transformers.hub_url',
  ...LISTENER_KEYS,
];
