// An agent's extractive report (seed 004 §2.2 steps 4-6): claims of the sources read, ranked by
// relevance to the topic, reliability and corroboration, quoted verbatim with numbered citations,
// in sections, with the entities found and the sources listed with their reliability.
import { mdInline } from '../../core/index.js';
import { extractClaimCandidates, mergeClaims, normalizeClaim, type KindOf, type NormalizedClaim } from '../../extract/index.js';
import { trustScore } from '../../policy/index.js';
import type { Thesaurus } from '../../core/index.js';
import { claimRelevance, termWeights } from '../answer/index.js';
import type { SourceDocument } from './adapters.js';
import { extractEntities } from './entities.js';
import { messagesFor } from './messages.js';
import { kindsNamed, topicReading } from './topic-reading.js';
import type { AgentSourceType, ReportClaim, ReportEntity, ReportFinding, ReportLanguage, SourceReference } from './types.js';

/** Key findings listed per report. */
export const MAX_KEY_FINDINGS = 8;
/** Sources given their own section, and quotes per such section. */
export const MAX_DETAIL_SOURCES = 6;
export const MAX_QUOTES_PER_SOURCE = 2;
/** Claim candidates read per document. */
export const MAX_CLAIMS_PER_DOCUMENT = 60;
/** Entities listed per report. */
export const MAX_REPORT_ENTITIES = 10;
/** A statement from one source needs that source at this reliability (TRUSTED) not to be marked unverified. */
export const CORROBORATION_TRUST = trustScore('TRUSTED');
/** Ranking: relevance × (RELIABILITY_FLOOR + (1 − RELIABILITY_FLOOR) × reliability) + CORROBORATION_BONUS per extra source. */
export const RELIABILITY_FLOOR = 0.5;
export const CORROBORATION_BONUS = 0.1;

export interface ReadSource {
  doc: SourceDocument;
  ref: SourceReference;
}

export interface BuildReportOptions {
  topic: string;
  language: ReportLanguage;
  agentId: number;
  modifiers: string[];
  queries: string[];
  sources: ReadSource[];
  /** Questions carried from the previous iteration that this agent followed up, with the new sources each found. */
  followUps?: Array<{ question: string; newSources: number }>;
  /** The subject's other names (topic-reading.ts); without it, the topic's words and the kinds the sources name. */
  thesaurus?: Thesaurus;
}

export interface BuiltReport {
  content: string;
  claims: ReportClaim[];
  entities: ReportEntity[];
  /** The key findings the content lists, as data. */
  keyFindings: ReportFinding[];
  /** The kinds its sources name (topic-reading.ts), read with the topic's subject. */
  kinds: KindOf[];
}

interface Quote {
  text: string;
  sourceIndex: number;
  normalized: NormalizedClaim;
}

interface Finding {
  merged: NormalizedClaim;
  quote: Quote;
  /** Distinct sources stating it, by index. */
  sourceIndexes: number[];
  relevance: number;
  rank: number;
  unverified: boolean;
}

/** Verbatim checkable sentences of a document, normalized. */
function quotesOf(doc: SourceDocument, sourceIndex: number): Quote[] {
  const out: Quote[] = [];
  for (const c of extractClaimCandidates({
    text: doc.text,
    source: doc.url,
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
    maxClaims: MAX_CLAIMS_PER_DOCUMENT,
  })) {
    // The verbatim sentence (or clause of a run-on) the claim was read from; its statement may name a resolved antecedent.
    const text = doc.text.slice(c.start, c.end);
    // A sentence broken over lines would not survive as one quote line; keep only one-line sentences.
    if (!text.trim() || /\n/.test(text)) continue;
    out.push({
      text,
      sourceIndex,
      normalized: normalizeClaim({ text: c.text, quote: text, source: doc.url, ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}) }),
    });
  }
  return out;
}

/** A statement below this relevance to the topic is not a finding (research's threshold for relevant claims). */
export const FINDING_MIN_RELEVANCE = 0.3;

