// A task's evidence graph in run-independent terms, for the crash and worker comparisons: pages by URL,
// fragments by URL and locator, claims by statement, edges by their endpoints' keys. Two runs of the same
// queries (one uninterrupted, one killed and resumed, or taken by other workers) must give equal maps.
import assert from 'node:assert/strict';
import type { Edge, Store } from '../core/index.js';

export interface GraphSnapshot {
  pages: Map<string, string>;
  claims: Map<string, string>;
  edges: Map<string, string>;
}

export function graphSnapshot(store: Store, taskId: string): GraphSnapshot {
  const pages = store.listPages(taskId);
  const urlOf = new Map(pages.map((p) => [p.id, p.url]));
  const claims = store.listClaims(taskId);
  const statementOf = new Map(claims.map((c) => [c.id, c.statement]));
  const fragmentKey = new Map<string, string>();
  for (const f of store.listTaskFragments(taskId)) fragmentKey.set(f.id, `${urlOf.get(f.pageId)}@${JSON.stringify(f.locator)}`);
  const edgeKey = (e: Edge): string => {
    if (e.kind === 'cites') return `cites:${urlOf.get(e.fromPageId)}>${urlOf.get(e.toPageId)}`;
    if (e.kind === 'contradicts') return `contradicts:${[statementOf.get(e.claimId), statementOf.get(e.otherClaimId)].sort().join('~')}`;
    return `stance:${fragmentKey.get(e.fragmentId)}>${statementOf.get(e.claimId)}`;
  };
  const edgeValue = (e: Edge): string => {
    if (e.kind === 'cites') return `cites influential=${e.influential} ${e.relevance.toFixed(6)}`;
    if (e.kind === 'contradicts') return `${e.contradictionType} ${e.trustLevel}/${e.otherTrustLevel}`;
    return `${e.kind} ${e.confidence.toFixed(6)} ${e.model ?? ''}`;
  };
  return {
    pages: new Map(pages.map((p) => [p.url, `${p.fetchStatus} ${p.contentHash ?? ''} ${store.listFragments(p.id).length}`])),
    claims: new Map(claims.map((c) => [c.statement, `${c.status ?? 'PENDING'} ${(c.confidence ?? 0).toFixed(6)}`])),
    edges: new Map(store.listEdges(taskId).map((e) => [edgeKey(e), edgeValue(e)])),
  };
}

/** Equal maps, or a failure listing (a few of) the keys missing, extra and different. */
export function assertSameMap(actual: Map<string, string>, expected: Map<string, string>, what: string): void {
  const missing = [...expected.keys()].filter((k) => !actual.has(k));
  const extra = [...actual.keys()].filter((k) => !expected.has(k));
  const differ = [...expected.keys()].filter((k) => actual.has(k) && actual.get(k) !== expected.get(k));
  if (missing.length + extra.length + differ.length === 0) return;
  const show = (list: string[], f: (k: string) => string): string => list.slice(0, 8).map(f).join('\n    ');
  assert.fail(`${what}: ${expected.size} in the reference run, ${actual.size} in the other; ${missing.length} missing, ${extra.length} extra, ${differ.length} different
  missing:\n    ${show(missing, (k) => `${k} = ${expected.get(k)}`)}
  extra:\n    ${show(extra, (k) => `${k} = ${actual.get(k)}`)}
  different:\n    ${show(differ, (k) => `${k}: ${expected.get(k)} → ${actual.get(k)}`)}`);
}

/** A seeded PRNG (mulberry32) in [0, 1): kill points a failure can replay from its printed seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
