// Alignment and contrast features of one (claim, sentence) pair. The claim plays the NLI hypothesis,
// the passage sentence the premise. Three outputs feed the network (network.ts):
// - `hand`: contrast features on fixed alignments (each claim word to its most similar sentence word:
//   exact stem match, else the best cosine of word vectors): what aligns, what does not, negation
//   scope, antonyms, direction and valence words, numbers, hedges and quantifiers;
// - `sparse`: hashed lexical features (claim words, unaligned claim words, aligned word pairs: the
//   "cross-unigrams" of classic NLI);
// - `a` / `b`: one input row per token for the learned attention: its word vector and token flags
//   that say what plain vectors cannot (exact match on the other side, negation scope, a number that
//   differs from the other side's number of the same quantity, antonyms of the other side, direction words).
import { BAD_WORDS, DOWN_WORDS, GOOD_WORDS, HEDGE_WORDS, NEGATION_CUES, QUANTIFIER_WORDS, UP_WORDS } from '../../extract/index.js';
import { isNegationCue, negationScope, resolveNegationConstructions } from './negation.js';
import { contradictsQuantity, quantitiesOf, type Quantity } from './quantities.js';
import { isWordToken, tokenize, type Token } from '../../extract/index.js';
import { dot, oovVector, type WordVectors } from './word-vectors.js';

export const HAND_FEATURES = [
  'bias',
  'h_len',
  'p_len',
  'len_ratio',
  'exact_frac',
  'soft_frac',
  'mean_sim',
  'min_sim',
  'unaligned_log',
  'unaligned_frac',
  'p_coverage',
  'bigram_overlap',
  'sent_cos',
  'neg_h',
  'neg_p',
  'neg_mismatch',
  'neg_h_only',
  'neg_p_only',
  'neg_scope_mismatch',
  'antonym_any',
  'antonym_aligned',
  'dir_h',
  'dir_p',
  'dir_opposite',
  'dir_same',
  'dir_h_only',
  'val_opposite',
  'val_same',
  'num_h',
  'num_p',
  'num_matched_frac',
  'num_mismatch',
  'num_h_no_p',
  'hedge_h',
  'hedge_p',
  'quant_h',
  'quant_p',
  'quant_h_only',
  'than_h',
  'than_p',
  'all_exact',
  'unaligned_num',
  'unaligned_neg',
  'unaligned_dir',
  'oov_frac',
] as const;

/** Flags appended to each token's word vector in the attention input. */
export const TOKEN_FLAGS = ['exact', 'negated', 'cue', 'number', 'number_unmatched', 'oov', 'antonym', 'direction', 'hedge'] as const;

/** Per-token input size of the attention network. */
export function tokenInputSize(vectorDims: number): number {
  return vectorDims + TOKEN_FLAGS.length;
}

/** Word vectors are unit length; scaled so their entries are comparable to the 0/1 flags. */
const VECTOR_SCALE = 4;
/** Tokens per side fed to the attention (longer sentences are cut; hand features still see all). */
export const MAX_ATTENTION_TOKENS = 80;

/** Per-text analysis, computed once per claim and once per sentence and reused across pairs. */
export interface PreparedText {
  tokens: Token[];
  /** Indices into `tokens` of content tokens (words and numbers that are not stop words). */
  content: number[];
  vectors: (Float32Array | undefined)[];
  /** Token index → inside a negation scope (up to 4 words after a cue, to punctuation). */
  negated: boolean[];
  negations: number;
  direction: number;
  valence: number;
  numbers: number[];
  /** The numbers with their kind and unit (quantities.ts): only aligned quantities are compared. */
  quantities: Quantity[];
  /** Stems of all word tokens (for the exact-match flag). */
  stems: Set<string>;
  allStems: Set<string>;
  mean: Float32Array;
  /** Token indices fed to the attention (words and numbers, at most MAX_ATTENTION_TOKENS). */
  attention: number[];
  /** attention.length × tokenInputSize rows with the side-local flags set; pair flags are added per pair. */
  rows: Float32Array;
}

export interface FeatureResources {
  vectors: WordVectors;
  /** Antonym pairs as `a|b` of stems, both orders. */
  antonyms: ReadonlySet<string>;
  /** Number of hash buckets of the sparse features (a power of two). */
  hashBuckets: number;
}

