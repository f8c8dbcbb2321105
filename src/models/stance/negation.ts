// Negation cues and their scope. A cue word ("not", "no", "never", "without"…) negates the words
// after it, up to NEGATION_SCOPE words, a punctuation mark or a clause break ("but", "although"…).
// Many constructions use a cue word without negating anything; read as negations they make the
// model call related sentences contradictions (users saw every "not only" sentence "refute" its
// neighbours). Those constructions are rewritten before any feature sees the tokens:
//   - focus and scalar phrases: "not only / just / merely / simply / solely / exclusively",
//     "no longer only / just", "not least", "not to mention", "nothing but", "if not",
//     "whether or not" / "or not", "no less / fewer than", "not less / fewer than": the cue words go;
//   - "not … until" ("It was not until 1990 that…", "did not enter into force until 2005"): the cue goes;
//   - certainty: "no doubt", "without (a) doubt", "no question that": cue and "doubt"/"question" go;
//     "cannot / can not / could not be ruled out / excluded" becomes "possibly";
//   - double negation (litotes): a cue before a negatively prefixed word whose stem is a known word
//     ("not uncommon" → "common", "not insignificant" → "significant", "not impossible" → "possible"),
//     and "not without" / "never fail(s) to" / "no lack of", which drop both negations.
import { stem, type Token } from '../../extract/index.js';
import { NEGATION_CUES } from '../../extract/index.js';

/** Words after a cue that its scope covers (the scope also ends at punctuation and clause breaks). */
export const NEGATION_SCOPE = 4;

const CLAUSE_BREAKS = new Set(['but', 'although', 'though', 'whereas', 'while', 'because', 'unless', 'except', 'however', 'yet']);
const FOCUS_WORDS = new Set(['only', 'just', 'merely', 'simply', 'solely', 'exclusively', 'least']);
/** How far "until" may follow "not" in "not … until" (same clause). */
const UNTIL_WINDOW = 6;
const PREFIXES = ['un', 'in', 'im', 'ir', 'il', 'dis', 'non'] as const;
// Prefixed words read as "not + stem" only when they look like adjectives; verbs such as "increase",
// "inform" or "discover" also start with a prefix and must stay negated. Past participles count for
// "un-" only ("not unexpected", but not "not dismissed").
const ADJECTIVE_ENDING = /(?:able|ible|al|ant|ent|ous|ual|ar|ful|ic|ike|own|ain|ear|ly|on|ute|ate|ite)$/;
/** Prefixed words that look like litotes but are not (their stem means something else). */
const NOT_LITOTES = new Set([
  'informal',
  'informative',
  'install',
  'instant',
  'insulin',
  'intent',
  'invent',
  'invention',
  'immune',
  'illustrate',
  'indicate',
  'dispute',
  'distant',
  'inmate',
  'intimate',
  'ultimate',
  'income',
  'insect',
  'inform',
]);

/** True for tokens that are negation cues by themselves ("not", "no", "never", "without", "lack"…). */
export function isNegationCue(token: Token): boolean {
  return token.word === 'not' || token.word === 'no' || NEGATION_CUES.has(token.stem);
}

function isWordLike(t: Token | undefined): boolean {
  return !!t && /[a-z\d]/.test(t.word);
}

/** The positive stem word of a negatively prefixed adjective ("uncommon" → "common"), if it is a known word. */
export function litotesBase(word: string, isKnownWord: (w: string) => boolean): string | undefined {
  if (NOT_LITOTES.has(word)) return undefined;
  for (const prefix of PREFIXES) {
    if (!word.startsWith(prefix)) continue;
    const base = word.slice(prefix.length).replace(/^-/, '');
    if (base.length < 4) continue;
    const adjective = ADJECTIVE_ENDING.test(word) || (prefix === 'un' && /ed$/.test(word));
    if (adjective && isKnownWord(base)) return base;
  }
  return undefined;
}

function makeWord(word: string): Token {
  return { word, stem: stem(word), stop: false };
}

