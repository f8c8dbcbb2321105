// Kinds of a thing, as the texts a run reads name them (Hearst's lexico-syntactic patterns, 1992):
// "neonicotinoids such as imidacloprid and clothianidin", "ultra-processed foods, including soft drinks",
// "selective serotonin reuptake inhibitors (e.g. fluoxetine)", "aerobic exercise, brisk walking and other
// forms of physical activity", "intermittent fasting covers several eating patterns, including
// alternate-day fasting". WordNet knows none of these (no "imidacloprid", no "time-restricted eating");
// the documents about a subject often say what its kinds are. Research relevance reads a question's
// subject through them (workflows/answer/subject-kinds.ts): a trial of alternate-day fasting bears on a
// question about intermittent fasting. Kinds go one way only: what holds of a kind is evidence about the
// class, not the class's name for it, so the judge never reads a claim renamed by them.
//
// Conservative, because a wrong kind makes unrelated text about the subject:
//   - only the patterns above, with the class a run of adjectives and nouns ending in a noun right before
//     the marker, and each kind a run of at most MAX_KIND_WORDS words of the same shape (a determiner
//     before it dropped, a hyphenated or "-ing" word kept: "time-restricted eating");
//   - quantity words before the class are dropped ("several eating patterns" is "eating patterns"); a
//     class named "forms/types/kinds of X" is X;
//   - "X covers (or includes, comprises, encompasses) <class>, including <kinds>" makes the kinds X's too.
import { analyzeEnglish, type Token } from './english-nlp.js';

/** One "kind of" pair read from a sentence: `kind` is a kind of `of`, both as written, lower case. */
export interface KindOf {
  kind: string;
  of: string;
}

/** Most words of one kind ("alternate-day fasting" is two; a longer item is a clause, not a name). */
export const MAX_KIND_WORDS = 4;
/** Most words of a class before the marker. */
export const MAX_CLASS_WORDS = 5;
/** Longest sentence read for kinds (characters); a longer one is a list or a run-on, not a definition. */
export const MAX_KINDS_SENTENCE_CHARS = 600;

/** A cheap test before tagging: the sentence holds one of the markers. */
const MARKER = /\bsuch\s+as\b|,\s*including\b|\be\.\s?g\.|\b(?:and|or)\s+other\b/i;

/** Words that count a class rather than name it ("several eating patterns"). */
const QUANTITY = new Set(['several', 'many', 'various', 'different', 'other', 'some', 'certain', 'numerous', 'multiple', 'diverse', 'few', 'all', 'most']);
/** Nouns that name a class's kinds, not the class: "forms of physical activity" is physical activity. */
const KIND_NOUNS = new Set(['form', 'forms', 'type', 'types', 'kind', 'kinds', 'class', 'classes', 'sort', 'sorts', 'variety', 'varieties']);
const ARTICLES = new Set(['the', 'a', 'an']);
/** Verbs that say a class holds kinds: "intermittent fasting covers several eating patterns, including…". */
const COVER_VERBS = new Set(['cover', 'covers', 'include', 'includes', 'comprise', 'comprises', 'encompass', 'encompasses', 'span', 'spans']);

const isWordish = (t: Token): boolean => /[a-z0-9]/i.test(t.value);
const isVerb = (t: Token): boolean => t.pos === 'VERB' || t.pos === 'AUX';
const isNominal = (t: Token): boolean => t.pos === 'NOUN' || t.pos === 'PROPN';
/** A token that may stand inside a name: adjective, noun, number or an unknown word (verbs are let in by each caller's own rule). */
const isNameWord = (t: Token): boolean => ['ADJ', 'NOUN', 'PROPN', 'NUM', 'X'].includes(t.pos) && isWordish(t);
/** Joined to the previous token without a space by a hyphen ("alternate-day", "time-restricted"). */
const hyphenAt = (tokens: readonly Token[], i: number): boolean => tokens[i]?.value === '-' && tokens[i]?.pre === '' && tokens[i + 1]?.pre === '';

/** The words of tokens[from, to) as written, hyphens rejoined, lower case. */
function spanText(tokens: readonly Token[], from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += (i === from ? '' : tokens[i]!.pre) + tokens[i]!.value;
  return s.toLowerCase().trim();
}