function findingsOf(sources: ReadSource[], quotes: Quote[], topic: string, kinds: readonly KindOf[], thesaurus: Thesaurus | undefined): Finding[] {
  // Research's term rules: the topic's subject and aspects, terms weighted by rarity among the statements read
  // (a research run mixes them with the encoder's cosine, relevance by meaning; consensus keeps the rules),
  // the subject read through its other names and the kinds the quotes name.
  const analysis = topicReading(topic, kinds, thesaurus ? { thesaurus } : {});
  const weights = termWeights(quotes.map((q) => q.normalized.terms));
  const byQuote = new Map(quotes.map((q) => [`${q.sourceIndex}\u0000${q.text}`, q]));
  const merged = mergeClaims(
    quotes.map((q) => ({ ...q.normalized, sources: [{ source: String(q.sourceIndex), quote: q.text }] })),
    {},
  );
  const out: Finding[] = [];
  for (const m of merged) {
    const relevance = claimRelevance(analysis, m.terms, weights).relevance;
    if (relevance < FINDING_MIN_RELEVANCE) continue;
    const indexes = [...new Set(m.sources.map((s) => Number(s.source)))];
    // Quote the most reliable source stating it.
    const best = [...indexes].sort((a, b) => (sources[b]!.ref.reliabilityScore ?? 0) - (sources[a]!.ref.reliabilityScore ?? 0) || a - b)[0]!;
    const quoteText = m.sources.find((s) => Number(s.source) === best)!.quote;
    const quote = byQuote.get(`${best}\u0000${quoteText}`)!;
    const reliability = sources[best]!.ref.reliabilityScore ?? 0;
    const rank = relevance * (RELIABILITY_FLOOR + (1 - RELIABILITY_FLOOR) * reliability) + CORROBORATION_BONUS * (indexes.length - 1);
    out.push({ merged: m, quote, sourceIndexes: indexes, relevance, rank, unverified: indexes.length < 2 && reliability < CORROBORATION_TRUST });
  }
  return out.sort((a, b) => b.rank - a.rank || a.quote.sourceIndex - b.quote.sourceIndex);
}

/** A verbatim statement of a source, escaped for Markdown (core/format). */
function quoted(text: string, language: ReportLanguage): string {
  const t = mdInline(text);
  return language === 'ja' ? `「${t}」` : `“${t}”`;
}

/**
 * A key finding's line, its sources cited by `cite` (an agent report numbers them [1], [2]…; the final
 * report by its Sources list, [R1]…): the one line both reports write for a finding.
 */
export function keyFindingLine(f: ReportFinding, cite: (url: string) => string, language: ReportLanguage): string {
  const m = messagesFor(language);
  const others = f.otherSourceUrls.map(cite).join('');
  return `- ${f.unverified ? `${m.unverifiedLabel} ` : ''}${quoted(f.quote, language)} ${cite(f.sourceUrl)}${others ? m.alsoStatedIn(others) : ''}`;
}

