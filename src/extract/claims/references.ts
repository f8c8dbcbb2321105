// Sentences that open with a reference to something said before ("This insulation…", "It remains…",
// "During this time…", 「これは…」). Read alone, such a sentence is not a claim anyone can check. It is
// resolved from the sentence before it in the same text when that is safe — the antecedent noun
// phrase replaces the reference in the claim's statement, while the quote stays the verbatim
// sentence — and otherwise it is not a claim (it can still be evidence for other claims).
import type { TextLanguage } from '../language.js';
import { analyzeEnglish, type Token } from './english-nlp.js';
import { EN_REPORTING_RE, extractSlots } from './slots.js';

export type ReferenceKind = 'pronoun' | 'possessive' | 'demonstrative' | 'frame' | 'definite';

export interface OpeningReference {
  kind: ReferenceKind;
  /** The reference as written ("These temperatures", "It", "During this time"). */
  text: string;
  /** Offsets of the reference in the sentence. */
  start: number;
  end: number;
  /** Head noun of a demonstrative or definite reference ("temperatures"), lower case. */
  head?: string;
}

export type Resolution =
  | { status: 'none' }
  | { status: 'resolved'; statement: string; reference: OpeningReference; antecedent: string }
  | { status: 'unresolved'; reference: OpeningReference };

/** Longest antecedent noun phrase taken from the previous sentence, in words. */
export const MAX_ANTECEDENT_WORDS = 8;

/** Discourse openers that belong to no slot ("However,", "[citation needed]", "According to X,"). */
const EN_PREFIX_RE =
  /^(?:\[[^\]]{1,30}\]\s*|(?:however|moreover|furthermore|in addition|additionally|also|but|and|so|thus|therefore|still|yet|overall|nevertheless|indeed|notably|importantly|in contrast|by contrast|similarly|likewise|in essence|in short|in fact|in effect|in turn|in principle|in practice|in other words|essentially|basically),?\s+|according to [^,]{1,80},\s+)+/i;
/** Time and place frames that point back: "During this time", "At that point", "There,". */
const EN_FRAME_RE =
  /^(?:(?:during|in|at|by|since|after|before|throughout|over|for|from|until|within)\s+(?:this|that|these|those|the same)\s+(?:[\w-]+\s+){0,2}?(?:time|times|period|periods|year|years|month|months|decade|decades|century|centuries|era|age|point|stage|phase|season|summer|summers|winter|winters|spring|autumn|day|days|week|weeks|case|cases|way|context|region|area|place|location|event)\b|(?:by then|since then|until then|at that point|at the time|at this point|in the same year|that year|the same year)\b|(?:there|here),\s)/i;
/** "Another example is…", "A further reason was…", "Other likely changes include…": more of something the text named before. */
const EN_ANOTHER_RE =
  /^(?:another|a further|a second|one more|yet another)\s+(?:example|case|reason|factor|explanation|possibility|cause|consequence|effect|problem|issue|concern|argument|finding)\s+(?:is|was|are|were|of|concerns?)\b|^other\s+(?:[\w-]+\s+)?(?:examples|cases|reasons|factors|explanations|possibilities|causes|consequences|effects|impacts|changes|problems|issues|concerns|findings)\s+(?:include|included|are|were)\b/i;
/** An opening time or place adverbial that names its own time or place ("In 2010,", "In Alaska,"). */
const EN_ADVERBIAL_RE = /^(?:in|by|since|from|after|before|on|at|during|as of|until|between)\s+(?!(?:this|that|these|those|the same)\b)[^,]{1,40},\s+/i;
/**
 * "It is likely that", "It is important to": the expletive it, which points at nothing. "It is expected
 * to drop…" and "It is likely to increase…" are not: there "it" is the subject, named before.
 */
const EN_EXPLETIVE_IT_RE =
  /^it\s+(?:is|was|has been|had been|will be|would be|seems|seemed|appears|appeared|remains|remained|may be|might be|could be|can be)\s+(?:(?:not|also|now|widely|generally|commonly|often|still|very|highly|increasingly|therefore)\s+)*(?:(?:unclear|clear|likely|unlikely|possible|impossible|probable|estimated|believed|thought|known|expected|predicted|projected|forecast|found|shown|noted|observed|established|reported|suggested|argued|assumed|true|false|evident|apparent|noteworthy|notable)\s+(?:that|whether)|(?:important|necessary|difficult|hard|easy|worth|essential|crucial|possible|impossible)\s+(?:to|that|whether)|that|to|whether|unclear|clear|possible|important|necessary|difficult|true|worth|essential)\b/i;