/** Words in a span (a hyphenated word counts once). */
function wordCount(tokens: readonly Token[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (isWordish(tokens[i]!) && !(i > from && tokens[i]!.pre === '' && tokens[i - 1]!.value === '-')) n++;
  return n;
}

/**
 * The class that ends right before `end` (exclusive): back over name words and hyphens, quantity words
 * dropped; undefined unless it ends in a noun. Returns the span [from, end).
 */
function classBefore(tokens: readonly Token[], end: number): { from: number; to: number } | undefined {
  const last = tokens[end - 1];
  if (!last || !isNominal(last)) return undefined;
  let from = end - 1;
  while (from > 0) {
    const prev = tokens[from - 1]!;
    if (hyphenAt(tokens, from - 1) && from - 2 >= 0) {
      from -= 2;
      continue;
    }
    if (!isNameWord(prev) && !(prev.pos === 'VERB' && /ing$/i.test(prev.value) && isNominal(tokens[from]!))) break;
    if (QUANTITY.has(prev.value.toLowerCase())) break;
    from--;
  }
  if (wordCount(tokens, from, end) > MAX_CLASS_WORDS) return undefined;
  // A class after a preposition is its complement, not the class ("variations in sea level, such as…"),
  // unless it follows a kind noun ("types of pesticides, such as…").
  const before = tokens[from - 1];
  if (before?.pos === 'ADP' && !(before.value.toLowerCase() === 'of' && KIND_NOUNS.has(tokens[from - 2]?.value.toLowerCase() ?? ''))) return undefined;
  return { from, to: end };
}

/** "forms of physical activity" → the span of "physical activity"; otherwise the span itself. */
function unwrapKindNoun(tokens: readonly Token[], span: { from: number; to: number }): { from: number; to: number } | undefined {
  const ofAt = tokens.findIndex((t, i) => i >= span.from && i < span.to && t.value.toLowerCase() === 'of');
  if (ofAt < 0) return span;
  return KIND_NOUNS.has(tokens[ofAt - 1]?.value.toLowerCase() ?? '') && ofAt + 1 < span.to ? { from: ofAt + 1, to: span.to } : undefined;
}

/**
 * The items of a list starting at `start`: names separated by commas, "and", "or"; ends at the first
 * token that cannot stand in a name (a verb, a preposition, a closing bracket, the sentence's end).
 */
function listAfter(tokens: readonly Token[], start: number): string[] {
  const items: string[] = [];
  let lastFrom = -1;
  let i = start;
  for (;;) {
    // An article may open a kind ("the 5:2 diet"); another determiner refers back ("those aged 65").
    while (tokens[i] && (ARTICLES.has(tokens[i]!.value.toLowerCase()) || tokens[i]!.value === ',')) i++;
    const from = i;
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (hyphenAt(tokens, i) && i > from) {
        i += 2;
        continue;
      }
      const gerund = t.pos === 'VERB' && /ing$/i.test(t.value) && i > from;
      const after = tokens[i + 1];
      const participleBeforeNoun = t.pos === 'VERB' && /(?:ed|ing)$/i.test(t.value) && after !== undefined && isNominal(after);
      if (isNameWord(t) || gerund || participleBeforeNoun) i++;
      else break;
    }
    if (i === from) break;
    const n = wordCount(tokens, from, i);
    if (n > MAX_KIND_WORDS) break;
    items.push(spanText(tokens, from, i));
    lastFrom = from;
    const next = tokens[i];
    if (next?.value === ',' && ['and', 'or'].includes(tokens[i + 1]?.value.toLowerCase() ?? '')) i += 2;
    else if (next?.value === ',' || ['and', 'or'].includes(next?.value.toLowerCase() ?? '')) i++;
    else break;
  }
  // A class that is the sentence's subject needs its verb after the list: with none there, the tagger
  // read the verb as a noun and the last item swallowed it ("imidacloprid harm bees"), so it is dropped.
  if (items.length > 0 && wordCount(tokens, lastFrom, i) > 1 && !tokens.slice(i).some(isVerb) && !tokens.slice(0, start).some(isVerb)) items.pop();
  return items;
}

/**
 * The items of a list that ends right before `end` ("aerobic exercise, brisk walking" before "and other"):
 * back over names separated by commas (and a final "and"/"or" is the marker's own).
 */
