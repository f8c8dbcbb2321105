// The order of a claim's evidence must not depend on ids that embed the task id.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { modelJudge } from '../../core/index.js';
import type { Page } from '../../core/index.js';
import { byWeight, type EvidenceRecord } from './evidence.js';

function record(edgeId: string, url: string, charStart: number, confidence = 0.9): EvidenceRecord {
  const page: Page = {
    id: `pg_${url}`,
    url,
    domain: 'example',
    sourceType: 'other',
    fetchStatus: 'fetched',
    authors: [],
    identifiers: {},
    abstractOnly: false,
    trustLevel: 'LOW',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  return {
    edge: {
      id: edgeId,
      kind: 'supports',
      fragmentId: `frg_${edgeId}`,
      claimId: 'clm_1',
      confidence,
      judge: modelJudge('embedded'),
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    fragment: { id: `frg_${edgeId}`, pageId: page.id, text: `text at ${charStart}`, locator: { charStart }, quotable: true },
    page,
    source: { key: url, domain: 'example', trustLevel: 'LOW', origin: 'config', corpus: true },
  };
}

test('byWeight: strongest first; equal weights by URL and position, whatever the edge ids', () => {
  const order = (rs: EvidenceRecord[]): string[] => [...rs].sort(byWeight).map((r) => `${r.page.url}@${r.fragment.locator.charStart}`);
  const runA = [
    record('edg_b', 'corpus://x/b', 10),
    record('edg_a', 'corpus://x/a', 5),
    record('edg_c', 'corpus://x/a', 2),
    record('edg_d', 'corpus://x/z', 0, 0.95),
  ];
  // The same evidence in another task: other edge ids, in the opposite id order.
  const runB = [
    record('edg_4', 'corpus://x/b', 10),
    record('edg_9', 'corpus://x/a', 5),
    record('edg_1', 'corpus://x/a', 2),
    record('edg_0', 'corpus://x/z', 0, 0.95),
  ];
  const expected = ['corpus://x/z@0', 'corpus://x/a@2', 'corpus://x/a@5', 'corpus://x/b@10'];
  assert.deepEqual(order(runA), expected);
  assert.deepEqual(order(runB), expected);
  assert.deepEqual(order([...runB].reverse()), expected);
});