function typeSummary(sources: ReadSource[], names: Record<AgentSourceType, string>, language: ReportLanguage): string {
  const counts = new Map<AgentSourceType, number>();
  for (const s of sources) {
    const t = s.ref.sourceType ?? 'community';
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const parts = [...counts.entries()].map(([t, n]) => (language === 'ja' ? `${names[t]} ${n}件` : `${n} ${names[t]}`));
  return parts.join(language === 'ja' ? '、' : ', ');
}

export function buildAgentReport(options: BuildReportOptions): BuiltReport {
  const { language, sources } = options;
  const m = messagesFor(language);
  const quotes = sources.flatMap((s, i) => quotesOf(s.doc, i));
  const kinds = kindsNamed(quotes.map((q) => q.text));
  const findings = findingsOf(sources, quotes, options.topic, kinds, options.thesaurus);
  const key = findings.slice(0, MAX_KEY_FINDINGS);
  const used = new Set(key.map((f) => f.quote));

  const lines: string[] = [m.agentTitle(options.topic, options.agentId, options.modifiers), ''];
  lines.push(
    m.overview,
    '',
    m.overviewText({
      sources: sources.length,
      byType: typeSummary(sources, m.sourceTypeNames, language),
      claims: findings.length,
      corroborated: findings.filter((f) => f.sourceIndexes.length > 1).length,
      unverified: key.filter((f) => f.unverified).length,
      queries: options.queries,
    }),
    '',
  );

  lines.push(m.keyFindings, '');
  if (key.length === 0) lines.push(m.noFindings);
  const keyFindings: ReportFinding[] = key.map((f) => ({
    quote: f.quote.text,
    sourceUrl: sources[f.quote.sourceIndex]!.ref.url,
    // Each other source once, not the quoted one again (two results may be one page).
    otherSourceUrls: [...new Set(f.sourceIndexes.map((i) => sources[i]!.ref.url))].filter((u) => u !== sources[f.quote.sourceIndex]!.ref.url),
    unverified: f.unverified,
  }));
  const number = new Map<string, number>();
  sources.forEach((s, i) => number.has(s.ref.url) || number.set(s.ref.url, i + 1));
  for (const f of keyFindings) lines.push(keyFindingLine(f, (url) => `[${number.get(url)}]`, language));
  lines.push('');

  // Each source's own most relevant statements not already among the key findings.
  const detail: Array<{ index: number; quotes: Quote[] }> = [];
  const perSource = new Map<number, Finding[]>();
  for (const f of findings) {
    if (used.has(f.quote)) continue;
    const list = perSource.get(f.quote.sourceIndex) ?? [];
    if (list.length < MAX_QUOTES_PER_SOURCE) list.push(f);
    perSource.set(f.quote.sourceIndex, list);
  }
  for (const [index, list] of [...perSource.entries()].sort((a, b) => a[0] - b[0]).slice(0, MAX_DETAIL_SOURCES)) {
    detail.push({ index, quotes: list.map((f) => f.quote) });
  }
  if (detail.length > 0) {
    lines.push(m.details, '');
    for (const d of detail) {
      lines.push(`### [${d.index + 1}] ${mdInline(sources[d.index]!.ref.title)}`, '');
      for (const q of d.quotes) lines.push(`- ${quoted(q.text, language)}`);
      lines.push('');
    }
  }

  const entities = extractEntities(
    sources.map((s) => s.doc.text),
    MAX_REPORT_ENTITIES,
  );
  if (entities.length > 0) {
    lines.push(m.entities, '');
    for (const e of entities)
      lines.push(
        language === 'ja' ? `- ${mdInline(e.text)}（${m.entityKinds[e.kind]}、${e.count}回）` : `- ${mdInline(e.text)} (${m.entityKinds[e.kind]}, ×${e.count})`,
      );
    lines.push('');
  }

  if (options.followUps && options.followUps.length > 0) {
    lines.push(m.followUp, '');
    for (const f of options.followUps) lines.push(m.followUpLine(f.question, f.newSources));
    lines.push('');
  }

  lines.push(m.sources, '');
  sources.forEach((s, i) => {
    lines.push(
      `- ${m.sourceLine({
        n: i + 1,
        title: s.ref.title,
        url: s.ref.url,
        reliability: ((s.ref.reliabilityScore ?? 0) * 100).toFixed(0),
        level: s.ref.trustLevel ?? '-',
        type: m.sourceTypeNames[s.ref.sourceType ?? 'community'],
      })}`,
    );
  });

  const cited = [...key.map((f) => ({ f, q: f.quote })), ...detail.flatMap((d) => d.quotes.map((q) => ({ f: findings.find((x) => x.quote === q)!, q })))];
  const claims: ReportClaim[] = cited.map(({ f, q }) => ({
    text: q.text,
    sourceUrl: sources[q.sourceIndex]!.ref.url,
    ...(sources[q.sourceIndex]!.doc.publishedAt ? { publishedAt: sources[q.sourceIndex]!.doc.publishedAt } : {}),
    corroboratingSources: f.sourceIndexes.length,
    unverified: f.unverified,
  }));
  return { content: lines.join('\n').trimEnd() + '\n', claims, entities, keyFindings, kinds };
}
