// A task's evidence graph in run-independent terms, for the crash and worker comparisons: pages by URL,
// fragments by URL and locator, claims by statement, edges by their endpoints' keys. Two runs of the same
// queries (one uninterrupted, one killed and resumed, or taken by other workers) must give equal maps.
// Scores (stance confidence, relevance) are compared within SCORE_TOLERANCE, not as printed digits: the
// stance model's output for one pair differs in the 7th digit with the batch it was judged in (ONNX picks
// kernels by shape), and a resumed run batches differently (CI: 0.342412 against 0.342413 failed a
// comparison of six printed decimals).
import assert from 'node:assert/strict';
import type { Edge, Store } from '../core/index.js';

/** How far two runs' scores of one edge or claim may differ. */
export const SCORE_TOLERANCE = 1e-4;

/** What is compared of one page, claim or edge: its exact part and its scores. */
export interface SnapshotValue {
  text: string;
  scores: number[];
}

export interface GraphSnapshot {
  pages: Map<string, SnapshotValue>;
  claims: Map<string, SnapshotValue>;
  edges: Map<string, SnapshotValue>;
}

const value = (text: string, ...scores: number[]): SnapshotValue => ({ text, scores });
const show = (v: SnapshotValue | undefined): string => (v ? [v.text, ...v.scores.map((x) => x.toFixed(6))].join(' ') : '');
const same = (a: SnapshotValue, b: SnapshotValue): boolean =>
  a.text === b.text && a.scores.length === b.scores.length && a.scores.every((x, i) => Math.abs(x - b.scores[i]!) <= SCORE_TOLERANCE);

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
  const edgeValue = (e: Edge): SnapshotValue => {
    if (e.kind === 'cites') return value(`cites influential=${e.influential}`, e.relevance);
    if (e.kind === 'contradicts') return value(`${e.contradictionType} ${e.trustLevel}/${e.otherTrustLevel}`);
    return value(`${e.kind} ${e.model ?? ''}`, e.confidence);
  };
  return {
    pages: new Map(pages.map((p) => [p.url, value(`${p.fetchStatus} ${p.contentHash ?? ''} ${store.listFragments(p.id).length}`)])),
    claims: new Map(claims.map((c) => [c.statement, value(c.status ?? 'PENDING', c.confidence ?? 0)])),
    edges: new Map(store.listEdges(taskId).map((e) => [edgeKey(e), edgeValue(e)])),
  };
}

/** Equal maps, or a failure listing (a few of) the keys missing, extra and different. */
export function assertSameMap(actual: Map<string, SnapshotValue>, expected: Map<string, SnapshotValue>, what: string): void {
  const missing = [...expected.keys()].filter((k) => !actual.has(k));
  const extra = [...actual.keys()].filter((k) => !expected.has(k));
  const differ = [...expected.keys()].filter((k) => actual.has(k) && !same(actual.get(k)!, expected.get(k)!));
  if (missing.length + extra.length + differ.length === 0) return;
  const list = (keys: string[], f: (k: string) => string): string => keys.slice(0, 8).map(f).join('\n    ');
  assert.fail(`${what}: ${expected.size} in the reference run, ${actual.size} in the other; ${missing.length} missing, ${extra.length} extra, ${differ.length} different (scores within ${SCORE_TOLERANCE})
  missing:\n    ${list(missing, (k) => `${k} = ${show(expected.get(k))}`)}
  extra:\n    ${list(extra, (k) => `${k} = ${show(actual.get(k))}`)}
  different:\n    ${list(differ, (k) => `${k}: ${show(expected.get(k))} → ${show(actual.get(k))}`)}`);
}

/** Kill points a failure can replay from its printed seed (re-exported for the crash tests). */
export { seededRandom } from './seeded-random.js';
