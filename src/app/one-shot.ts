// One-shot uses of the runtime (runtime.ts): `lyra fetch` (one URL through the configured fetcher) and
// the scholarly commands (`lyra papers`, `paper`, `citations`), each on a runtime built for the call
// and closed after it.
import type { AuthItem, EventSink, FetchResponse, Fetcher, Store } from '../core/index.js';
import type { LyraConfig } from './config/index.js';
import { withRuntime } from './runtime.js';
import { createScholarlySources, type ScholarlySetup } from './scholarly.js';

export interface FetchUrlOptions {
  config: LyraConfig;
  url: string;
  /** Render in Chromium (turns rendering on for this call). */
  render?: boolean;
  noCache?: boolean;
  events?: EventSink;
  /** Store for auth-queue items; opened only when a page turns out to be a wall. */
  store?: () => Store;
  signal?: AbortSignal;
}

/** One fetch as `lyra fetch` does it: the configured fetcher, the current domain policy, auth items queued. */
export async function fetchUrl(options: FetchUrlOptions): Promise<FetchResponse> {
  const overrides = {
    ...(options.events ? { events: options.events } : {}),
    ...(options.store ? { onAuthRequired: (item: AuthItem) => options.store!().enqueueAuth(item) } : {}),
  };
  return withRuntime(
    options.config,
    (runtime) =>
      runtime.fetcher().fetch({
        url: options.url,
        render: options.render === true,
        noCache: options.noCache === true,
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    { overrides, render: options.render === true },
  );
}

/**
 * Runs `fn` with the configured scholarly sources over the configured HTTP fetcher (domain policy
 * rates, SSRF guard, cache), closing the fetcher afterwards. Pass `fetcher` to reuse one.
 */
export async function withScholarlySources<T>(
  options: { config: LyraConfig; events?: EventSink; fetcher?: Fetcher },
  fn: (setup: ScholarlySetup) => Promise<T>,
): Promise<T> {
  if (options.fetcher) return fn(createScholarlySources({ config: options.config, fetcher: options.fetcher }));
  return withRuntime(options.config, async (runtime) => fn(runtime.scholarly()), { overrides: options.events ? { events: options.events } : {} });
}
