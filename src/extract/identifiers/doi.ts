// DOI parsing. A DOI is `10.<registrant>/<suffix>` where the suffix may hold almost any printable
// character, so the hard part is where it ends: trailing sentence punctuation and closing brackets
// that belong to the surrounding text are trimmed, balanced brackets inside the suffix are kept.

/**
 * Registrant code (4–9 digits, optional dotted sub-codes), slash, then a suffix up to white space, a
 * quote or a CJK character: DOI suffixes are ASCII in practice, and Japanese or Chinese prose runs on
 * without a space (`10.1000/xyzです。`), so kana, kanji, CJK punctuation and full-width forms end
 * one. `<` and `>` stay: old SICI-style DOIs hold them (`…(1963)020<0130:DNF>2.0.CO;2`); an
 * unbalanced `>` (as in `<https://doi.org/…>`) is trimmed like a closing bracket. Sub-codes are
 * bounded ({0,8}): an unbounded `(?:\.\d+)*` is rescanned from every `10.` of a long dotted run
 * (quadratic on `10.1010.1010…`).
 */
const DOI_BODY = String.raw`10\.\d{4,9}(?:\.\d+){0,8}\/[^\s"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]+`;
const DOI_IN_TEXT_RE = new RegExp(DOI_BODY, 'g');
const DOI_EXACT_RE = new RegExp(`^${DOI_BODY}$`);

/** Characters that end a sentence, a list or a URL path rather than a DOI. */
const TRAILING_PUNCT = new Set(['.', ',', ';', ':', '!', '?', '*', '/', '\u2026']);
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };

/** Publisher URL tails that name a view of the article, not part of its DOI. */
const URL_VIEW_SUFFIX_RE = /\/(?:full|abstract|abs|pdf|epdf|pdfdirect|fulltext|html|summary|references|citedby|figures|meta|suppl|supplemental|issuetoc)\/?$/i;
/** bioRxiv / medRxiv content URLs: the DOI is followed by a version and a view (`v1.full.pdf`). */
const RXIV_VERSION_TAIL_RE = /v\d+(?:\.[a-z-]+)*(?:\.pdf)?$/i;

/** Removes trailing punctuation and unbalanced closing brackets, repeatedly. Linear: bracket counts are kept, not recounted per character removed. */
export function trimDoiTail(candidate: string): string {
  const counts = new Map<string, number>();
  for (let i = 0; i < candidate.length; i++) {
    const c = candidate[i]!;
    if (c === '(' || c === ')' || c === '[' || c === ']' || c === '{' || c === '}' || c === '<' || c === '>') counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    if (TRAILING_PUNCT.has(last)) {
      end--;
      continue;
    }
    const open = PAIRS[last];
    if (open !== undefined && (counts.get(last) ?? 0) > (counts.get(open) ?? 0)) {
      counts.set(last, counts.get(last)! - 1);
      end--;
      continue;
    }
    break;
  }
  return candidate.slice(0, end);
}

function canonical(doi: string): string | undefined {
  const trimmed = trimDoiTail(doi);
  // A registrant with an empty suffix ("10.1234/", trimmed to "10.1234") is not a DOI.
  if (!DOI_EXACT_RE.test(trimmed)) return undefined;
  // DOIs are case-insensitive (DOI Handbook §2.4); lower case makes equal DOIs compare equal.
  return trimmed.toLowerCase();
}

/** Every DOI in free text with the offset where it starts, in order of appearance (repeats kept). */
export function locateDois(text: string): Array<{ at: number; doi: string }> {
  const out: Array<{ at: number; doi: string }> = [];
  for (const m of text.matchAll(DOI_IN_TEXT_RE)) {
    const doi = canonical(m[0]);
    if (doi) out.push({ at: m.index, doi });
  }
  return out;
}

/** Every DOI in free text (deduplicated, in order of appearance). */
export function findDois(text: string): string[] {
  return [...new Set(locateDois(text).map((d) => d.doi))];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * One DOI from a value meant to hold one: `10.1000/xyz`, `doi:10.1000/xyz`, `https://doi.org/10.1000/xyz`,
 * `info:doi/10.1000/xyz`. Returns undefined when the value holds no DOI.
 */
export function parseDoi(value: string): string | undefined {
  const s = safeDecode(value.trim());
  const start = s.search(/10\.\d{4,9}/);
  if (start < 0) return undefined;
  const m = new RegExp(DOI_BODY).exec(s.slice(start));
  return m ? canonical(m[0]) : undefined;
}

/**
 * The DOI in a URL: doi.org / dx.doi.org paths, publisher paths such as `/doi/full/10.…/…/abstract`,
 * query values such as `?doi=10.…`, and bioRxiv/medRxiv content paths. URL-encoded DOIs are decoded.
 */
export function doiFromUrl(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const path = safeDecode(url.pathname);
  if (host === 'doi.org' || host.endsWith('.doi.org')) return parseDoi(path.replace(/^\//, ''));
  for (const value of url.searchParams.values()) {
    const doi = /^\s*(?:doi:)?10\.\d{4,9}/i.test(value) ? parseDoi(value) : undefined;
    if (doi) return doi;
  }
  const start = path.search(/10\.\d{4,9}(?:\.\d+)*\//);
  if (start < 0) return undefined;
  let tail = path.slice(start);
  while (URL_VIEW_SUFFIX_RE.test(tail)) tail = tail.replace(URL_VIEW_SUFFIX_RE, '');
  if (/(?:^|\.)(?:biorxiv|medrxiv)\.org$/.test(host)) tail = tail.replace(RXIV_VERSION_TAIL_RE, '');
  return parseDoi(tail);
}
