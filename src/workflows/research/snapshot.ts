// Reading the task through Engine.materials: every claim (paged), the pages, contradictions and the
// counterevidence log, and what one search changed (new pages, new claims, claims with new evidence).
// Deltas are computed from stored materials, never from a live outcome, so a search the engine
// finished on resume is accounted exactly like one that finished in this process.
import type { ClaimMaterial, Engine, EvidenceView, Materials, SourceView, TaskCounts } from '../../core/index.js';
import { isOriginModel } from '../../core/index.js';
import { normalizeClaim, type NormalizedClaim } from '../../extract/index.js';

/** Claims read per materials page (the engine's maximum). */
export const MATERIALS_PAGE = 1_000;
/** Most claims a run reads back; a larger task is reported as truncated. */
export const MAX_SNAPSHOT_CLAIMS = 20_000;
/** Model name the engine gives the edge from a claim to the sentence it was extracted from. */

export interface TaskSnapshot {
  claims: ClaimMaterial[];
  pages: SourceView[];
  contested: Materials['contested'];
  counterevidenceLog: Materials['counterevidenceLog'];
  totalClaims: number;
  truncated: boolean;
}

/** `closestFor`: claims whose closest neutral passages to read too (the answer's proposition), `closestLimit` each. */
export function loadSnapshot(
  engine: Pick<Engine, 'materials'>,
  taskId: string,
  options: { closestFor?: readonly string[]; closestLimit?: number } = {},
): TaskSnapshot {
  const extra =
    options.closestFor && options.closestFor.length > 0
      ? { closestFor: options.closestFor, ...(options.closestLimit !== undefined ? { closestLimit: options.closestLimit } : {}) }
      : {};
  const first = engine.materials(taskId, { offset: 0, limit: MATERIALS_PAGE, ...extra });
  const claims = [...first.claims];
  const total = first.paging.totalClaims;
  for (let offset = MATERIALS_PAGE; offset < Math.min(total, MAX_SNAPSHOT_CLAIMS); offset += MATERIALS_PAGE) {
    claims.push(...engine.materials(taskId, { offset, limit: MATERIALS_PAGE, ...extra }).claims);
  }
  // Claim order for everything downstream: by id, so it never depends on the engine's display order.
  claims.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    claims,
    pages: first.pages,
    contested: first.contested,
    counterevidenceLog: first.counterevidenceLog,
    totalClaims: total,
    truncated: total > MAX_SNAPSHOT_CLAIMS,
  };
}

export function isOrigin(e: EvidenceView): boolean {
  return isOriginModel(e);
}

/** Unit of independence: corpus documents each, web pages by registrable domain (as the engine counts). */
export function sourceKey(s: SourceView): string {
  return s.url.startsWith('corpus://') || s.url.startsWith('file://') ? s.url : s.domain;
}

/** Independent sources other than the claim's own origins that support or refute it. */
export function independentEvidenceSources(c: ClaimMaterial): number {
  const origins = new Set(c.origins.map(sourceKey));
  const keys = new Set<string>();
  for (const e of [...c.supporting, ...c.refuting]) {
    if (isOrigin(e)) continue;
    const k = sourceKey(e.source);
    if (!origins.has(k)) keys.add(k);
  }
  return keys.size;
}

export interface Baseline {
  pageIds: string[];
  evidence: Record<string, number>;
}

export interface SnapshotDelta {
  newPageIds: string[];
  newClaimIds: string[];
  /** Claims that existed before and gained supporting or refuting evidence. */
  touchedClaimIds: string[];
  next: Baseline;
}

/**
 * What changed between the baseline and the task's counts now (Engine.counts: no materials are built,
 * so this runs after every search). Claims in id order, so the delta never depends on store order.
 */
export function countsDelta(base: Baseline, now: TaskCounts): SnapshotDelta {
  const pages = new Set(base.pageIds);
  const newPageIds = now.pageIds.filter((id) => !pages.has(id));
  const newClaimIds: string[] = [];
  const touchedClaimIds: string[] = [];
  for (const id of Object.keys(now.evidence).sort()) {
    const before = Object.hasOwn(base.evidence, id) ? base.evidence[id] : undefined;
    if (before === undefined) newClaimIds.push(id);
    else if (now.evidence[id]! > before) touchedClaimIds.push(id);
  }
  return { newPageIds, newClaimIds, touchedClaimIds, next: { pageIds: [...now.pageIds], evidence: { ...now.evidence } } };
}

/** normalizeClaim of claim statements, cached (slots and features are pure functions of the text). */
export function createClaimAnalyzer(): (statement: string) => NormalizedClaim {
  const cache = new Map<string, NormalizedClaim>();
  return (statement) => {
    let n = cache.get(statement);
    if (!n) cache.set(statement, (n = normalizeClaim({ text: statement, source: 'statement' })));
    return n;
  };
}

/** A claim holding this many of a long question's content terms is fully relevant (a question may be a whole sentence). */
export const RELEVANCE_TERMS_CAP = 6;

/**
 * Relevance of a claim to the question, 0..1: for each form of the question (the question, each
 * translated topic), the question's content terms found among the claim's, divided by the number
 * of question terms (at most RELEVANCE_TERMS_CAP); the best form counts.
 */
export function relevanceTo(questionTerms: ReadonlyArray<readonly string[]>, claimTerms: readonly string[]): number {
  const have = new Set(claimTerms);
  let best = 0;
  for (const terms of questionTerms) {
    if (terms.length === 0) continue;
    const hit = terms.filter((t) => have.has(t)).length;
    best = Math.max(best, Math.min(1, hit / Math.min(terms.length, RELEVANCE_TERMS_CAP)));
  }
  return Math.round(best * 1000) / 1000;
}
