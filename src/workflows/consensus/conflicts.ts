// Conflicts between the statements of different reports (seed 004 §2.3 detectConflicts), judged by
// the stance model. Related pairs are found first (embedding cosine, or shared words), the model
// judges each pair both ways, and a pair that is a contradiction in both directions by the rule the
// engine's contradiction edges use too (policy isConflictBothWays, tolerance `conflictThreshold`) is
// a conflict, typed and rated as below.
import {
  NonRetryableError,
  contentHash,
  cosineSimilarity,
  throwIfAborted,
  type EmbeddingModel,
  type StanceJudgement,
  type StanceJudge,
  type StancePair,
} from '../../core/index.js';
import { extractClaimCandidates, normalizeClaim, type NormalizedClaim } from '../../extract/index.js';
import { RELATED_MIN_COSINE, RELATED_MIN_OVERLAP, isConflictBothWays, isContradiction, isHighTrust, termRelatedness, trustScore } from '../../policy/index.js';
import { messagesFor } from './messages.js';
import { sourceKey } from './source-selection.js';
import type { AgentReport, ConflictDetail, ConflictType, ReportClaim, ReportLanguage } from './types.js';

/** Severity of each conflict type before adjustments (1-5). */
export const BASE_SEVERITY: Readonly<Record<ConflictType, number>> = { contradiction: 4, inconsistency: 3, outdated: 2 };
/** Reliability below which a side lowers severity by one (below TRUSTED: LOW, UNVERIFIED). */
export const LOW_RELIABILITY = trustScore('TRUSTED');
/** Pairs per stance-model call. */
export const STANCE_BATCH = 500;

interface Statement {
  reportId: string;
  claim: ReportClaim;
  normalized: NormalizedClaim;
  reliability: number;
  highTrust: boolean;
  years: number[];
}

/** Statements of a report: its cited claims, or sentences of its text when it carries none. */
export function reportStatements(report: AgentReport): ReportClaim[] {
  if (report.claims) return report.claims;
  const text = report.content
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .map((l) =>
      l
        .replace(/^\s*[-*]\s+/, '')
        .replace(/\[(?:要検証|未確認|unverified)\]/gi, ' ')
        .replace(/[「」“”]/g, ' '),
    )
    .join('\n')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\[\d+\]/g, ' ');
  return extractClaimCandidates({ text, source: `report:${report.reportId}` }).map((c) => ({ text: c.text, sourceUrl: `report:${report.reportId}` }));
}

function yearsOf(claim: ReportClaim, normalized: NormalizedClaim): number[] {
  const years = new Set<number>();
  for (const m of (normalized.slots.time ?? '').matchAll(/(1[5-9]\d{2}|20\d{2})/g)) years.add(Number(m[1]));
  if (years.size === 0 && claim.publishedAt) {
    const y = Number(claim.publishedAt.slice(0, 4));
    if (Number.isFinite(y) && y > 1000) years.add(y);
  }
  return [...years].sort();
}

