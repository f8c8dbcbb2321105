// Whether two near-identical claims say opposite things. Claims merge by shared words or a close
// embedding, and both read "hydroxychloroquine is associated with decreased mortality" and "… increased
// mortality" as the same claim: on Check-COVID's minimal pairs (a supported and a refuted claim written
// from one abstract) the word rule merged 67 of 220 such pairs and USE-lite's cosine ≥ 0.92 merged 138
// (npm run bench:merge). A merge that joins them files one claim's sources under its opposite, which hides
// exactly the conflict a reader came for, so the words that differ between the two are read first.
import { BAD_WORDS, CURATED_ANTONYMS, DOWN_WORDS, GOOD_WORDS, NEGATION_CUES, UP_WORDS } from '../words/contrast-lexicon.js';
import { detectLanguage } from '../language.js';
import { isWordToken, tokenize, type Token } from '../words/tokens.js';

const ANTONYMS: ReadonlySet<string> = new Set(CURATED_ANTONYMS.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));

/** Prefixes that negate a word ("ineffective", "nonpregnant", "asymptomatic"; "non-obese" is joined first). */
const NEGATING_PREFIXES = ['un', 'in', 'im', 'ir', 'il', 'non', 'dis', 'a'] as const;

/** Words around which the order of the others says who is compared with whom ("A is smaller than B"). */
const ASYMMETRIC_PIVOTS: ReadonlySet<string> = new Set(['than', 'times', 'versus', 'vs', 'compared']);

/** Word classes whose members oppose the other class's: a word met by one of its own class on the other side is matched. */
const CLASSES: ReadonlyArray<readonly [ReadonlySet<string>, ReadonlySet<string>]> = [
  [UP_WORDS, DOWN_WORDS],
  [GOOD_WORDS, BAD_WORDS],
];

/** What opposes two claims: the kind and the two words, for tests and benchmarks. */
export interface Opposition {
  kind: 'antonym' | 'direction' | 'valence' | 'prefix' | 'negation' | 'number' | 'order';
  words: readonly string[];
}

function opposedWords(x: string, y: string): Opposition['kind'] | undefined {
  if (ANTONYMS.has(`${x}|${y}`)) return 'antonym';
  if ((UP_WORDS.has(x) && DOWN_WORDS.has(y)) || (DOWN_WORDS.has(x) && UP_WORDS.has(y))) return 'direction';
  if ((GOOD_WORDS.has(x) && BAD_WORDS.has(y)) || (BAD_WORDS.has(x) && GOOD_WORDS.has(y))) return 'valence';
  // A short stem ("a" + "ge") would make a prefix of anything: both words must be real words.
  if (Math.min(x.length, y.length) >= 4 && NEGATING_PREFIXES.some((p) => x === p + y || y === p + x)) return 'prefix';
  return undefined;
}

/** Stems of `a` not matched one for one in `b` (a multiset difference, in `a`'s order). */
function unmatched(a: readonly Token[], b: readonly Token[]): Token[] {
  const left = new Map<string, number>();
  for (const t of b) left.set(t.stem, (left.get(t.stem) ?? 0) + 1);
  return a.filter((t) => {
    const n = left.get(t.stem) ?? 0;
    if (n > 0) left.set(t.stem, n - 1);
    return n === 0;
  });
}

const values = (tokens: readonly Token[]): string =>
  tokens
    .flatMap((t) => (t.value === undefined ? [] : [t.value]))
    .sort((x, y) => x - y)
    .join(',');

/** Word tokens, "non" joined to the word it negates ("non-obese" and "nonobese" are one word). */
function words(text: string): Token[] {
  const tokens = tokenize(text);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1]?.word === '-' ? tokens[i + 2] : undefined;
    if (t.word === 'non' && next && /^[a-z]/.test(next.word)) {
      out.push(tokenize(`non${next.word}`)[0]!);
      i += 2;
    } else if (isWordToken(t)) out.push(t);
  }
  return out;
}

/** Drops from each side the words met by a word of the same class on the other ("lowers" / "reduces"). */
function withoutSameClass(onlyA: Token[], onlyB: Token[]): [Token[], Token[]] {
  const a = [...onlyA];
  const b = [...onlyB];
  for (const [one, other] of CLASSES) {
    for (const set of [one, other]) {
      for (;;) {
        const i = a.findIndex((t) => set.has(t.stem));
        const j = b.findIndex((t) => set.has(t.stem));
        if (i < 0 || j < 0) break;
        a.splice(i, 1);
        b.splice(j, 1);
      }
    }
  }
  return [a, b];
}

/**
 * How `a` and `b` oppose each other, read off the words that differ between them: an antonym, direction
 * (up against down) or valence (good against bad) pair, a negating prefix, a negation cue on one side
 * only, a number in another's place (in words too: "twice" against "half"), or the same words in another
 * order around a comparison ("pro-vaccine clusters are smaller than anti-vaccine clusters" and the
 * reverse). Undefined when none is found — which does not make them the same claim; it only means the
 * words do not say they differ. English only: Japanese claims are compared by their numbers and polarity.
 */
export function claimsOpposed(a: string, b: string): Opposition | undefined {
  if (detectLanguage(a) !== 'en' || detectLanguage(b) !== 'en') return undefined;
  const ta = words(a);
  const tb = words(b);
  const [onlyA, onlyB] = withoutSameClass(unmatched(ta, tb), unmatched(tb, ta));
  for (const x of onlyA) {
    for (const y of onlyB) {
      const kind = opposedWords(x.stem, y.stem);
      if (kind) return { kind, words: [x.word, y.word] };
    }
  }
  const cuesA = onlyA.filter((t) => NEGATION_CUES.has(t.stem));
  const cuesB = onlyB.filter((t) => NEGATION_CUES.has(t.stem));
  if (cuesA.length !== cuesB.length) return { kind: 'negation', words: [...cuesA, ...cuesB].map((t) => t.word) };
  // A number put in another's place ("twice" / "half as susceptible"); one only added ("in one report")
  // is a determiner more often than a quantity, and digits are compared before (numbersOf).
  const numbersA = values(onlyA);
  const numbersB = values(onlyB);
  if (numbersA && numbersB && numbersA !== numbersB)
    return { kind: 'number', words: [...onlyA, ...onlyB].filter((t) => t.value !== undefined).map((t) => t.word) };
  // Reordered words turn a comparison round; elsewhere ("in adults, smoking…" / "smoking … in adults",
  // "safe and effective" / "effective and safe") they say the same thing.
  const pivot = ta.find((t) => ASYMMETRIC_PIVOTS.has(t.stem));
  if (
    pivot &&
    tb.some((t) => t.stem === pivot.stem) &&
    unmatched(ta, tb).length === 0 &&
    unmatched(tb, ta).length === 0 &&
    ta.map((t) => t.stem).join(' ') !== tb.map((t) => t.stem).join(' ')
  ) {
    return { kind: 'order', words: [pivot.word] };
  }
  return undefined;
}
