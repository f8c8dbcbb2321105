// Features of a Japanese (claim, sentence) pair for the Japanese stance network. Japanese has no
// spaces and the npm segmenters either ship large dictionaries or cut verbs apart, so the unit is the
// character, with its character bigram and trigram (character n-grams, the standard choice for
// Japanese retrieval). Each character token carries hashed ids of its unigram, the bigram it starts and
// the trigram centred on it (the network learns their embeddings), and flags that say what a learned
// embedding cannot: the bigram occurs on the other side, the character is inside a negation ending
// (ない, ません, なかった, ず…), a number, a number the other side lacks, a direction word (増加, 減少,
// 上昇, 低下…), a hedge (可能性, かもしれない…), and its script (kanji / hiragana / katakana).
export const JA_TOKEN_FLAGS = [
  'bigram_match',
  'char_match',
  'negation',
  'number',
  'number_unmatched',
  'direction',
  'hedge',
  'kanji',
  'hiragana',
  'katakana',
] as const;
export const JA_HAND_FEATURES = [
  'bias',
  'h_len',
  'p_len',
  'len_ratio',
  'bigram_cover',
  'char_cover',
  'p_bigram_cover',
  'lcs_ratio',
  'h_in_p',
  'neg_h',
  'neg_p',
  'neg_mismatch',
  'neg_h_only',
  'neg_p_only',
  'num_h',
  'num_p',
  'num_mismatch',
  'dir_h',
  'dir_p',
  'dir_opposite',
  'hedge_h',
  'hedge_p',
  'unmatched_kanji',
] as const;
/** Hashed ids per character: unigram, bigram, trigram. */
export const JA_IDS_PER_TOKEN = 3;
/** Characters per side fed to the network. */
export const JA_MAX_TOKENS = 120;

// Endings and words that negate (after NFKC). Longest first so overlapping matches take the longer.
const NEGATION = /(ではない|じゃない|ありません|ませんでした|ません|なかった|なくて|なければ|ないで|ない|ず(?:に|、|。|$)|ぬ|無い|無し|なし|非|不|未)/g;
const UP = /(増加|増え|増大|上昇|上が|高ま|高い|多い|向上|改善|促進|拡大|強化|加速)/g;
const DOWN = /(減少|減っ|減ら|減る|低下|下が|低い|少ない|悪化|抑制|縮小|弱ま|減速|防[ぐい止])/g;
const HEDGE = /(可能性|かもしれ|おそらく|恐らく|ようだ|らしい|と思われ|と考えられ|示唆)/g;
const NUMBER = /[0-9０-９]+(?:[.,][0-9]+)?|[一二三四五六七八九十百千万億]+/g;

export interface JaPrepared {
  text: string;
  chars: string[];
  bigrams: Set<string>;
  charSet: Set<string>;
  /** Per character: inside a negation / direction (+1/−1) / hedge span, part of a number. */
  negation: Uint8Array;
  direction: Int8Array;
  hedge: Uint8Array;
  number: Uint8Array;
  numbers: string[];
  negations: number;
  dir: number;
  hedges: number;
}

const spans = (text: string, re: RegExp, mark: (i: number) => void): number => {
  let count = 0;
  for (const m of text.matchAll(re)) {
    count++;
    for (let i = m.index!; i < m.index! + m[0].length; i++) mark(i);
  }
  return count;
};

/** Japanese characters (kana, kanji) present: the test that routes a pair to the Japanese model. */
export const JAPANESE_RE = /[\u3040-\u30ff\u3400-\u9fff]/;

export function prepareJa(raw: string): JaPrepared {
  // NFKC folds full-width digits/latin and half-width katakana; spaces carry no meaning in Japanese.
  const text = raw.normalize('NFKC').replace(/\s+/g, '').slice(0, 400);
  const chars = [...text];
  // Work on code units only when every character is one unit (always true after the slice for BMP
  // text); surrogate pairs are rare in Japanese prose and simply get no span flags.
  const n = chars.length;
  const negation = new Uint8Array(n);
  const direction = new Int8Array(n);
  const hedge = new Uint8Array(n);
  const number = new Uint8Array(n);
  const bmp = text.length === n;
  const negations = bmp ? spans(text, NEGATION, (i) => (negation[i] = 1)) : 0;
  const up = bmp ? spans(text, UP, (i) => (direction[i] = 1)) : 0;
  const down = bmp ? spans(text, DOWN, (i) => (direction[i] = -1)) : 0;
  const hedges = bmp ? spans(text, HEDGE, (i) => (hedge[i] = 1)) : 0;
  const numbers: string[] = [];
  if (bmp)
    for (const m of text.matchAll(NUMBER)) {
      numbers.push(m[0]);
      for (let i = m.index!; i < m.index! + m[0].length; i++) number[i] = 1;
    }
  const bigrams = new Set<string>();
  for (let i = 0; i + 1 < n; i++) bigrams.add(chars[i]! + chars[i + 1]!);
  // Negation flips direction: 増加しない is not an increase.
  const dirSum = up - down;
  return {
    text,
    chars,
    bigrams,
    charSet: new Set(chars),
    negation,
    direction,
    hedge,
    number,
    numbers,
    negations,
    dir: negations % 2 === 1 ? -Math.sign(dirSum) : Math.sign(dirSum),
    hedges,
  };
}

