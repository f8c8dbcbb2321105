// Phase 7 step 4: L6 source verification (seed 000 割り当てフロー). Per web domain, this task's
// contributions — claims the domain states, supports or refutes — are accepted or rejected (rejected:
// its side lost a misinformation contradiction) and written with replaceDomainContributions, so the
// whole task is recomputed, never incremented. The totals over all tasks, the domain's independent
// corroborations and its contradictions go through verifySource; nextDomainState is stored.
// Corpus documents are not verified: their level is what the user declared for the corpus.
import type { DomainContribution, DomainState, EngineEvent, Page, Store, TrustLevel } from '../../core/index.js';
import { nextDomainState, verifySource, type ContradictionRecord, type CorroboratingSource } from '../../policy/index.js';
import type { SourceInfo, TaskGraph, TrustResolver } from '../materials/index.js';
import type { ContradictionFinding } from './contradictions.js';

/** Corroborating passages considered per domain (independence checks are quadratic). */
export const MAX_CORROBORATIONS_PER_DOMAIN = 500;

export interface VerificationStep {
  /** Level of each domain whose state was written now. */
  levels: Map<string, TrustLevel>;
  blocked: string[];
  promoted: string[];
  states: DomainState[];
  /** domain.blocked / domain.promoted events, emitted by the caller once the transaction commits. */
  events: EngineEvent[];
}

interface DomainWork {
  page: Page;
  claims: Set<string>;
  supported: Set<string>;
  rejected: Map<string, string>;
  records: ContradictionRecord[];
}

/**
 * A state's origin says where its level came from: an unchanged level keeps the origin it had
 * (config, pattern, default), so recording a domain twice never turns it into `verification`.
 */
function withStableOrigin(next: DomainState, previous: DomainState | undefined): DomainState {
  if (next.trustLevel !== next.originalTrustLevel) return { ...next, origin: 'verification' };
  return { ...next, origin: previous && previous.origin !== 'verification' ? previous.origin : next.origin === 'verification' ? 'config' : next.origin };
}

export function verifyDomains(options: {
  store: Store;
  trust: TrustResolver;
  graph: TaskGraph;
  sourceOf: (page: Page) => SourceInfo;
  findings: readonly ContradictionFinding[];
  now: string;
}): VerificationStep {
  const { store, trust, graph, sourceOf, findings, now } = options;
  const taskId = graph.task.id;
  const work = new Map<string, DomainWork>();
  const workOf = (page: Page): DomainWork | undefined => {
    const s = sourceOf(page);
    if (s.corpus) return undefined;
    let w = work.get(s.domain);
    if (!w) work.set(s.domain, (w = { page, claims: new Set(), supported: new Set(), rejected: new Map(), records: [] }));
    return w;
  };
  const supporters = new Map<string, Array<{ key: string; text: string }>>();
  for (const e of graph.stance) {
    if (e.kind === 'neutral') continue;
    const f = graph.fragmentById.get(e.fragmentId)!;
    const page = graph.pageById.get(f.pageId);
    if (!page) continue;
    const w = workOf(page);
    w?.claims.add(e.claimId);
    if (e.kind === 'supports') {
      w?.supported.add(e.claimId);
      const list = supporters.get(e.claimId) ?? [];
      list.push({ key: sourceOf(page).key, text: f.text });
      supporters.set(e.claimId, list);
    }
  }
  for (const f of findings) {
    for (const side of f.claimSources) {
      const w = workOf(side.page);
      if (!w) continue;
      if (f.claimStatus === 'rejected') w.rejected.set(f.claimId, f.otherClaimId);
      w.records.push({
        type: f.type,
        status: f.claimStatus,
        claimId: f.otherClaimId,
        otherDomain: f.refutingSide.source.domain,
        otherTrustLevel: f.refutingSide.level,
      });
    }
    for (const side of f.refutingSources) {
      const w = workOf(side.page);
      if (!w) continue;
      if (f.refutingStatus === 'rejected') w.rejected.set(f.otherClaimId, f.claimId);
      w.records.push({
        type: f.type,
        status: f.refutingStatus,
        claimId: f.claimId,
        otherDomain: f.claimSide.source.domain,
        otherTrustLevel: f.claimSide.level,
      });
    }
  }

  // A contest with a source rejected as misinformation (now, or blocked before) is no contest: it
  // neither marks this domain contested nor stops its promotion.
  const rejectedDomains = new Set([...work].filter(([, w]) => w.rejected.size > 0).map(([d]) => d));
  for (const w of work.values()) {
    w.records = w.records.filter(
      (r) => r.status !== 'contested' || (!rejectedDomains.has(r.otherDomain) && store.getDomainState(r.otherDomain)?.trustLevel !== 'BLOCKED'),
    );
  }

  const domains = [...work.keys()].sort();
  const rows: DomainContribution[] = domains
    .map((d) => {
      const w = work.get(d)!;
      const rejected = [...w.rejected.keys()].filter((c) => w.claims.has(c)).length;
      return { domain: d, accepted: w.claims.size - rejected, rejected, causingClaimIds: [...new Set(w.rejected.values())].sort() };
    })
    .filter((r) => r.accepted + r.rejected > 0);
  store.replaceDomainContributions(taskId, rows);

  const result: VerificationStep = { levels: new Map(), blocked: [], promoted: [], states: [], events: [] };
  for (const row of rows) {
    const d = row.domain;
    const w = work.get(d)!;
    const resolved = trust.of(w.page.url);
    const previous = store.getDomainState(d);
    const totals = store.domainContributionTotals(d)[0] ?? { accepted: 0, rejected: 0 };
    const corroborations: CorroboratingSource[] = [];
    for (const claimId of [...w.supported].sort()) {
      for (const s of supporters.get(claimId) ?? []) {
        if (s.key !== d && corroborations.length < MAX_CORROBORATIONS_PER_DOMAIN) corroborations.push({ domain: s.key, text: s.text });
      }
    }
    const level = previous?.trustLevel ?? resolved.trustLevel;
    const outcome = verifySource({
      domain: d,
      trustLevel: level,
      corroborations,
      accepted: totals.accepted,
      rejected: totals.rejected,
      contradictions: w.records,
    });
    if (outcome.action === 'unchanged' && !previous) continue;
    const next = withStableOrigin(
      nextDomainState({
        domain: d,
        ...(previous ? { previous } : {}),
        configuredLevel: previous?.originalTrustLevel ?? resolved.trustLevel,
        outcome,
        accepted: totals.accepted,
        rejected: totals.rejected,
        now,
      }),
      previous,
    );
    store.upsertDomainState(next);
    result.states.push(next);
    result.levels.set(d, next.trustLevel);
    if (outcome.action === 'blocked' && previous?.trustLevel !== 'BLOCKED') {
      result.blocked.push(d);
      result.events.push({ type: 'domain.blocked', taskId, domain: d, reason: next.reason ?? outcome.reason, at: now });
    }
    if (outcome.action === 'promoted' && previous?.trustLevel !== next.trustLevel) {
      result.promoted.push(d);
      result.events.push({ type: 'domain.promoted', taskId, domain: d, reason: outcome.reason, at: now });
    }
  }
  return result;
}
