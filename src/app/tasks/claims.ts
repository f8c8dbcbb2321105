// `lyra claims <file-or-url>`: a document's normalized claims. A file is read from disk (its
// format sniffed from the name and first bytes), a URL is fetched by the HTTP fetcher; either way
// the text extractor gives the main text and the claim extractor its normalized, merged claims.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InvalidInputError,
  NonRetryableError,
  throwIfAborted,
  type ClaimScreen,
  type EmbeddingModel,
  type Fetcher,
  type TextExtractor,
} from '../../core/index.js';
import { createTextExtractor, extractNormalizedClaims, mergeClaimsWithEmbeddings, screenClaims, type NormalizedClaim } from '../../extract/index.js';
import type { LyraConfig } from '../config/index.js';
import { createRuntime } from '../runtime.js';

/** Largest local file read, in bytes. */
export const MAX_CLAIMS_FILE_BYTES = 100 * 1024 * 1024;

export interface DocumentClaimsOptions {
  /** A path (relative to `cwd`) or an http(s) URL. */
  source: string;
  cwd: string;
  /** Default: the extract/ TextExtractor with its default limits. */
  extractor?: TextExtractor;
  /** Fetcher for URLs; default the configured fetcher (app/fetcher.ts) built from `config`. */
  fetcher?: () => Fetcher;
  config?: LyraConfig;
  /** When given, paraphrases are merged by embedding similarity as well as by fingerprint and wording. */
  embedding?: EmbeddingModel;
  /** The learned claim screen (app/models.ts buildClaimScreen); it reads `embedding`'s vectors. */
  claimScreen?: ClaimScreen;
  maxClaims?: number;
  signal?: AbortSignal;
}

export interface DocumentClaims {
  source: string;
  url: string;
  title?: string;
  language?: string;
  publishedAt?: string;
  warnings: string[];
  claims: NormalizedClaim[];
  /** Claims the rules accepted and the learned screen dropped (0 without a screen). */
  screened: number;
}

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

export async function documentClaims(options: DocumentClaimsOptions): Promise<DocumentClaims> {
  const { source, signal } = options;
  if (!source.trim()) throw new InvalidInputError('claims: empty file or URL', { code: 'invalid_argument' });
  throwIfAborted(signal);
  let url: string;
  let contentType: string;
  let body: Uint8Array;
  if (isUrl(source)) {
    const config = options.config;
    if (!options.fetcher && !config)
      throw new InvalidInputError(`claims: fetching ${source} needs the HTTP fetcher or the configuration`, { code: 'fetcher_missing' });
    const own = options.fetcher ? undefined : createRuntime(config!);
    let response;
    try {
      response = await (options.fetcher?.() ?? own!.fetcher()).fetch({ url: source, ...(signal ? { signal } : {}) });
    } finally {
      await own?.close();
    }
    if (response.status >= 400)
      throw new NonRetryableError(`claims: ${source} answered HTTP ${response.status}`, { code: 'http_status', details: { status: response.status } });
    url = response.finalUrl;
    contentType = response.contentType;
    body = response.body;
  } else {
    const path = resolve(options.cwd, source);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch (cause) {
      throw new InvalidInputError(`claims: cannot read ${path}: ${(cause as Error).message}`, { code: 'file_unreadable', details: { file: path }, cause });
    }
    if (size > MAX_CLAIMS_FILE_BYTES)
      throw new InvalidInputError(`claims: ${path} is ${size} bytes, over the limit of ${MAX_CLAIMS_FILE_BYTES}`, { code: 'file_too_large' });
    body = await readFile(path, signal ? { signal } : {});
    url = pathToFileURL(path).href;
    contentType = ''; // sniffed by the extractor from the name and the first bytes
  }
  const doc = await (options.extractor ?? createTextExtractor()).extract({ url, contentType, body, ...(signal ? { signal } : {}) });
  const extracted = extractNormalizedClaims({
    text: doc.text,
    source: url,
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
    ...(options.maxClaims ? { maxClaims: options.maxClaims } : {}),
  });
  const warnings = [...doc.warnings];
  let kept = extracted;
  let vectors: Map<string, Float32Array> | undefined;
  if (options.claimScreen) {
    const screened = await screenClaims({
      items: extracted,
      statementOf: (c) => c.statement,
      screen: options.claimScreen,
      model: options.embedding,
      ...(signal ? { signal } : {}),
    });
    if ('skipped' in screened) warnings.push(`${screened.skipped}; claims are screened by the rules only`);
    else {
      kept = screened.kept;
      vectors = screened.vectors;
    }
  }
  const claims = options.embedding
    ? await mergeClaimsWithEmbeddings({ claims: kept, model: options.embedding, ...(vectors ? { vectors } : {}), ...(signal ? { signal } : {}) })
    : kept;
  return {
    source,
    url,
    ...(doc.title ? { title: doc.title } : {}),
    ...(doc.language ? { language: doc.language } : {}),
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
    warnings,
    claims,
    screened: extracted.length - kept.length,
  };
}