/** Subject pronouns resolved from the previous sentence's subject (with number agreement). */
const EN_PERSONAL = new Set(['it', 'they']);
const EN_UNRESOLVABLE_PRONOUNS = new Set(['he', 'she', 'him', 'her', 'them', 'his', 'its', 'their', 'theirs', 'such', 'former', 'latter']);
const EN_DEMONSTRATIVES = new Set(['this', 'these', 'that', 'those']);
/** Definite descriptions that only make sense after the sentence introducing them ("the region…"). */
const EN_ANAPHORIC_HEADS = new Set([
  'region',
  'area',
  'decline',
  'tax',
  'effect',
  'phenomenon',
  'agency',
  'company',
  'event',
  'trend',
  'warming',
  'species',
  'policy',
  'programme',
  'program',
  'project',
  'plan',
  'bill',
  'disease',
  'outbreak',
  'island',
  'country',
  'city',
  'lake',
  'river',
  'glacier',
]);
/** Things there is one of, which "the" names without pointing back ("The ocean would not…"). */
const EN_UNIQUE_REFERENTS = new Set([
  'ocean',
  'atmosphere',
  'sun',
  'moon',
  'earth',
  'world',
  'planet',
  'climate',
  'globe',
  'arctic',
  'antarctic',
  'sea',
  'sky',
  'public',
  'internet',
  'universe',
  'environment',
  'biosphere',
  'troposphere',
  'stratosphere',
  'equator',
  'weather',
]);
/** Compounds naming one thing ("the sea level", "the greenhouse effect"). */
const EN_UNIQUE_PHRASES = new Set([
  'sea level',
  'sea levels',
  'sea ice',
  'greenhouse effect',
  'ozone layer',
  'solar system',
  'ice age',
  'gulf stream',
  'jet stream',
  'water cycle',
  'carbon cycle',
  'food chain',
  'northern hemisphere',
  'southern hemisphere',
  'general public',
]);
const EN_PLACE_ANAPHOR_RE = /\bthe\s+(?:same\s+)?(region|area)\b(?!\s+(?:of|where|in which|that|which)\b)/i;
/**
 * "…project that such a warming would…": "such a" + noun as a subject or at a clause's end points back,
 * anywhere in the sentence ("in such a way" aside; "such a threshold for X" says what it means).
 */
const EN_SUCH_RE =
  /\bsuch\s+an?\s+(?!(?:way|manner|case|degree|extent|time)\b)(?:[a-z-]+\s+)?([a-z-]+)(?=\s+(?:would|will|could|can|may|might|is|was|are|were|has|had)\b|\s*[,.;])/i;
/** Words of a clause's start searched for an anaphoric definite description. */
export const EARLY_DEFINITE_WORDS = 8;
const EN_EARLY_DEFINITE_RE = new RegExp(
  `\\bthe\\s+(?:[a-z-]+\\s+)?(${['region', 'area', 'decline', 'tax', 'phenomenon', 'agency', 'company', 'outbreak', 'warming', 'reef'].join('|')})\\b(?!\\s+(?:of|in|from|over|since|between|during)\\b)|\\bthe\\s+(?:previous|preceding|aforementioned|above-mentioned|above|resulting|resultant|ensuing)\\s+(?:[a-z-]+\\s+)?([a-z-]+)\\b`,
  'i',
);
/**
 * "One of the most striking features of this is…": a demonstrative standing alone early in the clause;
 * "Melting of this ice…", "As a result of this the BoM…": a demonstrative after a preposition there (the
 * study's own "this study", "this way" aside).
 */
const EN_EARLY_PRONOUN_RE =
  /\b(?:of|to|from|by|with|for|in|on|about|after|before)\s+(this|these|those)\b(?=\s+(?:is|are|was|were|has|have|had|can|could|will|would|may|might|include|includes|the|a|an)\b|\s*[,;.])|\b(?:of|to|from|by|with|for|on|about|after|before)\s+(this|these|those)\s+(?!(?:study|studies|paper|work|article|review|analysis|analyses|report|trial|trials|cohort|survey|investigation|issue|way|kind|type|time|year|period|case|context)\b)[a-z]+\b/i;

function isPlural(np: string): boolean {
  const head = np.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /\band\b/i.test(np) || (/s$/.test(head) && !/(?:ss|us|is|sis)$/.test(head));
}

const nominal = (t: Token): boolean => t.pos === 'NOUN' || t.pos === 'PROPN';

/** The reference a sentence opens with, or undefined. English sentences are tagged once; pass the tokens when you have them. */
export function findOpeningReference(text: string, language: TextLanguage): OpeningReference | undefined {
  return language === 'ja' ? japaneseReference(text) : englishReference(text);
}