function fnv(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const isKanji = (c: string): boolean => /[\u3400-\u9fff]/.test(c);
const isHiragana = (c: string): boolean => /[\u3040-\u309f]/.test(c);
const isKatakana = (c: string): boolean => /[\u30a0-\u30ff]/.test(c);

/** Longest common substring length (dynamic programming over at most 120 × 400 characters). */
function longestCommon(a: string[], b: string[]): number {
  let best = 0;
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : 0;
      if (cur[j]! > best) best = cur[j]!;
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** Network input of one Japanese pair: per-side ids and flag rows, hand features, sparse ids. */
export interface JaPairInput {
  /** m × JA_IDS_PER_TOKEN hashed ids (each < idBuckets) and m × flags rows, for the claim. */
  aIds: Int32Array;
  aFlags: Float32Array;
  m: number;
  bIds: Int32Array;
  bFlags: Float32Array;
  n: number;
  hand: Float32Array;
  sparse: Uint32Array;
}

function sideRows(self: JaPrepared, other: JaPrepared, idBuckets: number): { ids: Int32Array; flags: Float32Array; count: number } {
  const count = Math.max(1, Math.min(JA_MAX_TOKENS, self.chars.length));
  const F = JA_TOKEN_FLAGS.length;
  const ids = new Int32Array(count * JA_IDS_PER_TOKEN);
  const flags = new Float32Array(count * F);
  const otherNumbers = new Set(other.numbers);
  for (let i = 0; i < Math.min(count, self.chars.length); i++) {
    const c = self.chars[i]!;
    const next = self.chars[i + 1] ?? '$';
    const prev = self.chars[i - 1] ?? '^';
    ids[i * 3] = fnv(`u${c}`) % idBuckets;
    ids[i * 3 + 1] = fnv(`b${c}${next}`) % idBuckets;
    ids[i * 3 + 2] = fnv(`t${prev}${c}${next}`) % idBuckets;
    const f = i * F;
    flags[f] = other.bigrams.has(c + next) || other.bigrams.has(prev + c) ? 1 : 0;
    flags[f + 1] = other.charSet.has(c) ? 1 : 0;
    flags[f + 2] = self.negation[i]!;
    flags[f + 3] = self.number[i]!;
    flags[f + 4] = self.number[i] && !self.numbers.some((x) => x.includes(c) && otherNumbers.has(x)) ? 1 : 0;
    flags[f + 5] = self.direction[i]!;
    flags[f + 6] = self.hedge[i]!;
    flags[f + 7] = isKanji(c) ? 1 : 0;
    flags[f + 8] = isHiragana(c) ? 1 : 0;
    flags[f + 9] = isKatakana(c) ? 1 : 0;
  }
  return { ids, flags, count };
}

export function jaPairFeatures(h: JaPrepared, p: JaPrepared, options: { idBuckets: number; hashBuckets: number }): JaPairInput {
  const a = sideRows(h, p, options.idBuckets);
  const b = sideRows(p, h, options.idBuckets);
  const hand = new Float32Array(JA_HAND_FEATURES.length);
  const set = (name: (typeof JA_HAND_FEATURES)[number], v: number): void => void (hand[JA_HAND_FEATURES.indexOf(name)] = v);
  const hb = [...h.bigrams];
  const covered = hb.filter((x) => p.bigrams.has(x)).length;
  const content = h.chars.filter((c) => !isHiragana(c));
  const kanjiMissing = h.chars.filter((c) => isKanji(c) && !p.charSet.has(c)).length;
  const numMismatch = h.numbers.length > 0 && p.numbers.length > 0 && h.numbers.some((x) => !p.numbers.includes(x));
  set('bias', 1);
  set('h_len', Math.log1p(h.chars.length));
  set('p_len', Math.log1p(p.chars.length));
  set('len_ratio', Math.min(3, h.chars.length / (p.chars.length + 1)));
  set('bigram_cover', hb.length ? covered / hb.length : 0);
  set('char_cover', content.length ? content.filter((c) => p.charSet.has(c)).length / content.length : 0);
  set('p_bigram_cover', p.bigrams.size ? [...p.bigrams].filter((x) => h.bigrams.has(x)).length / p.bigrams.size : 0);
  set('lcs_ratio', h.chars.length ? longestCommon(h.chars.slice(0, JA_MAX_TOKENS), p.chars) / h.chars.length : 0);
  set('h_in_p', Number(p.text.includes(h.text.replace(/。$/, ''))));
  set('neg_h', Math.min(3, h.negations));
  set('neg_p', Math.min(3, p.negations));
  set('neg_mismatch', Number(h.negations > 0 !== p.negations > 0));
  set('neg_h_only', Number(h.negations > 0 && p.negations === 0));
  set('neg_p_only', Number(p.negations > 0 && h.negations === 0));
  set('num_h', Math.min(3, h.numbers.length));
  set('num_p', Math.min(3, p.numbers.length));
  set('num_mismatch', Number(numMismatch));
  set('dir_h', h.dir);
  set('dir_p', p.dir);
  set('dir_opposite', Number(h.dir * p.dir < 0));
  set('hedge_h', Math.min(2, h.hedges));
  set('hedge_p', Math.min(2, p.hedges));
  set('unmatched_kanji', Math.min(5, kanjiMissing) / 5);
  const keys: string[] = [];
  for (const x of hb) if (!p.bigrams.has(x)) keys.push(`u:${x}`);
  keys.push(`neg:${Math.sign(h.negations)}${Math.sign(p.negations)}`, `dir:${h.dir}${p.dir}`, `num:${Number(numMismatch)}`);
  const sparse = new Uint32Array(new Set(keys.map((k) => fnv(k) & (options.hashBuckets - 1))));
  return { aIds: a.ids, aFlags: a.flags, m: a.count, bIds: b.ids, bFlags: b.flags, n: b.count, hand, sparse };
}
