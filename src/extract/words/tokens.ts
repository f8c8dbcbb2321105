// Tokens, stems and numbers for the stance features and for comparing claims word by word. Deliberately
// simple and deterministic: the same code runs at the stance network's training and inference time, so
// any quirk is learned around; change it only with a retrained network.

export interface Token {
  /** Lower-cased surface form ("n't" becomes "not"). */
  word: string;
  /** Crude suffix-stripped form used for matching ("increases" → "increas"). */
  stem: string;
  /** Numeric value when the token is a number ("5", "5.2", "5,000", "five"). */
  value?: number;
  /** True for function words that carry no content. */
  stop: boolean;
}

const STOP_WORDS = new Set(
  (
    'a an the of to in on at by for from with and or but as is are was were be been being am it its this that these those there ' +
    'their they them he she his her him we our us you your i me my which who whom whose what when where while than then so ' +
    'such into onto over about also has have had having do does did doing can will would shall should one ones some ' +
    'other another each both either itself themselves very just more most much many well using used use via per among ' +
    'between within during through upon after before because due if whether s'
  ).split(/\s+/),
);
// Words in STOP_WORDS that still matter for stance are kept as content by the feature code via the
// lexicons (e.g. "more", "after"); stop status only drives alignment coverage.

/** Numbers written as words, as tokenize reads them ("two", "a dozen"). */
export const WORD_NUMBERS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  thousand: 1000,
  million: 1e6,
  billion: 1e9,
  half: 0.5,
  twice: 2,
  dozen: 12,
};

/** Strips common English suffixes so inflections share a key; not a linguistic stemmer. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (/ies$/.test(w) || /ied$/.test(w)) return w.slice(0, -3) + 'i';
  if (/y$/.test(w)) return w.slice(0, -1) + 'i';
  const before = w;
  for (const suffix of ['ingly', 'ings', 'ing', 'edly', 'ed', 'es', 's', 'e', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      if (suffix === 's' && /(ss|us|is)$/.test(w)) break;
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "running" → "runn" → "run"; only undouble when a suffix was removed.
  if (w !== before && /([bdgklmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

// Names that contain digits ("COVID-19", "SARS-CoV-2", "IL-6", "H1N1", "ACE2") are one word, not a
// word and a quantity: otherwise every COVID-19 claim would carry the number 19.
const TOKEN_RE = /[a-z]+(?:-[a-z]+)*-?\d[a-z\d]*(?:-[a-z\d]+)*|\d+(?:[.,]\d+)*|[a-z]+(?:['’][a-z]+)?|%|[^\sa-z\d]/giu;

/** Lower-cases, splits words, numbers and punctuation; rewrites "n't" and "cannot" to carry "not". */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(TOKEN_RE)) {
    let raw = m[0];
    if (/^[a-z]+['’]t$/.test(raw) && /n['’]t$/.test(raw)) {
      const base = raw.slice(0, -3);
      if (base && base !== 'ca' && base !== 'wo') out.push(makeToken(base));
      else if (base === 'wo') out.push(makeToken('will'));
      else if (base === 'ca') out.push(makeToken('can'));
      out.push(makeToken('not'));
      continue;
    }
    if (raw === 'cannot') {
      out.push(makeToken('can'));
      out.push(makeToken('not'));
      continue;
    }
    if (/['’]s$/.test(raw)) raw = raw.slice(0, -2);
    out.push(makeToken(raw));
  }
  return out;
}

function makeToken(word: string): Token {
  const token: Token = { word, stem: stem(word), stop: STOP_WORDS.has(word) || !/[a-z\d%]/.test(word) };
  const value = parseNumber(word);
  if (value !== undefined) token.value = value;
  return token;
}

function parseNumber(word: string): number | undefined {
  if (/^\d+(?:[.,]\d+)*$/.test(word)) {
    // "5,000" is five thousand; "5,2" (decimal comma) is rare in the data, read it as 5.2 only when the
    // group after the comma is not three digits long.
    const normalized = /,\d{3}(?:$|[,.])/.test(word) ? word.replace(/,/g, '') : word.replace(',', '.');
    const value = Number(normalized);
    return Number.isFinite(value) ? value : undefined;
  }
  return WORD_NUMBERS[word];
}

/** True for tokens that are words or numbers (not punctuation). */
export function isWordToken(token: Token): boolean {
  return /[a-z\d]/.test(token.word);
}