function englishReference(text: string): OpeningReference | undefined {
  const reference = openingOf(text);
  // "These results suggest that X": the reference is the reporter, not the claim, which is X.
  const frame = reference ? EN_REPORTING_RE.exec(text) : null;
  if (!reference || !frame || reference.end > frame[1]!.length) return reference;
  const innerStart = text.length - frame[2]!.length;
  const inner = openingOf(frame[2]!);
  return inner ? { ...inner, start: inner.start + innerStart, end: inner.end + innerStart } : undefined;
}

function openingOf(text: string): OpeningReference | undefined {
  const connective = EN_PREFIX_RE.exec(text)?.[0].length ?? 0;
  const frame = EN_FRAME_RE.exec(text.slice(connective)) ?? EN_ANOTHER_RE.exec(text.slice(connective));
  if (frame) return { kind: 'frame', text: frame[0].replace(/,\s$/, ''), start: connective, end: connective + frame[0].replace(/,\s$/, '').length };
  // A self-contained opening adverbial ("In 2010, he signed…") is skipped to reach the subject.
  const prefix = connective + (EN_ADVERBIAL_RE.exec(text.slice(connective))?.[0].length ?? 0);
  const rest = text.slice(prefix);
  if (/^that is\b/i.test(rest)) return undefined;
  const expletive = EN_EXPLETIVE_IT_RE.exec(rest);
  if (expletive) {
    // "It has been established that the region…": the claim is the that-clause, which may itself point back.
    if (!/that$/i.test(expletive[0])) return undefined;
    const at = prefix + expletive[0].length + (/^\s*/.exec(rest.slice(expletive[0].length))?.[0].length ?? 0);
    const inner = openingOf(text.slice(at));
    return inner ? { ...inner, start: inner.start + at, end: inner.end + at } : undefined;
  }
  const first = /^([A-Za-z]+)\b/.exec(rest)?.[1];
  if (!first) return undefined;
  const lower = first.toLowerCase();
  const at = (kind: ReferenceKind, len: number, head?: string): OpeningReference => ({
    kind,
    text: rest.slice(0, len),
    start: prefix,
    end: prefix + len,
    ...(head ? { head } : {}),
  });
  if (EN_PERSONAL.has(lower)) return at('pronoun', first.length);
  if (EN_UNRESOLVABLE_PRONOUNS.has(lower)) return at(lower === 'his' || lower === 'its' || lower === 'their' ? 'possessive' : 'pronoun', first.length);
  if (lower === 'similar' || /^the (?:former|latter|same)\b/i.test(rest)) return at('demonstrative', first.length);
  if (EN_DEMONSTRATIVES.has(lower) || lower === 'the') {
    const tokens = analyzeEnglish(rest.slice(0, 160)).tokens;
    // The noun phrase after the determiner: adjectives and nouns up to the last noun of the run.
    let i = 1;
    let head = -1;
    while (i < tokens.length && ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tokens[i]!.pos)) {
      if (nominal(tokens[i]!)) head = i;
      i++;
    }
    // "The IPCC projects…", "The Environmental Protection Agency…": a name after "the" points at nothing before.
    if (lower === 'the' && tokens[1] !== undefined && (tokens[1].pos === 'PROPN' || /^\p{Lu}/u.test(tokens[1].value))) return earlyDefinite(text, prefix);
    if (lower === 'the') {
      const h = head >= 1 && head <= 2 ? tokens[head]! : undefined;
      // "The particles reflect…", "The letter goes on…": a bare common noun as the whole subject points back.
      const phrase = tokens
        .slice(1, head + 1)
        .map((t) => t.value.toLowerCase())
        .join(' ');
      const bare =
        h !== undefined &&
        h.pos === 'NOUN' &&
        !EN_UNIQUE_REFERENTS.has(h.lemma) &&
        !EN_UNIQUE_PHRASES.has(phrase) &&
        ['VERB', 'AUX', 'ADV', 'PART'].includes(tokens[head + 1]?.pos ?? '') &&
        tokens.slice(1, head + 1).every((t) => t.pos !== 'PROPN' && !/^\p{Lu}/u.test(t.value));
      const listed = h !== undefined && EN_ANAPHORIC_HEADS.has(h.lemma) && tokens[head + 1]?.value.toLowerCase() !== 'of';
      if (!bare && !listed) return earlyDefinite(text, prefix);
    } else if (head < 0) {
      // "This caused…", "These are…": the demonstrative stands alone as a pronoun.
      return at('pronoun', first.length);
    }
    const len = tokens.slice(0, head + 1).reduce((n, t, k) => n + (k === 0 ? 0 : t.pre.length) + t.value.length, 0);
    return at(lower === 'the' ? 'definite' : 'demonstrative', len, tokens[head]!.lemma);
  }
  return earlyDefinite(text, prefix);
}

