// Pieces of the readable report: citations that show a quote once in full and by number after that,
// and excerpts of long quotes around the words the claim is about (claim rationales in words: report/rationale.ts).
import type { EvidenceItemArtifact } from './artifacts.js';
import { cite, quote, text, type ReportInline } from '../../report/index.js';

/** Quotes longer than this (characters) are shown as an excerpt around the words the claim is about. */
export const QUOTE_MAX_CHARS = 400;
/** Length of that excerpt. */
export const QUOTE_EXCERPT_CHARS = 280;

const words = (s: string): Set<string> =>
  new Set(
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]{3,}/gu) ?? [],
  );

/**
 * A verbatim excerpt of a long quote: the window of QUOTE_EXCERPT_CHARS holding most of the claim's
 * words, cut at word ends, with "…" where it was cut. Short quotes come back whole.
 */
export function excerpt(quote: string, about: string): { text: string; cut: boolean } {
  if (quote.length <= QUOTE_MAX_CHARS) return { text: quote, cut: false };
  const target = words(about);
  let best = 0;
  let bestScore = -1;
  const step = 20;
  for (let start = 0; start + QUOTE_EXCERPT_CHARS <= quote.length + step; start += step) {
    const w = words(quote.slice(start, start + QUOTE_EXCERPT_CHARS));
    let score = 0;
    for (const x of w) if (target.has(x)) score++;
    if (score > bestScore) {
      best = start;
      bestScore = score;
    }
  }
  let s = Math.max(0, Math.min(best, quote.length - QUOTE_EXCERPT_CHARS));
  let e = Math.min(quote.length, s + QUOTE_EXCERPT_CHARS);
  if (s > 0) s = quote.indexOf(' ', s) + 1 || s;
  if (e < quote.length) e = quote.lastIndexOf(' ', e) > s ? quote.lastIndexOf(' ', e) : e;
  return { text: `${s > 0 ? '…' : ''}${quote.slice(s, e).trim()}${e < quote.length ? '…' : ''}`, cut: true };
}

/** Citation numbers in order of first use; one number per (source, quote); a quote is shown in full once. */
export class Citations {
  readonly list: EvidenceItemArtifact[] = [];
  /** Numbers whose quote the report showed as an excerpt: References give them in full. */
  readonly excerpted = new Set<number>();
  private readonly index = new Map<string, number>();

  number(e: Pick<EvidenceItemArtifact, 'url' | 'quote'> & Partial<EvidenceItemArtifact>, full?: EvidenceItemArtifact): { n: number; first: boolean } {
    const key = `${e.url}\u0000${e.quote}`;
    const n = this.index.get(key);
    if (n !== undefined) return { n, first: false };
    this.list.push(full ?? (e as EvidenceItemArtifact));
    this.index.set(key, this.list.length);
    return { n: this.list.length, first: true };
  }

  /** The quote in full (or as an excerpt) with its number the first time; the number alone after that. */
  cite(e: EvidenceItemArtifact, about: string, quotedAbove: string): ReportInline[] {
    const { n, first } = this.number(e, e);
    if (!first) return [cite(n), text(` (${quotedAbove})`)];
    const x = excerpt(e.quote, about);
    if (x.cut) this.excerpted.add(n);
    return [quote(x.text), text(' '), cite(n)];
  }
}
