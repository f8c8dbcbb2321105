// arXiv identifiers: new style `YYMM.NNNN(N)` (4 digits to 2014-12, 5 since 2015-01) and old style
// `archive(.SC)/YYMMNNN`, each with an optional version `vN`.

/** Archives of the old scheme (before April 2007); matching only these keeps `and/or/1234567` out. */
export const ARXIV_OLD_ARCHIVES: readonly string[] = [
  'acc-phys',
  'adap-org',
  'alg-geom',
  'ao-sci',
  'astro-ph',
  'atom-ph',
  'bayes-an',
  'chao-dyn',
  'chem-ph',
  'cmp-lg',
  'comp-gas',
  'cond-mat',
  'cs',
  'dg-ga',
  'funct-an',
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math',
  'math-ph',
  'mtrl-th',
  'nlin',
  'nucl-ex',
  'nucl-th',
  'patt-sol',
  'physics',
  'plasm-ph',
  'q-alg',
  'q-bio',
  'q-fin',
  'quant-ph',
  'solv-int',
  'stat',
  'supr-con',
];

const ARCHIVES = ARXIV_OLD_ARCHIVES.map((a) => a.replace(/[-.]/g, '\\$&')).join('|');
const NEW_ID = String.raw`(\d{2})(\d{2})\.(\d{4,5})`;
const OLD_ID = String.raw`(${ARCHIVES})(?:\.[A-Za-z][A-Za-z-]*)?\/(\d{2})(\d{2})(\d{3})`;
const VERSION = String.raw`(v\d+)?`;
const NEW_EXACT_RE = new RegExp(`^${NEW_ID}${VERSION}$`);
const OLD_EXACT_RE = new RegExp(`^${OLD_ID}${VERSION}$`);
/**
 * In text an id counts only after an `arXiv:` (or `arXiv `, `arXiv :`) label or an `arxiv.org/abs/`
 * or `/pdf/` path: bare `1234.5678` is usually a number.
 */
const IN_TEXT_RE = new RegExp(String.raw`\barxiv(?:\.org)?(?:\s*:\s*|\s+|\/)(?:abs\/|pdf\/)?(${NEW_ID}${VERSION}|${OLD_ID}${VERSION})(?![\d.\/]*\d)`, 'gi');
/** arXiv's own DOIs (DataCite, `10.48550/arXiv.2301.12345`) carry the arXiv id. */
const ARXIV_DOI_RE = /^10\.48550\/arxiv\.(.+)$/i;
/** An arxiv.org URL written without its scheme (`arxiv.org/abs/…`, `export.arxiv.org/pdf/…`). */
const SCHEMELESS_URL_RE = /^(?:[a-z]+\.)?arxiv\.org\//i;

export interface ArxivId {
  /** Id without version: `2301.12345`, `hep-th/9901001` (old-style subject class dropped). */
  id: string;
  /** `v2` when the input named a version. */
  version?: string;
}

function validMonth(mm: string): boolean {
  const m = Number(mm);
  return m >= 1 && m <= 12;
}

/** A bare arXiv id (`2301.12345v2`, `arXiv:hep-th/9901001`, `math.GT/0309136`), or undefined. */
export function parseArxivId(value: string): ArxivId | undefined {
  const s = value
    .trim()
    .replace(/^arxiv:\s*/i, '')
    .replace(/\.pdf$/i, '');
  const n = NEW_EXACT_RE.exec(s);
  if (n) {
    const [, yy, mm, num, version] = n;
    if (!validMonth(mm!)) return undefined;
    // Five-digit numbers began in 2015 (1501.00001); four-digit ones ended with 1412.
    if ((num!.length === 5) !== Number(yy) >= 15) return undefined;
    return { id: `${yy}${mm}.${num}`, ...(version ? { version } : {}) };
  }
  const o = OLD_EXACT_RE.exec(s);
  if (o) {
    const [, archive, yy, mm, num, version] = o;
    if (!validMonth(mm!)) return undefined;
    return { id: `${archive!.toLowerCase()}/${yy}${mm}${num}`, ...(version ? { version } : {}) };
  }
  return undefined;
}

/** arXiv ids labelled as such in free text with the offset where each match starts (repeats kept). */
export function locateArxivIds(text: string): Array<{ at: number; arxiv: ArxivId }> {
  const out: Array<{ at: number; arxiv: ArxivId }> = [];
  for (const m of text.matchAll(IN_TEXT_RE)) {
    const parsed = parseArxivId(m[1]!);
    if (parsed) out.push({ at: m.index, arxiv: parsed });
  }
  return out;
}

/** arXiv ids labelled as such in free text (`arXiv:1706.03762v5`, `arXiv preprint arXiv:hep-th/9711200`). */
export function findArxivIds(text: string): ArxivId[] {
  const out = new Map<string, ArxivId>();
  for (const { arxiv } of locateArxivIds(text)) if (!out.has(arxiv.id)) out.set(arxiv.id, arxiv);
  return [...out.values()];
}

/** The arXiv id in an arxiv.org URL (`/abs/`, `/pdf/`, `/html/`, `/format/`, `/ps/`), or undefined. */
export function arxivIdFromUrl(url: URL): ArxivId | undefined {
  const host = url.hostname.toLowerCase();
  if (host !== 'arxiv.org' && !host.endsWith('.arxiv.org')) return undefined;
  const m = /^\/(?:abs|pdf|html|format|ps|src)\/(.+?)\/?$/.exec(url.pathname);
  return m ? parseArxivId(decodeURIComponent(m[1]!)) : undefined;
}

/** Whether a DOI is one of arXiv's own (`10.48550/arxiv.…`). */
export function isArxivDoi(doi: string): boolean {
  return ARXIV_DOI_RE.test(doi.trim());
}

/** arXiv's own DOIs (`10.48550/arxiv.2301.12345`) name an arXiv id. */
export function arxivIdFromDoi(doi: string): ArxivId | undefined {
  const m = ARXIV_DOI_RE.exec(doi.trim());
  return m ? parseArxivId(m[1]!) : undefined;
}

/**
 * The arXiv id in a value that names one, as an API returns it or a user pastes it: a bare or
 * `arXiv:` id, an arxiv.org URL (with or without its scheme) or an arXiv DOI.
 */
export function arxivIdFromValue(value: string): ArxivId | undefined {
  const v = value.trim();
  const href = SCHEMELESS_URL_RE.test(v) ? `https://${v}` : v;
  if (/^https?:\/\//i.test(href)) {
    try {
      return arxivIdFromUrl(new URL(href));
    } catch {
      return undefined;
    }
  }
  return arxivIdFromDoi(v) ?? parseArxivId(v);
}