/**
 * "A 2007 study found the decline to be…", "…the region reached…": an anaphoric definite description
 * among the first EARLY_DEFINITE_WORDS words of the clause, or "the region/area" anywhere.
 */
function earlyDefinite(text: string, from: number): OpeningReference | undefined {
  const words = text.slice(from).split(/\s+/);
  const head = words.slice(0, EARLY_DEFINITE_WORDS + 2).join(' ');
  const within = words.slice(0, EARLY_DEFINITE_WORDS).join(' ').length;
  const pronoun = EN_EARLY_PRONOUN_RE.exec(
    text
      .slice(from)
      .split(/\s+/)
      .slice(0, EARLY_DEFINITE_WORDS + 2)
      .join(' '),
  );
  if (pronoun) {
    const word = pronoun[1] ?? pronoun[2]!;
    const start = text.indexOf(pronoun[0], from) + pronoun[0].toLowerCase().lastIndexOf(word.toLowerCase());
    if (pronoun[1] !== undefined) return { kind: 'pronoun', text: word, start, end: start + word.length };
    // "Melting of this ice may release…": a demonstrative noun phrase early in the clause — unless it
    // closes an opening adverbial ("As a result of this balance, the mole fraction remained…"), whose
    // main clause stands on its own.
    const end = text.indexOf(pronoun[0], from) + pronoun[0].length;
    if (!/^[^,;]{0,30},/.test(text.slice(end))) {
      const phrase = text.slice(start, end);
      return { kind: 'demonstrative', text: phrase, start, end, head: phrase.split(/\s+/).at(-1)!.toLowerCase() };
    }
  }
  // Matched in a window two words wider than searched, so what follows the noun ("the warming in…") is seen.
  const wide = EN_EARLY_DEFINITE_RE.exec(head);
  const early = wide && wide.index < within ? wide : null;
  const m = early ?? EN_PLACE_ANAPHOR_RE.exec(text) ?? EN_SUCH_RE.exec(text);
  if (!m) return undefined;
  const start = early ? text.indexOf(m[0], from) : m.index;
  return { kind: 'definite', text: m[0], start, end: start + m[0].length, head: (m[1] ?? m[2])!.toLowerCase() };
}

/** Japanese openers: これ/それ (pronouns), この/その/同 + noun (demonstratives), この時期/同年 (frames). */
const JA_FRAME_RE = /^(?:この|その|あの)(?:時|頃|ころ|時期|期間|年|際|当時|間)|^同(?:年|月|日|時期)/u;
const JA_PRONOUN_RE = /^(?:これ|それ|あれ)(?:ら)?(?=は|が|に|を|も|で|と|の|によ|まで|から)/u;
const JA_DEMONSTRATIVE_RE =
  /^(?:この|その|あの|こうした|そうした|こういった|そういった|このような|そのような|同)(?<noun>[^、。はがをにでのもと]{1,12})(?=は|が|を|に|で|の|も|と)/u;
/** Connectives that start with a demonstrative but point at no entity ("therefore", "as a result"). */
const JA_CONNECTIVE_RE =
  /^(?:そのため|このため|その結果|この結果|それでも|それから|それに|そのうえ|その上|それゆえ|これにより|これによって|それにより|それによって)/u;

function japaneseReference(text: string): OpeningReference | undefined {
  const t = text.replace(/^(?:しかし|また|さらに|一方|なお|ただし|特に|実際)、?/u, '');
  const offset = text.length - t.length;
  if (JA_CONNECTIVE_RE.test(t)) return undefined;
  const frame = JA_FRAME_RE.exec(t);
  if (frame) return { kind: 'frame', text: frame[0], start: offset, end: offset + frame[0].length };
  const pronoun = JA_PRONOUN_RE.exec(t);
  if (pronoun) return { kind: 'pronoun', text: pronoun[0], start: offset, end: offset + pronoun[0].length };
  const demo = JA_DEMONSTRATIVE_RE.exec(t);
  if (demo) return { kind: 'demonstrative', text: demo[0], start: offset, end: offset + demo[0].length, head: demo.groups!.noun! };
  return undefined;
}

