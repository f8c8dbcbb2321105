// Pages and fragments as the pipeline writes them. Ids are derived from the task and URL (pages) and
// from the page and position (fragments), so a phase re-run after a kill writes the same rows again
// instead of new ones, and the store's idempotent inserts keep exactly one copy.
import { createHash } from 'node:crypto';
import type { ExtractedDocument, Fragment, Identifiers, Page, SourceType } from '../core/index.js';
import { normalizeUrl } from '../core/index.js';
import { splitLongText, splitSentences } from '../extract/index.js';
import type { TrustResolver } from './deps.js';

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

export function pageIdFor(taskId: string, url: string): string {
  return `pg_${digest(`${taskId}\n${url}`)}`;
}

export function fragmentIdFor(pageId: string, index: number): string {
  return `fr_${digest(`${pageId}\n${index}`)}`;
}

/** The URL a page is stored under: http(s) URLs normalized; corpus:// URLs as they are. */
export function pageUrl(url: string): string {
  return url.startsWith('corpus://') ? url : normalizeUrl(url);
}

export interface NewPageInput {
  taskId: string;
  url: string;
  sourceType: SourceType;
  fetchStatus: Page['fetchStatus'];
  title?: string;
  identifiers?: Identifiers;
  abstractOnly?: boolean;
  publishedAt?: string;
  authors?: string[];
  organization?: string;
  trust: TrustResolver;
}

export function makePage(input: NewPageInput): Page {
  const url = pageUrl(input.url);
  const trust = input.trust.of(url);
  const now = new Date().toISOString();
  const page: Page = {
    id: pageIdFor(input.taskId, url),
    taskId: input.taskId,
    url,
    domain: trust.domain,
    sourceType: input.sourceType,
    fetchStatus: input.fetchStatus,
    authors: input.authors ?? [],
    identifiers: input.identifiers ?? {},
    abstractOnly: input.abstractOnly ?? false,
    trustLevel: trust.trustLevel,
    createdAt: now,
  };
  if (input.title) page.title = input.title;
  if (input.publishedAt) page.publishedAt = input.publishedAt;
  if (input.organization) page.organization = input.organization;
  if (input.fetchStatus === 'fetched' || input.fetchStatus === 'abstract_only') page.fetchedAt = now;
  return page;
}

/** An abstract as fragments: consecutive sentences grouped up to `maxChars`, each with its offsets. */
export function abstractFragments(pageId: string, abstract: string, maxChars: number): Fragment[] {
  const sentences = splitSentences(abstract);
  const groups: Array<{ start: number; end: number; first: number }> = [];
  sentences.forEach((s, i) => {
    const last = groups[groups.length - 1];
    if (last && s.end - last.start <= maxChars) last.end = s.end;
    else groups.push({ start: s.start, end: s.end, first: i });
  });
  if (groups.length === 0 && abstract.trim()) groups.push({ start: 0, end: abstract.length, first: 0 });
  return groups.map((g, i) => ({
    id: fragmentIdFor(pageId, i),
    pageId,
    text: abstract.slice(g.start, g.end),
    locator: { paragraph: 0, sentence: g.first, charStart: g.start, charEnd: g.end },
    quotable: true,
  }));
}

/** A plain text (corpus document) as fragments: blank-line paragraphs, long ones cut at `maxChars`. */
export function textFragments(pageId: string, text: string, maxChars: number): Fragment[] {
  const out: Fragment[] = [];
  const re = /\S[\s\S]*?(?=\n\s*\n|$)/g;
  let paragraph = 0;
  for (const m of text.matchAll(re)) {
    const base = m.index ?? 0;
    for (const [s, e] of splitLongText(m[0], maxChars)) {
      const t = m[0].slice(s, e).trim();
      if (!t) continue;
      const start = base + s + (m[0].slice(s, e).length - m[0].slice(s, e).trimStart().length);
      out.push({ id: fragmentIdFor(pageId, out.length), pageId, text: t, locator: { paragraph, charStart: start, charEnd: start + t.length }, quotable: true });
    }
    paragraph++;
  }
  return out;
}

/** An extracted document's fragments (the extractor's, with locators), or its text's paragraphs. */
export function documentFragments(pageId: string, doc: ExtractedDocument, maxChars: number): Fragment[] {
  if (!doc.fragments) return textFragments(pageId, doc.text, maxChars);
  return doc.fragments
    .filter((f) => f.text.trim().length > 0)
    .map((f, i) => ({ id: fragmentIdFor(pageId, i), pageId, text: f.text, locator: { ...f.locator }, quotable: true }));
}
