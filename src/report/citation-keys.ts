// Shared by the bibliography renderers: author names split into family and given parts, publication
// dates split into parts, and stable citation keys (author/domain + year, de-duplicated in order).
import type { SourceView } from '../core/index.js';

export type AuthorName = { family: string; given?: string } | { literal: string };

/** "Family, Given" or "Given Family"; an organization-like name (one word, or several capitalised words with "of"/"for") stays literal. */
export function parseAuthorName(name: string): AuthorName {
  const n = name.replace(/\s+/g, ' ').trim();
  const comma = /^([^,]+),\s*(.+)$/.exec(n);
  if (comma) return { family: comma[1]!.trim(), given: comma[2]!.trim() };
  const words = n.split(' ');
  if (words.length < 2 || /\b(of|for|and|the|institute|university|organization|agency|ministry|department|group|consortium)\b/i.test(n)) return { literal: n };
  return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') };
}

export function dateParts(date: string | undefined): number[] | undefined {
  const m = date ? /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date) : null;
  if (!m) return undefined;
  return [m[1], m[2], m[3]].filter((x): x is string => x !== undefined).map(Number);
}

function asciiSlug(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();
}

/** One key per source, in order: `smith2021`, `who2020`, then `smith2021a`, `smith2021b` for repeats. */
export function citationKeys(sources: readonly SourceView[]): string[] {
  const bases = sources.map((s) => {
    const first = s.authors?.[0];
    const a = first ? parseAuthorName(first) : undefined;
    const who = a ? asciiSlug('literal' in a ? a.literal.split(' ')[0]! : a.family) : '';
    const year = dateParts(s.publishedAt)?.[0] ?? '_nd';
    return `${who || asciiSlug(s.domain.split('.')[0] ?? '') || 'source'}${year}`;
  });
  const total = new Map<string, number>();
  for (const b of bases) total.set(b, (total.get(b) ?? 0) + 1);
  const seen = new Map<string, number>();
  return bases.map((b) => {
    if (total.get(b) === 1) return b;
    const i = seen.get(b) ?? 0;
    seen.set(b, i + 1);
    let suffix = '';
    for (let k = i; ; k = Math.floor(k / 26) - 1) {
      suffix = String.fromCharCode(97 + (k % 26)) + suffix;
      if (k < 26) break;
    }
    return `${b}${suffix}`;
  });
}
