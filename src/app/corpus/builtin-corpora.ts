// Corpora shipped with Lyra (corpora/<name>/ with a manifest.json), indexed into the store the first
// time they are used, so `--corpus example` works on a fresh clone with no network and no setup.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { NonRetryableError, parseTrustLevel, type Store, type TrustLevel } from '../../core/index.js';
import { createTextExtractor } from '../../extract/index.js';
import { ingestCorpus, parseCorpusUrl, type IngestReport } from '../../sources/index.js';
import { PACKAGE_ROOT } from '../config/index.js';
import { readJsonFile } from '../json-file.js';

export const BUILTIN_CORPORA_DIR = join(PACKAGE_ROOT, 'corpora');

const manifestSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string(),
  trust_level: z.string().refine((s) => parseTrustLevel(s) !== undefined, 'expected a trust level'),
  files: z.array(z.string().min(1)).min(1),
  license: z.string().min(1),
  /** Where a document lives on the web: `{id}` is replaced by the document id, percent-encoded (commas and colons kept). */
  link_template: z
    .string()
    .regex(/^https:\/\/[^\s{}]+\{id\}[^\s{}]*$/, 'expected an https URL with {id}')
    .optional(),
});

export interface BuiltinCorpus {
  name: string;
  description: string;
  trustLevel: TrustLevel;
  files: string[];
  license: string;
  linkTemplate?: string;
}

function readManifest(dir: string): BuiltinCorpus {
  const path = join(dir, 'manifest.json');
  const m = readJsonFile(path, manifestSchema, (p) =>
    p.kind === 'unreadable'
      ? new NonRetryableError(`built-in corpus manifest ${path} is unreadable: ${p.why}`, { code: 'builtin_corpus_invalid', cause: p.cause })
      : new NonRetryableError(`built-in corpus manifest ${path}: ${p.why}`, { code: 'builtin_corpus_invalid' }),
  );
  return {
    name: m.name,
    description: m.description,
    trustLevel: parseTrustLevel(m.trust_level)!,
    files: m.files.map((f) => join(dir, f)),
    license: m.license,
    ...(m.link_template ? { linkTemplate: m.link_template } : {}),
  };
}

export function listBuiltinCorpora(dir = BUILTIN_CORPORA_DIR): BuiltinCorpus[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => existsSync(join(dir, n, 'manifest.json')))
    .sort()
    .map((n) => readManifest(join(dir, n)));
}

/**
 * Indexes a built-in corpus when `name` is one and the store does not hold it yet (or holds an older
 * version: re-adding skips unchanged documents). Returns the report, or undefined when `name` is not
 * built in or already current.
 */
export async function ensureBuiltinCorpus(options: { store: Store; name: string; dir?: string; signal?: AbortSignal }): Promise<IngestReport | undefined> {
  const builtin = listBuiltinCorpora(options.dir).find((c) => c.name === options.name);
  if (!builtin) return undefined;
  const present = options.store.listCorpora().find((c) => c.name === builtin.name);
  if (present && present.documents > 0 && present.trustLevel === builtin.trustLevel) return undefined;
  const report = await ingestCorpus({
    store: options.store,
    extractor: createTextExtractor(),
    name: builtin.name,
    paths: builtin.files,
    signal: options.signal,
  });
  if (report.failedFiles.length > 0) {
    throw new NonRetryableError(`built-in corpus ${builtin.name}: ${report.failedFiles.map((f) => `${f.file}: ${f.error}`).join('; ')}`, {
      code: 'builtin_corpus_invalid',
    });
  }
  options.store.setCorpusTrustLevel(builtin.name, builtin.trustLevel);
  return report;
}

/** Indexes each built-in corpus that `providers` names as `corpus:<name>` (ensureBuiltinCorpus), in order. */
export async function ensureBuiltinCorpora(options: { store: Store; providers: readonly string[] | undefined; signal?: AbortSignal }): Promise<void> {
  for (const p of options.providers ?? [])
    if (p.startsWith('corpus:'))
      await ensureBuiltinCorpus({ store: options.store, name: p.slice('corpus:'.length), ...(options.signal ? { signal: options.signal } : {}) });
}

/** A built-in corpus document's id in a link: percent-encoded as the corpus's attribution lists it (commas and colons kept). */
export function encodeDocumentId(id: string): string {
  return encodeURIComponent(id).replace(/%2C/g, ',').replace(/%3A/g, ':');
}

/**
 * The real address of a built-in corpus document (`corpus://<name>/<id>`) when its manifest has a
 * link_template (the example corpus: its Wikipedia article), else null.
 */
export function builtinDocumentLink(url: string, dir = BUILTIN_CORPORA_DIR): string | null {
  let doc: { corpus: string; id: string } | undefined;
  try {
    doc = parseCorpusUrl(url);
  } catch {
    return null; // a malformed percent-escape is no document of ours
  }
  if (!doc) return null;
  const c = listBuiltinCorpora(dir).find((x) => x.name === doc.corpus);
  return c?.linkTemplate ? c.linkTemplate.replace('{id}', encodeDocumentId(doc.id)) : null;
}
