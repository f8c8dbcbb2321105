// Synonym queries (seed 002 機械的展開: 同義語展開) for an English query: one term replaced by a
// synonym per query. Mechanical: the query's own words in their order, a collocation of two words
// ("sea level") before its single words, the thesaurus's first synonym the query does not already
// contain as a word — for a collocation only a synonym of several words (a single word would drop
// what the collocation pins down: "human activity" → "human action", never "deed"); quoted phrases,
// operators (site:, -x), acronyms and function words are never touched.
import type { Thesaurus } from '../core/index.js';

/** Function words never looked up (they carry no meaning a synonym could widen). */
export const SYNONYM_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'about after all also among and any are because been before being between both but can could did does doing during each for from had has have how ' +
    'into its may might more most much not only other over same should some such than that the their them then there these they this those through ' +
    'under very was were what when where which while who whom why will with within without would your'
  ).split(' '),
);

interface Unit {
  start: number;
  end: number;
  term: string;
  synonyms: string[];
}

/** A word token: letters (apostrophes and hyphens inside), maybe closed by punctuation; the punctuation stays. */
const WORD_RE = /^([A-Za-z][A-Za-z'-]*[A-Za-z])([.,;!?]*)$/;

function isTerm(word: string): boolean {
  // Acronyms (COVID, US, AI) are names, not words with synonyms.
  return word.length >= 3 && word !== word.toUpperCase() && !SYNONYM_STOPWORDS.has(word.toLowerCase());
}

/** Up to `max` queries, each `text` with one term replaced by a synonym; `rule` names the replacement. */
export function synonymQueries(text: string, thesaurus: Thesaurus, max: number): Array<{ text: string; rule: string }> {
  if (max <= 0) return [];
  const tokens = [...text.matchAll(/"[^"]*"?|\S+/g)].map((m) => {
    const w = m[0].startsWith('"') ? null : WORD_RE.exec(m[0]);
    return { start: m.index, word: w && isTerm(w[1]!) ? w[1]! : undefined, punct: w?.[2] ?? '' };
  });
  const units: Unit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i]!;
    if (!a.word) continue;
    const b = tokens[i + 1];
    // A collocation the thesaurus knows is one unit: "sea level" is never split into "sea" and "level".
    if (b?.word && a.punct === '') {
      const pair = `${a.word} ${b.word}`;
      const found = thesaurus.synonyms(pair);
      if (found !== undefined) {
        units.push({ start: a.start, end: b.start + b.word.length, term: pair, synonyms: found });
        i++;
        continue;
      }
    }
    const found = thesaurus.synonyms(a.word);
    if (found !== undefined) units.push({ start: a.start, end: a.start + a.word.length, term: a.word, synonyms: found });
  }
  const has = (s: string): boolean => new RegExp(`(^|[^A-Za-z])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`, 'i').test(text);
  const out: Array<{ text: string; rule: string }> = [];
  for (const u of units) {
    if (out.length >= max) break;
    const collocation = u.term.includes(' ');
    const synonym = u.synonyms.find((s) => (!collocation || s.includes(' ')) && !has(s));
    if (!synonym) continue;
    out.push({ text: `${text.slice(0, u.start)}${synonym}${text.slice(u.end)}`, rule: `synonym:${u.term}=${synonym}` });
  }
  return out;
}