/**
 * Rewrites the non-negating constructions listed above. `isKnownWord` tells real words from
 * fragments (the word-vector vocabulary), for double negation. Returns a new array.
 */
export function resolveNegationConstructions(tokens: readonly Token[], isKnownWord: (w: string) => boolean): Token[] {
  const out: Token[] = [];
  const w = (i: number): string => tokens[i]?.word ?? '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!isNegationCue(t)) {
      out.push(t);
      continue;
    }
    const next = w(i + 1);
    const cue = t.word;
    // "whether or not", "… or not": nothing is negated.
    if (cue === 'not' && w(i - 1) === 'or') continue;
    // Focus: "not only", "not just", "not least"; "no longer only".
    if ((cue === 'not' || cue === 'no') && FOCUS_WORDS.has(next) && !(cue === 'no' && next === 'least')) {
      i += 1;
      continue;
    }
    if (cue === 'no' && next === 'longer' && FOCUS_WORDS.has(w(i + 2))) {
      i += 2;
      continue;
    }
    if (cue === 'not' && next === 'to' && w(i + 2) === 'mention') {
      i += 2;
      continue;
    }
    if (cue === 'nothing' && next === 'but') {
      i += 1;
      continue;
    }
    if (cue === 'not' && w(i - 1) === 'if') continue;
    if ((cue === 'no' || cue === 'not') && (next === 'less' || next === 'fewer') && w(i + 2) === 'than') {
      i += 2;
      continue;
    }
    // Certainty.
    if ((cue === 'no' || cue === 'without') && (next === 'doubt' || (next === 'a' && w(i + 2) === 'doubt'))) {
      i += next === 'a' ? 2 : 1;
      continue;
    }
    if (cue === 'no' && next === 'question' && w(i + 2) === 'that') {
      i += 1;
      continue;
    }
    if (cue === 'not' && next === 'be' && ((w(i + 2) === 'ruled' && w(i + 3) === 'out') || w(i + 2) === 'excluded')) {
      out.push(makeWord('possibly'));
      i += w(i + 2) === 'ruled' ? 3 : 2;
      continue;
    }
    // Double negation.
    if ((cue === 'not' || cue === 'never') && (next === 'without' || next === 'fail' || next === 'fails' || next === 'failed')) {
      i += 1;
      continue;
    }
    if (cue === 'no' && next === 'lack' && w(i + 2) === 'of') {
      i += 2;
      continue;
    }
    if (cue === 'not' || cue === 'never') {
      // "not uncommon", "not at all unusual" is rare; only the next word (or one after "be"-less adverb "so"/"entirely") counts.
      const k = next === 'so' || next === 'entirely' || next === 'altogether' ? i + 2 : i + 1;
      const base = tokens[k] && isWordLike(tokens[k]) ? litotesBase(tokens[k].word, isKnownWord) : undefined;
      if (base) {
        if (k === i + 2) out.push(tokens[i + 1]!);
        out.push(makeWord(base));
        i = k;
        continue;
      }
    }
    // "not … until": the event happened, at the time named.
    if (cue === 'not') {
      let until = false;
      for (let j = i + 1; j < tokens.length && j <= i + UNTIL_WINDOW; j++) {
        if (!isWordLike(tokens[j])) break;
        if (tokens[j]!.word === 'until') {
          until = true;
          break;
        }
      }
      if (until) continue;
    }
    out.push(t);
  }
  return out;
}

/** Per token: inside a negation scope. Cues themselves are not inside their own scope. */
export function negationScope(tokens: readonly Token[]): { negated: boolean[]; cues: number } {
  const negated = new Array<boolean>(tokens.length).fill(false);
  let cues = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (!isNegationCue(tokens[i]!)) continue;
    cues++;
    for (let j = i + 1, n = 0; j < tokens.length && n < NEGATION_SCOPE; j++) {
      const t = tokens[j]!;
      if (!isWordLike(t) || CLAUSE_BREAKS.has(t.word)) break;
      negated[j] = true;
      n++;
    }
  }
  return { negated, cues };
}