/** Network input of one pair: each side's token rows, the hand features and the sparse feature ids. */
export interface PairInput {
  /** m × tokenInputSize rows, row-major: the claim tokens. */
  a: Float32Array;
  m: number;
  /** n × tokenInputSize rows: the sentence tokens. */
  b: Float32Array;
  n: number;
  hand: Float32Array;
  sparse: Uint32Array;
}
export type PairFeatures = PairInput;

export function prepareText(text: string, resources: FeatureResources): PreparedText {
  // Constructions that use a negation word without negating ("not only", "not uncommon", "not
  // until"…) are rewritten first (negation.ts); the vocabulary tells real words from fragments.
  const tokens = resolveNegationConstructions(tokenize(text), (w) => resources.vectors.get(w) !== undefined);
  const dims = resources.vectors.dimensions;
  const vectors = tokens.map((t) => (t.value === undefined ? resources.vectors.get(t.word) : undefined));
  const { negated, cues: negations } = negationScope(tokens);
  let direction = 0;
  let valence = 0;
  const numbers: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const sign = negated[i] ? -1 : 1;
    if (UP_WORDS.has(t.stem)) direction += sign;
    else if (DOWN_WORDS.has(t.stem)) direction -= sign;
    if (GOOD_WORDS.has(t.stem)) valence += sign;
    else if (BAD_WORDS.has(t.stem)) valence -= sign;
    if (t.value !== undefined) numbers.push(t.value);
  }
  const content: number[] = [];
  const mean = new Float32Array(dims);
  let counted = 0;
  tokens.forEach((t, i) => {
    if (t.stop || !isWordToken(t) || NEGATION_CUES.has(t.stem)) return;
    content.push(i);
    const v = vectors[i];
    if (v) {
      for (let d = 0; d < dims; d++) mean[d]! += v[d]!;
      counted++;
    }
  });
  if (counted > 0) normalize(mean);
  const attention: number[] = [];
  for (let i = 0; i < tokens.length && attention.length < MAX_ATTENTION_TOKENS; i++) if (isWordToken(tokens[i]!) || tokens[i]!.word === '%') attention.push(i);
  if (attention.length === 0 && tokens.length > 0) attention.push(0);
  const E = tokenInputSize(dims);
  const rows = new Float32Array(Math.max(1, attention.length) * E);
  attention.forEach((ti, r) => {
    const t = tokens[ti]!;
    const o = r * E;
    const v = vectors[ti] ?? (t.value === undefined ? oovVector(t.word, dims) : undefined);
    if (v) for (let d = 0; d < dims; d++) rows[o + d] = v[d]! * VECTOR_SCALE;
    const f = o + dims;
    const sign = negated[ti] ? -1 : 1;
    rows[f + 1] = negated[ti] ? 1 : 0;
    rows[f + 2] = isNegationCue(t) ? 1 : 0;
    rows[f + 3] = t.value !== undefined ? 1 : 0;
    rows[f + 5] = vectors[ti] || t.value !== undefined ? 0 : 1;
    rows[f + 7] = UP_WORDS.has(t.stem) ? sign : DOWN_WORDS.has(t.stem) ? -sign : 0;
    rows[f + 8] = HEDGE_WORDS.has(t.stem) ? 1 : 0;
  });
  return {
    tokens,
    content,
    vectors,
    negated,
    negations,
    direction,
    valence,
    numbers,
    quantities: quantitiesOf(tokens),
    stems: new Set(content.map((i) => tokens[i]!.stem)),
    allStems: new Set(tokens.filter(isWordToken).map((t) => t.stem)),
    mean,
    attention,
    rows,
  };
}

