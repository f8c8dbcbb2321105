// The MaterialsPage view on a large task: pages within the byte budget that together hold every
// claim once, the fields asked for, quotes cut around their decisive sentence and whole one call
// away, contested pairs and the rest restricted to the page's claims, validation of the options.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError, type MaterialsPage } from '../../core/index.js';
import { writeLargeTask, type LargeTask } from '../../test-support/large-task.js';
import { createGraphFixture, tableTrust, type GraphFixture } from '../graph/graph.fixture.js';
import { buildMaterials, buildMaterialsPage, MATERIALS_PAGE_DEFAULTS, type TrustResolver } from './index.js';

let fx: GraphFixture;
let task: LargeTask;
let trust: TrustResolver;

before(() => {
  fx = createGraphFixture();
  task = writeLargeTask(fx.store, { claims: 60, pages: 20 });
  trust = tableTrust(fx.store, {});
});

after(() => fx.close());

const page = (options: Parameters<typeof buildMaterialsPage>[1] extends infer T ? Omit<T, 'taskId'> : never): MaterialsPage =>
  buildMaterialsPage({ store: fx.store, trust }, { taskId: task.taskId, ...options });
const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));

test('pages follow one another within the byte budget and hold every claim once, in the materials order', () => {
  const seen: string[] = [];
  let offset: number | undefined = 0;
  let pages = 0;
  while (offset !== undefined) {
    const p = page({ offset, limit: 50 });
    pages++;
    assert.ok(p.paging.bytes <= MATERIALS_PAGE_DEFAULTS.maxBytes, `page at ${offset}: ${p.paging.bytes} bytes`);
    assert.equal(p.paging.bytes, bytes(p));
    assert.equal(p.paging.returned, p.claims.length);
    assert.ok(p.claims.length >= 1);
    seen.push(...p.claims.map((c) => c.id));
    if (p.paging.nextOffset !== undefined) assert.ok(['bytes', 'limit'].includes(p.paging.stoppedBy));
    else assert.equal(p.paging.stoppedBy, 'end');
    offset = p.paging.nextOffset;
  }
  assert.ok(pages > 1, 'the budget split the task');
  const order = buildMaterials({ store: fx.store, trust }, { taskId: task.taskId, limit: 1_000 }).claims.map((c) => c.id);
  assert.deepEqual(seen, order);
});

test('a page carries the fields asked for, the strongest quotes cut around the decisive sentence, and only what its claims touch', () => {
  const p = page({ limit: 5, maxBytes: 1_000_000 });
  const c = p.claims[0]!;
  assert.deepEqual(
    Object.keys(c).sort(),
    [
      'conditions',
      'confidence',
      'controversy',
      'counts',
      'decisionRelevance',
      'id',
      'origins',
      'refuting',
      'statement',
      'status',
      'supporting',
      'uncertainty',
    ].sort(),
  );
  assert.deepEqual(c.counts, { supports: 7, refutes: 3, neutral: 6, contested: c.counts!.contested });
  assert.equal(c.supporting!.length, MATERIALS_PAGE_DEFAULTS.perClaim);
  assert.equal(c.refuting!.length, MATERIALS_PAGE_DEFAULTS.perClaim);
  for (const e of [...c.supporting!, ...c.refuting!]) {
    assert.ok(e.quote.length <= MATERIALS_PAGE_DEFAULTS.quoteChars);
    const whole = fx.store.getFragment(e.fragmentId)!.text;
    assert.equal(e.fragmentChars, whole.length);
    if (e.quoteSpan) assert.equal(whole.slice(e.quoteSpan[0], e.quoteSpan[1]), e.quote);
    if (e.model !== 'origin') assert.match(e.quote.slice(e.decisiveSpan![0], e.decisiveSpan![1]), /^In trial \d+\.\d+, /);
    assert.ok(
      p.pages.some((s) => s.pageId === e.pageId),
      'every quoted page is in pages',
    );
  }
  const ids = new Set(p.claims.map((x) => x.id));
  assert.ok(p.contested.length > 0 && p.contested.every((x) => ids.has(x.claimId) || ids.has(x.otherClaimId)));
  assert.deepEqual(p.counterevidenceLog.map((x) => x.claim_id).sort(), [...ids].sort());
  const pageIds = new Set(p.pages.map((s) => s.pageId));
  assert.ok(p.citations.every((x) => pageIds.has(x.fromPageId) && pageIds.has(x.toPageId)));
  assert.equal((p.task as Record<string, unknown>).configSnapshot, undefined, 'no configuration echo');

  const chosen = page({ claimIds: [task.claimIds[7]!, task.claimIds[3]!], fields: ['statement', 'rationale'], perClaim: 0 });
  assert.deepEqual(
    chosen.claims.map((x) => Object.keys(x).sort()),
    [
      ['id', 'rationale', 'statement'],
      ['id', 'rationale', 'statement'],
    ],
  );
  assert.deepEqual(new Set(chosen.claims.map((x) => x.id)), new Set([task.claimIds[7], task.claimIds[3]]));
  assert.equal(chosen.paging.totalClaims, 2);
  assert.deepEqual([chosen.contested, chosen.pages], [[], []]);
});

