// Text → checkable claim candidates (seed 001 Phase 1 EXTRACT RawClaim). Each sentence is screened
// (screen.ts: references, headlines, glossaries, captions, fragments, definitions, procedures), a
// sentence opening with a reference to the previous one is resolved or left out (references.ts), a
// run-on sentence longer than the claim cap is split at its semicolons, and what is left is assessed
// for claim signals (checkability.ts).
import { detectLanguage, type TextLanguage } from '../language.js';
import { splitSentences } from '../sentences.js';
import { assessSentence, MAX_CLAIM_CHARS, MAX_CLAIM_CHARS_JA, MAX_CLAIM_WORDS, MIN_CLAIM_WORDS, withinClaimLength, type Checkability } from './checkability.js';
import { analyzeEnglish } from './english-nlp.js';
import { mergeClaims, normalizeClaim, type MergeOptions, type NormalizedClaim, type RawClaim } from './normalize.js';
import { resolveOpeningReference, type OpeningReference } from './references.js';
import { screenSentence } from './screen.js';
import { sectionLabelLength } from './section-label.js';

/** Most candidates taken from one text, so a huge page cannot flood the graph. */
export const MAX_CLAIMS_PER_TEXT = 200;

export interface ClaimCandidate extends RawClaim {
  /** The verbatim sentence (or clause) the claim was read from; `text` differs when a reference was resolved. */
  quote: string;
  checkability: Checkability;
  /** Sentence index in the text. */
  sentenceIndex: number;
  /** Offsets of `quote` in the text. */
  start: number;
  end: number;
  /** The opening reference replaced by its antecedent from the previous sentence, when one was. */
  resolved?: { reference: OpeningReference; antecedent: string };
}

export interface ExtractClaimsOptions {
  text: string;
  source: string;
  publishedAt?: string;
  maxClaims?: number;
  /** Keep rejected sentences too (with `checkability.rejectedBecause`), for debugging. */
  includeRejected?: boolean;
}

interface Unit {
  text: string;
  start: number;
  end: number;
}

const tooLong = (text: string, language: TextLanguage): boolean =>
  language === 'ja' ? [...text].length > MAX_CLAIM_CHARS_JA : text.length > MAX_CLAIM_CHARS || text.split(/\s+/).length > MAX_CLAIM_WORDS;

/**
 * A run-on sentence over the claim cap, split at its semicolons into clauses that are sentences of
 * their own (enough words, not starting in lower case after a list); otherwise the sentence itself.
 */
function unitsOf(s: Unit, language: TextLanguage): Unit[] {
  if (!tooLong(s.text, language)) return [s];
  const sep = language === 'ja' ? /；/g : /;\s+/g;
  const out: Unit[] = [];
  let from = 0;
  for (const m of [...s.text.matchAll(sep), null]) {
    const to = m ? m.index : s.text.length;
    const raw = s.text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const clause = raw.trim();
    if (clause) out.push({ text: clause, start: s.start + from + lead, end: s.start + from + lead + clause.length });
    if (m) from = m.index + m[0].length;
  }
  const usable = out.filter((u) => language === 'ja' || u.text.split(/\s+/).length >= MIN_CLAIM_WORDS + 2);
  return out.length > 1 && usable.length === out.length ? out : [s];
}

function reject(unit: Unit, index: number, options: ExtractClaimsOptions, checkability: Checkability): ClaimCandidate {
  return {
    text: unit.text,
    quote: unit.text,
    source: options.source,
    locator: `sentence:${index}`,
    sentenceIndex: index,
    start: unit.start,
    end: unit.end,
    checkability,
  };
}

export function extractClaimCandidates(options: ExtractClaimsOptions): ClaimCandidate[] {
  const out: ClaimCandidate[] = [];
  const max = options.maxClaims ?? MAX_CLAIMS_PER_TEXT;
  const sentences = splitSentences(options.text);
  // The previous sentence as a reader would know it (its resolved statement), for references; none after an unresolved one.
  let previous: string | undefined;
  for (const [i, s] of sentences.entries()) {
    if (out.filter((c) => c.checkability.checkable).length >= max) break;
    const language = detectLanguage(s.text);
    let context = previous;
    // A glossary run or a reference list is screened whole: its clauses are not claims either.
    const whole = screenSentence({ text: s.text, language });
    const units = whole ? [s] : unitsOf(s, language);
    for (const unit of units) {
      const screened = screenSentence({ text: unit.text, language, clause: units.length > 1 && unit.start > s.start });
      const resolution = resolveOpeningReference({
        text: unit.text,
        ...(context !== undefined ? { previous: context } : {}),
        context: options.text.slice(0, unit.start),
        language,
      });
      const statement = resolution.status === 'resolved' ? resolution.statement : unit.text;
      context = resolution.status === 'unresolved' ? undefined : statement;
      let checkability: Checkability;
      if (screened) checkability = { checkable: false, features: [], rejectedBecause: screened };
      else if (resolution.status === 'unresolved') checkability = { checkable: false, features: [], rejectedBecause: 'unresolved_reference' };
      // Too long to be a claim: refused by assessSentence without tagging it first (hostile input stays linear).
      else
        checkability = assessSentence({
          text: statement,
          language,
          lemmas: language === 'en' && withinClaimLength(statement, language) ? analyzeEnglish(statement).tokens.map((t) => t.lemma) : [],
        });
      if (!checkability.checkable) {
        if (options.includeRejected) out.push(reject(unit, i, options, checkability));
        continue;
      }
      // The claim starts after a structured abstract's section label ("RESULTS: …"): the label is layout.
      // Cut only here, so the screen and the reference reading see the sentence as before (reading it
      // unlabelled there would newly reject 16 of 2,185 Check-COVID claims as unresolved references).
      const label = language === 'en' ? sectionLabelLength(unit.text) : 0;
      const cut = label > 0 && statement.startsWith(unit.text.slice(0, label)) ? label : 0;
      out.push({
        text: statement.slice(cut),
        quote: unit.text.slice(cut),
        source: options.source,
        ...(options.publishedAt ? { publishedAt: options.publishedAt } : {}),
        locator: `sentence:${i}`,
        sentenceIndex: i,
        start: unit.start + cut,
        end: unit.end,
        checkability,
        ...(resolution.status === 'resolved' ? { resolved: { reference: resolution.reference, antecedent: resolution.antecedent } } : {}),
      });
    }
    previous = context;
  }
  return out;
}

/**
 * A document's claims, normalized and merged (seed 001 Phase 1 EXTRACT + Phase 2 NORMALIZE):
 * checkable sentences → NormalizedClaim (slots, fingerprint, id) → near-duplicates merged with their sources.
 */
export function extractNormalizedClaims(options: ExtractClaimsOptions & { merge?: MergeOptions }): NormalizedClaim[] {
  const { merge, ...extract } = options;
  const candidates = extractClaimCandidates({ ...extract, includeRejected: false });
  return mergeClaims(
    candidates.map((c) => normalizeClaim(c)),
    merge ?? {},
  );
}

/**
 * Whether a statement read alone (no previous sentence) is a claim worth checking: the same screen,
 * reference and signal tests as extraction. For claims that reached a task another way (a decisive
 * sentence turned into a claim) and need the same bar before a report shows them.
 */
export function isClaimWorthChecking(statement: string): boolean {
  const text = statement.replace(/\s+/g, ' ').trim();
  const language = detectLanguage(text);
  if (tooLong(text, language)) return false;
  const found = extractClaimCandidates({ text, source: 'statement', maxClaims: 1 });
  return found.length === 1 && found[0]!.quote === text;
}