/** Attention rows of `self` with the flags that depend on `other` (exact, number_unmatched, antonym). */
function pairRows(self: PreparedText, other: PreparedText, resources: FeatureResources): Float32Array {
  const dims = resources.vectors.dimensions;
  const E = tokenInputSize(dims);
  const rows = self.rows.slice();
  self.attention.forEach((ti, r) => {
    const t = self.tokens[ti]!;
    const f = r * E + dims;
    const numMatch = t.value !== undefined && other.numbers.some((b) => sameNumber(t.value!, b));
    rows[f] = other.allStems.has(t.stem) || numMatch ? 1 : 0;
    // A different number on an aligned quantity (same kind and unit), not merely a number the other side lacks.
    const q = t.value !== undefined ? self.quantities.find((x) => x.index === ti) : undefined;
    rows[f + 4] = q && contradictsQuantity(q, other.quantities) ? 1 : 0;
    let antonym = 0;
    for (const s of other.allStems) {
      if (resources.antonyms.has(`${t.stem}|${s}`)) {
        antonym = 1;
        break;
      }
    }
    rows[f + 6] = antonym;
  });
  return rows;
}

function normalize(v: Float32Array): void {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  if (n === 0) return;
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i]! *= s;
}

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** FNV-1a over the UTF-16 code units, masked to the bucket count. */
export function hashFeature(key: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (buckets - 1);
}