function listBefore(tokens: readonly Token[], end: number): string[] {
  const items: string[] = [];
  let i = end;
  for (;;) {
    const to = i;
    while (i > 0) {
      const t = tokens[i - 1]!;
      if (hyphenAt(tokens, i - 2) && i - 2 > 0) {
        i -= 2;
        continue;
      }
      // A participle counts before a noun of the item ("melting glaciers"), not before an adjective
      // ("including atmospheric composition").
      if (isNameWord(t) || (t.pos === 'VERB' && /(?:ing|ed)$/i.test(t.value) && i < to && isNominal(tokens[i]!))) i--;
      else break;
    }
    if (i === to) break;
    if (wordCount(tokens, i, to) > MAX_KIND_WORDS) break;
    items.unshift(spanText(tokens, i, to));
    while (i > 0 && ARTICLES.has(tokens[i - 1]!.value.toLowerCase())) i--;
    if (tokens[i - 1]?.value === ',') i--;
    else break;
  }
  return items;
}

/** Whether an item names something: three letters or more, not a quantity word, not a count ("500 adults"). */
const isKindName = (s: string): boolean => /[a-z]{3}/.test(s) && !QUANTITY.has(s) && !/^\d[\d,.]*\s/.test(s);

/** The "kind of" pairs one English sentence states (none for a sentence without a marker). */
export function kindsIn(sentence: string): KindOf[] {
  if (sentence.length > MAX_KINDS_SENTENCE_CHARS || !MARKER.test(sentence)) return [];
  const tokens = analyzeEnglish(sentence).tokens;
  const out: KindOf[] = [];
  const add = (of: string, kinds: readonly string[]) => {
    for (const kind of kinds) if (isKindName(kind) && isKindName(of) && kind !== of && !out.some((k) => k.kind === kind && k.of === of)) out.push({ kind, of });
  };
  const lower = tokens.map((t) => t.value.toLowerCase());
  for (let i = 0; i < tokens.length; i++) {
    // "<class> such as <kinds>", "<class>, including <kinds>", "<class> (e.g. <kinds>)"
    let markerEnd = -1;
    let classEnd = -1;
    if (lower[i] === 'such' && lower[i + 1] === 'as') [classEnd, markerEnd] = [lower[i - 1] === ',' ? i - 1 : i, i + 2];
    else if (lower[i] === 'including' && lower[i - 1] === ',') [classEnd, markerEnd] = [i - 1, i + 1];
    else if (/^e\.\s?g\.?$/.test(lower[i]!)) {
      classEnd = lower[i - 1] === '(' || lower[i - 1] === ',' ? i - 1 : i;
      markerEnd = lower[i + 1] === ',' ? i + 2 : i + 1;
    }
    if (markerEnd >= 0) {
      const span = classBefore(tokens, classEnd);
      const cls = span && unwrapKindNoun(tokens, span);
      if (cls) {
        const kinds = listAfter(tokens, markerEnd);
        add(spanText(tokens, cls.from, cls.to), kinds);
        // "X covers several <class>, including <kinds>": the kinds are X's too.
        const verbAt = span.from - 1 - (QUANTITY.has(lower[span.from - 1] ?? '') ? 1 : 0);
        const owner = COVER_VERBS.has(lower[verbAt] ?? '') ? classBefore(tokens, verbAt) : undefined;
        if (owner) add(spanText(tokens, owner.from, owner.to), kinds);
      }
      continue;
    }
    // "<kinds> and other <class>", "<kinds> or other <class>"
    if ((lower[i] === 'and' || lower[i] === 'or') && lower[i + 1] === 'other') {
      let end = i + 2;
      // An adjective after a noun starts another phrase ("physical activity lower blood pressure": "lower"
      // is the verb, tagged as an adjective).
      while (
        end < tokens.length &&
        (isNameWord(tokens[end]!) || lower[end] === 'of' || hyphenAt(tokens, end)) &&
        !(tokens[end]!.pos === 'ADJ' && isNominal(tokens[end - 1]!))
      )
        end += hyphenAt(tokens, end) ? 2 : 1;
      while (end > i + 2 && !isNominal(tokens[end - 1]!)) end--;
      const cls = end > i + 2 ? unwrapKindNoun(tokens, { from: i + 2, to: end }) : undefined;
      if (cls && wordCount(tokens, cls.from, cls.to) <= MAX_CLASS_WORDS)
        add(spanText(tokens, cls.from, cls.to), listBefore(tokens, tokens[i - 1]?.value === ',' ? i - 1 : i));
    }
  }
  return out;
}