function statementsOf(report: AgentReport, max: number): Statement[] {
  const byUrl = new Map(report.sources.map((s) => [sourceKey(s.url), s]));
  return reportStatements(report)
    .slice(0, max)
    .map((claim) => {
      const normalized = normalizeClaim({ text: claim.text, source: claim.sourceUrl });
      const src = byUrl.get(sourceKey(claim.sourceUrl));
      const reliability = src?.reliabilityScore ?? trustScore('UNVERIFIED');
      const highTrust = src?.trustLevel ? isHighTrust(src.trustLevel) : reliability >= trustScore('ACADEMIC');
      return { reportId: report.reportId, claim, normalized, reliability, highTrust, years: yearsOf(claim, normalized) };
    });
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** outdated: the two statements are dated differently; inconsistency: their figures differ; else contradiction. */
export function conflictType(a: { years: number[]; numbers: string[] }, b: { years: number[]; numbers: string[] }): ConflictType {
  if (a.years.length > 0 && b.years.length > 0 && Math.max(...a.years) !== Math.max(...b.years)) return 'outdated';
  if (a.numbers.length > 0 && b.numbers.length > 0 && !sameList(a.numbers, b.numbers)) return 'inconsistency';
  return 'contradiction';
}

/**
 * Severity 1-5: the type's base, +1 when either statement is of high decision relevance, +1 when
 * both sources are high trust (ACADEMIC and above: a contested point, DESIGN.md principle 4), −1
 * when either source is below TRUSTED.
 */
export function conflictSeverity(o: { type: ConflictType; highRelevance: boolean; bothHighTrust: boolean; anyLowReliability: boolean }): number {
  const s = BASE_SEVERITY[o.type] + (o.highRelevance ? 1 : 0) + (o.bothHighTrust ? 1 : 0) - (o.anyLowReliability ? 1 : 0);
  return Math.min(5, Math.max(1, s));
}

export interface DetectConflictsOptions {
  reports: AgentReport[];
  judge: StanceJudge;
  embedding?: EmbeddingModel;
  conflictThreshold: number;
  maxClaimsPerReport: number;
  /** Pairs judged per pair of reports (the most related first). */
  maxPairs: number;
  language: ReportLanguage;
  signal?: AbortSignal;
}

/** Conflicts of every report with the others, keyed by report id (statement1 is that report's). */
export async function detectConflicts(options: DetectConflictsOptions): Promise<Map<string, ConflictDetail[]>> {
  const out = new Map<string, ConflictDetail[]>(options.reports.map((r) => [r.reportId, []]));
  const statements = options.reports.map((r) => statementsOf(r, options.maxClaimsPerReport));
  let vectors: Map<Statement, Float32Array> | undefined;
  if (options.embedding) {
    const flat = statements.flat();
    const embedded =
      flat.length > 0
        ? await options.embedding.embed(
            flat.map((s) => s.normalized.statement),
            { signal: options.signal },
          )
        : [];
    vectors = new Map(flat.map((s, i) => [s, embedded[i]!]));
  }
  const related = (a: Statement, b: Statement): number =>
    vectors ? cosineSimilarity(vectors.get(a)!, vectors.get(b)!) : termRelatedness(a.normalized.terms, b.normalized.terms);
  const minRelated = vectors ? RELATED_MIN_COSINE : RELATED_MIN_OVERLAP;

  const candidates: Array<[Statement, Statement]> = [];
  for (let i = 0; i < statements.length; i++) {
    for (let j = i + 1; j < statements.length; j++) {
      const scored: Array<{ a: Statement; b: Statement; sim: number }> = [];
      for (const a of statements[i]!) {
        for (const b of statements[j]!) {
          if (sourceKey(a.claim.sourceUrl) === sourceKey(b.claim.sourceUrl)) continue; // one source agrees with itself
          if (a.normalized.claimId === b.normalized.claimId || a.normalized.fingerprint === b.normalized.fingerprint) continue;
          const sim = related(a, b);
          if (sim >= minRelated) scored.push({ a, b, sim });
        }
      }
      scored.sort((x, y) => y.sim - x.sim);
      for (const p of scored.slice(0, options.maxPairs)) candidates.push([p.a, p.b]);
    }
  }
  throwIfAborted(options.signal);
  if (candidates.length === 0) return out;

  const judge = async (pairs: StancePair[]): Promise<StanceJudgement[]> => {
    const out: StanceJudgement[] = [];
    for (let k = 0; k < pairs.length; k += STANCE_BATCH) {
      const batch = pairs.slice(k, k + STANCE_BATCH);
      const got = await options.judge.judge(batch, { signal: options.signal });
      if (got.length !== batch.length) {
        throw new NonRetryableError(
          `conflict detection: stance model ${options.judge.stanceModelName()} answered ${got.length} judgements for ${batch.length} pairs`,
          {
            code: 'stance_answer_mismatch',
          },
        );
      }
      out.push(...got);
    }
    return out;
  };
  // The reverse direction is judged only where the forward one is a contradiction (the first half
  // of isConflictBothWays), which halves the model calls.
  const forward = await judge(candidates.map(([a, b]) => ({ claim: a.normalized.statement, passage: b.normalized.statement })));
  const flagged = candidates.map((_, k) => k).filter((k) => isContradiction(forward[k]!, options.conflictThreshold));
  const reverse = await judge(flagged.map((k) => ({ claim: candidates[k]![1].normalized.statement, passage: candidates[k]![0].normalized.statement })));

  const m = messagesFor(options.language);
  const seen = new Set<string>();
  flagged.forEach((k, r) => {
    const [a, b] = candidates[k]!;
    const j1 = forward[k]!;
    const j2 = reverse[r]!;
    if (!isConflictBothWays(j1, j2, options.conflictThreshold)) return;
    const type = conflictType({ years: a.years, numbers: a.normalized.numbers }, { years: b.years, numbers: b.normalized.numbers });
    const severity = conflictSeverity({
      type,
      highRelevance: a.normalized.decisionRelevance === 'high' || b.normalized.decisionRelevance === 'high',
      bothHighTrust: a.highTrust && b.highTrust,
      anyLowReliability: a.reliability < LOW_RELIABILITY || b.reliability < LOW_RELIABILITY,
    });
    const resolution = resolutionOf(type, a, b, m);
    const key = [`${a.reportId}\u0000${a.claim.text}`, `${b.reportId}\u0000${b.claim.text}`].sort().join('\u0001');
    // The same two sentences quoted by both reports (each citing the other's source too) count once.
    const textKey = `${[a.reportId, b.reportId].sort().join('|')}\u0002${[a.claim.text, b.claim.text].sort().join('\u0001')}`;
    if (seen.has(textKey)) return;
    seen.add(textKey);
    const conflictId = `cfl_${contentHash(key).slice(0, 16)}`;
    const side = (s: Statement): ConflictDetail['statement1'] => ({ text: s.claim.text, source: s.claim.sourceUrl, reportId: s.reportId });
    const base = { conflictId, type, severity, confidence: Math.min(j1.scores.refutes, j2.scores.refutes), resolution };
    out.get(a.reportId)!.push({ ...base, statement1: side(a), statement2: side(b) });
    out.get(b.reportId)!.push({ ...base, statement1: side(b), statement2: side(a) });
  });
  return out;
}

function resolutionOf(type: ConflictType, a: Statement, b: Statement, m: ReturnType<typeof messagesFor>): string {
  if (type === 'outdated') {
    const ya = Math.max(...a.years);
    const yb = Math.max(...b.years);
    return ya > yb ? m.resolveOutdated(String(ya), String(yb)) : m.resolveOutdated(String(yb), String(ya));
  }
  if (type === 'inconsistency') return m.resolveNumbers(a.normalized.numbers.join(', '), b.normalized.numbers.join(', '));
  if (a.reliability === b.reliability) return m.resolveContradiction(undefined);
  return m.resolveContradiction(a.reliability > b.reliability ? a.claim.sourceUrl : b.claim.sourceUrl);
}