export function pairFeatures(h: PreparedText, p: PreparedText, resources: FeatureResources): PairFeatures {
  const hand = new Float32Array(HAND_FEATURES.length);
  const keys: string[] = [];
  const set = (name: (typeof HAND_FEATURES)[number], value: number): void => {
    hand[HAND_FEATURES.indexOf(name)] = value;
  };

  const hc = h.content;
  const pc = p.content;
  let exact = 0,
    soft = 0,
    simSum = 0,
    minSim = 1,
    unaligned = 0,
    oov = 0;
  let scopeMismatch = 0,
    antonymAny = 0,
    antonymAligned = 0;
  let unalignedNum = 0,
    unalignedNeg = 0,
    unalignedDir = 0;
  const matchedP = new Set<number>();
  for (const hi of hc) {
    const ht = h.tokens[hi]!;
    const hv = h.vectors[hi];
    if (!hv && ht.value === undefined) oov++;
    let best = -1;
    let bestSim = 0;
    for (const pi of pc) {
      const pt = p.tokens[pi]!;
      let sim: number;
      if (pt.stem === ht.stem || (ht.value !== undefined && pt.value !== undefined && sameNumber(ht.value, pt.value))) sim = 1;
      else {
        const pv = p.vectors[pi];
        sim = hv && pv ? dot(hv, pv) : 0;
      }
      if (sim > bestSim) {
        bestSim = sim;
        best = pi;
      }
      if (resources.antonyms.has(`${ht.stem}|${pt.stem}`)) antonymAny++;
    }
    simSum += bestSim;
    minSim = Math.min(minSim, bestSim);
    if (bestSim >= 0.999) {
      exact++;
      matchedP.add(best);
    }
    if (bestSim >= 0.7) soft++;
    const pt = best >= 0 ? p.tokens[best] : undefined;
    if (bestSim < 0.5 || !pt) {
      unaligned++;
      keys.push(`u:${ht.stem}`);
      if (ht.value !== undefined) unalignedNum++;
      if (UP_WORDS.has(ht.stem) || DOWN_WORDS.has(ht.stem)) unalignedDir++;
    }
    if (pt && best >= 0) {
      if (h.negated[hi] !== p.negated[best] && bestSim >= 0.5) scopeMismatch++;
      if (bestSim >= 0.3 && bestSim < 0.999) keys.push(`x:${ht.stem}|${pt.stem}`);
      if (resources.antonyms.has(`${ht.stem}|${pt.stem}`)) antonymAligned++;
    }
    if (h.negated[hi] && bestSim < 0.5) unalignedNeg++;
    keys.push(`h:${ht.stem}`);
  }
  // Sentence words alone: whether a sentence reports a finding ("we found", "conclusions",
  // "significantly") or background/methods is much of what separates evidence from a neutral sentence.
  for (const pi of pc) keys.push(`p:${p.tokens[pi]!.stem}`);
  const n = Math.max(1, hc.length);

  // Bigram overlap over content stems in order.
  const bigrams = (t: PreparedText): string[] => t.content.slice(1).map((ci, k) => `${t.tokens[t.content[k]!]!.stem}_${t.tokens[ci]!.stem}`);
  const hb = bigrams(h);
  const pbSet = new Set(bigrams(p));
  for (const b of hb) keys.push(`hb:${b}`);

  const hNums = h.numbers;
  const pNums = p.numbers;
  const numMatched = hNums.filter((a) => pNums.some((b) => sameNumber(a, b))).length;
  const hQuant = h.tokens.filter((t) => QUANTIFIER_WORDS.has(t.stem)).length;
  const pQuant = p.tokens.filter((t) => QUANTIFIER_WORDS.has(t.stem)).length;
  const dirSign = Math.sign(h.direction) * Math.sign(p.direction);
  const valSign = Math.sign(h.valence) * Math.sign(p.valence);

  set('bias', 1);
  set('h_len', Math.log1p(hc.length));
  set('p_len', Math.log1p(pc.length));
  set('len_ratio', Math.min(3, hc.length / (pc.length + 1)));
  set('exact_frac', exact / n);
  set('soft_frac', soft / n);
  set('mean_sim', simSum / n);
  set('min_sim', hc.length ? minSim : 0);
  set('unaligned_log', Math.log1p(unaligned));
  set('unaligned_frac', unaligned / n);
  set('p_coverage', pc.length ? matchedP.size / pc.length : 0);
  set('bigram_overlap', hb.length ? hb.filter((b) => pbSet.has(b)).length / hb.length : 0);
  set('sent_cos', dot(h.mean, p.mean));
  set('neg_h', Math.min(3, h.negations));
  set('neg_p', Math.min(3, p.negations));
  set('neg_mismatch', Number(h.negations > 0 !== p.negations > 0));
  set('neg_h_only', Number(h.negations > 0 && p.negations === 0));
  set('neg_p_only', Number(p.negations > 0 && h.negations === 0));
  set('neg_scope_mismatch', Math.min(3, scopeMismatch));
  set('antonym_any', Math.min(3, antonymAny));
  set('antonym_aligned', Math.min(3, antonymAligned));
  set('dir_h', Math.sign(h.direction));
  set('dir_p', Math.sign(p.direction));
  set('dir_opposite', Number(dirSign < 0));
  set('dir_same', Number(dirSign > 0));
  set('dir_h_only', Number(h.direction !== 0 && p.direction === 0));
  set('val_opposite', Number(valSign < 0));
  set('val_same', Number(valSign > 0));
  set('num_h', Math.min(3, hNums.length));
  set('num_p', Math.min(3, pNums.length));
  set('num_matched_frac', hNums.length ? numMatched / hNums.length : 0);
  set('num_mismatch', Number(h.quantities.some((q) => contradictsQuantity(q, p.quantities))));
  set('num_h_no_p', Number(hNums.length > 0 && pNums.length === 0));
  set('hedge_h', Math.min(2, h.tokens.filter((t) => HEDGE_WORDS.has(t.stem)).length));
  set('hedge_p', Math.min(2, p.tokens.filter((t) => HEDGE_WORDS.has(t.stem)).length));
  set('quant_h', Math.min(2, hQuant));
  set('quant_p', Math.min(2, pQuant));
  set('quant_h_only', Number(hQuant > 0 && pQuant === 0));
  set('than_h', Number(h.tokens.some((t) => t.word === 'than')));
  set('than_p', Number(p.tokens.some((t) => t.word === 'than')));
  set('all_exact', Number(hc.length > 0 && exact === hc.length));
  set('unaligned_num', Math.min(3, unalignedNum));
  set('unaligned_neg', Math.min(3, unalignedNeg));
  set('unaligned_dir', Math.min(3, unalignedDir));
  set('oov_frac', oov / n);

  keys.push(`neg:${Math.sign(h.negations)}${Math.sign(p.negations)}`);
  keys.push(`dir:${Math.sign(h.direction)}${Math.sign(p.direction)}`);
  keys.push(`scope:${Math.min(2, scopeMismatch)}`);
  const sparse = new Uint32Array(new Set(keys.map((k) => hashFeature(k, resources.hashBuckets))));

  return {
    a: pairRows(h, p, resources),
    m: Math.max(1, h.attention.length),
    b: pairRows(p, h, resources),
    n: Math.max(1, p.attention.length),
    hand,
    sparse,
  };
}