test("fragment ids return fragments whole; the subgraph holds the page's claims and edges; bad options are invalid input", () => {
  const f = page({ fragmentIds: task.fragmentIds.slice(0, 2) });
  assert.deepEqual(
    f.fragments!.map((x) => x.text),
    task.fragmentIds.slice(0, 2).map((id) => fx.store.getFragment(id)!.text),
  );
  assert.deepEqual(f.claims, []);
  const squeezed = page({ fragmentIds: task.fragmentIds.slice(0, 20), maxBytes: 5_000 });
  assert.ok(squeezed.fragments!.length >= 1 && squeezed.fragments!.length < 20);
  assert.equal(squeezed.fragments!.length + squeezed.fragmentsLeft!.length, 20);

  const g = page({ limit: 3, includeGraph: true, maxBytes: 1_000_000 });
  assert.deepEqual(
    g.graph!.claims.map((c) => c.id),
    g.claims.map((c) => c.id),
  );
  assert.ok(g.graph!.edges.some((e) => e.kind === 'neutral') && g.graph!.edges.some((e) => e.kind === 'contradicts'));
  assert.ok(g.paging.bytes > page({ limit: 3, maxBytes: 1_000_000 }).paging.bytes);

  const code = (fn: () => unknown): string | undefined => {
    try {
      fn();
    } catch (err) {
      return isLyraError(err) ? `${err.category}:${err.code}` : String(err);
    }
    return undefined;
  };
  assert.equal(
    code(() => page({ limit: 0 })),
    'invalid_input:invalid_argument',
  );
  assert.equal(
    code(() => page({ quoteChars: 10 })),
    'invalid_input:invalid_argument',
  );
  assert.equal(
    code(() => page({ fields: ['quote' as never] })),
    'invalid_input:invalid_argument',
  );
  assert.equal(
    code(() => page({ claimIds: ['clm_nope'] })),
    'invalid_input:claim_not_found',
  );
  assert.equal(
    code(() => page({ fragmentIds: ['fr_nope'] })),
    'invalid_input:fragment_not_found',
  );
});

test("a verify task's page puts the claim asked first and marks every other claim a side claim, counted apart (newcomer issue, item 2)", () => {
  const before = fx.store.getTask(task.taskId)!;
  const all = buildMaterials({ store: fx.store, trust }, { taskId: task.taskId, limit: 1_000 }).claims;
  const asked = all[17]!;
  try {
    fx.store.updateTask(task.taskId, { kind: 'verify', question: `${asked.statement.toUpperCase()} ` });
    const p = page({ offset: 0, limit: 5 });
    assert.equal(p.claims[0]!.id, asked.id);
    assert.equal(p.claims[0]!.sideClaim, undefined);
    assert.ok(p.claims.slice(1).every((c) => c.sideClaim === true));
    assert.equal(p.paging.sideClaims, all.length - 1);
    assert.equal(p.paging.bytes, bytes(p), 'the mark is counted in the byte budget');
    // The same question on a research task: no side claims.
    fx.store.updateTask(task.taskId, { kind: 'research' });
    const r = page({ offset: 0, limit: 5 });
    assert.ok(r.claims.every((c) => c.sideClaim === undefined));
    assert.equal(r.paging.sideClaims, 0);
  } finally {
    fx.store.updateTask(task.taskId, { kind: before.kind, question: before.question });
  }
});