/** The previous sentence's subject when it is a plain noun phrase (no pronoun, no opening reference). */
function subjectOf(sentence: string, language: TextLanguage): string | undefined {
  // A section label ("Conclusions: The COVID-19 epidemic…") is not part of the subject.
  const previous = sentence.replace(/^[A-Z][A-Za-z ,]{2,40}:\s+(?=[A-Z])/, '');
  if (findOpeningReference(previous, language)) return undefined;
  const subject = extractSlots(previous, language).slots.subject?.trim();
  if (!subject) return undefined;
  if (language === 'ja') return [...subject].length <= 20 && !/[、。]/.test(subject) ? subject : undefined;
  const words = subject.split(/\s+/);
  if (words.length > MAX_ANTECEDENT_WORDS || /[,;:()"“”]/.test(subject)) return undefined;
  if (/^(?:it|they|he|she|this|these|that|those|we|i|you|there|here|such)$/i.test(words[0]!)) return undefined;
  return subject;
}

/** The previous sentence's noun phrase whose head is `head` (adjectives and nouns before it included). */
function nounPhraseWithHead(previous: string, head: string): string | undefined {
  const tokens = analyzeEnglish(previous).tokens;
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (!nominal(tokens[i]!) || tokens[i]!.lemma !== head) continue;
    let s = i;
    while (s > 0 && ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tokens[s - 1]!.pos) && tokens[s - 1]!.value !== ',') s--;
    // A noun phrase that adds nothing to the reference's own noun ("temperatures") does not resolve it.
    if (s === i || i - s + 1 > MAX_ANTECEDENT_WORDS) return undefined;
    // "the ongoing outbreak" keeps its article; "an outbreak" becomes "the outbreak" when it is referred back to.
    const article = /^(?:the|a|an)$/i.test(tokens[s - 1]?.value ?? '') ? 'the ' : '';
    return (
      article +
      tokens
        .slice(s, i + 1)
        .map((t, k) => (k === 0 ? '' : t.pre) + t.value)
        .join('')
    );
  }
  return undefined;
}

function splice(text: string, ref: OpeningReference, antecedent: string): string {
  const atStart = text.slice(0, ref.start).trim() === '';
  const a = atStart ? antecedent.charAt(0).toUpperCase() + antecedent.slice(1) : antecedent;
  return `${text.slice(0, ref.start)}${a}${text.slice(ref.end)}`;
}

/**
 * Resolves a sentence's opening reference from the previous sentence of the same text. Pronouns
 * (it, they / これ, それ) take the previous subject when the number agrees; "this/these/the + noun"
 * takes the previous noun phrase with the same head noun. Frames ("During this time"), possessives
 * and other pronouns are never guessed: they stay unresolved. A definite description ("the region")
 * whose noun the text before (`context`) already used is known to the reader and needs no change.
 */
export function resolveOpeningReference(options: { text: string; previous?: string; context?: string; language: TextLanguage }): Resolution {
  const { text, previous, language } = options;
  const reference = findOpeningReference(text, language);
  if (!reference) return { status: 'none' };
  const unresolved: Resolution = { status: 'unresolved', reference };
  // "The passenger quarantine…" after a text that introduced the quarantine: the description is already known there.
  if (reference.kind === 'definite' && reference.head && options.context && new RegExp(`\\b${reference.head}(?:s|es)?\\b`, 'i').test(options.context))
    return { status: 'none' };
  if (!previous || reference.kind === 'frame' || reference.kind === 'possessive') return unresolved;
  let antecedent: string | undefined;
  if (language === 'ja') {
    const subject = subjectOf(previous, language);
    if (reference.kind === 'pronoun') antecedent = subject;
    else if (reference.head && subject?.endsWith(reference.head)) antecedent = subject;
    if (antecedent && reference.kind === 'pronoun') {
      // Keep the particle: これは → <subject>は.
      const particle = /ら?$/.exec(reference.text)?.[0] ?? '';
      const base = reference.text.slice(0, reference.text.length - particle.length);
      return {
        status: 'resolved',
        statement: `${text.slice(0, reference.start)}${antecedent}${text.slice(reference.start + base.length + particle.length)}`,
        reference,
        antecedent,
      };
    }
  } else if (reference.kind === 'pronoun') {
    const word = reference.text.toLowerCase();
    if (EN_PERSONAL.has(word)) {
      const subject = subjectOf(previous, language);
      if (subject && isPlural(subject) === (word === 'they')) antecedent = subject;
    }
  } else if (reference.head) {
    antecedent = nounPhraseWithHead(previous, reference.head);
  }
  if (!antecedent) return unresolved;
  return { status: 'resolved', statement: splice(text, reference, antecedent), reference, antecedent };
}
