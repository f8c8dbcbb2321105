// Step 1: claims from fragments, merged with the task's claims, each sentence an origin edge; limits
// are visible warnings; a page is read for claims once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClaimScreen, EmbeddingModel, StanceEdge } from '../../core/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { runGraphPhase } from './index.js';

test('the same claim on two pages is one claim with an origin edge from each page; re-running adds nothing', async () => {
  const fx = createGraphFixture();
  try {
    const stance = ruleStanceModel();
    const deps = { store: fx.store, stance, trust: tableTrust(fx.store, {}), emit: fx.emit };
    const a = fx.addPage({ url: 'https://a.example.org/1', paragraphs: ['Coffee consumption raised blood pressure in young adults.'] });
    const b = fx.addPage({
      url: 'https://b.example.net/2',
      paragraphs: ['Coffee consumption raised blood pressure in young adults.', 'The weather was cold.'],
    });
    const first = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [b.id, a.id] });
    const claims = fx.store.listClaims(fx.taskId);
    assert.equal(claims.length, 1);
    assert.deepEqual(first.claimIds, [claims[0]!.id]);
    const origins = (fx.store.listEdges(fx.taskId, 'supports') as StanceEdge[]).filter((e) => e.model === 'origin');
    assert.equal(origins.length, 2);
    assert.equal(origins[0]!.decisiveSentence, 'Coffee consumption raised blood pressure in young adults.');
    // Each origin edge stores where its sentence sits in its fragment: readers slice, never search.
    for (const o of origins) {
      const text = fx.store.getFragment(o.fragmentId)!.text;
      assert.equal(text.slice(...o.decisiveSpan!), o.decisiveSentence);
    }
    assert.equal(first.fragments, 3);
    assert.equal(first.usefulFragments, 2);
    assert.equal(fx.events.filter((e) => e.type === 'claim.added').length, 1);
    // No candidates remain: each page is an origin of the claim, so nothing is judged.
    assert.equal(stance.pairs, 0);
    const edgesBefore = fx.store.listEdges(fx.taskId).length;
    const second = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
    assert.deepEqual(second.claimIds, []);
    assert.equal(fx.store.listEdges(fx.taskId).length, edgesBefore);
  } finally {
    fx.close();
  }
});

test('claims per page and per task are limited with warnings', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}), emit: fx.emit, limits: { claimsPerPage: 2, claimsPerTask: 3 } };
    const text = (n: number): string => `Study ${n} found that zinc supplements shortened colds by ${n} days in children.`;
    const p1 = fx.addPage({ url: 'https://one.example.org/', paragraphs: [text(1), text(2), text(3)] });
    const p2 = fx.addPage({ url: 'https://two.example.org/', paragraphs: [text(4), text(5)] });
    const r = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [p1.id, p2.id] });
    assert.equal(fx.store.listClaims(fx.taskId).length, 3);
    const codes = r.warnings.map((w) => w.code);
    assert.ok(codes.includes('claims_per_page_limit'), codes.join());
    assert.ok(codes.includes('claims_per_task_limit'), codes.join());
    assert.equal(r.warnings.find((w) => w.code === 'claims_per_page_limit')?.target, 'https://one.example.org/');
  } finally {
    fx.close();
  }
});

test('with an embedding model, a paraphrase merges into the task claim it is close to', async () => {
  const fx = createGraphFixture();
  try {
    // Vectors by topic word: the two aspirin statements get the same vector, anything else another.
    const embedding: EmbeddingModel = {
      name: 'topic-test',
      dimensions: 2,
      embed: async (texts) => texts.map((t) => (/aspirin/i.test(t) ? Float32Array.from([1, 0]) : Float32Array.from([0, 1]))),
    };
    const deps = { store: fx.store, stance: ruleStanceModel(), embedding, trust: tableTrust(fx.store, {}), emit: fx.emit };
    const a = fx.addPage({ url: 'https://a.example.org/', paragraphs: ['Aspirin lowers heart attack risk in older men.'] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id] });
    const b = fx.addPage({ url: 'https://b.example.org/', paragraphs: ['Heart attack risk in older men is reduced by aspirin.'] });
    const r = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_2', pageIds: [b.id] });
    const claims = fx.store.listClaims(fx.taskId);
    assert.equal(claims.length, 1);
    assert.equal(claims[0]!.statement, 'Aspirin lowers heart attack risk in older men.');
    assert.deepEqual(r.claimIds, [claims[0]!.id]);
    assert.deepEqual(r.warnings, []);
  } finally {
    fx.close();
  }
});

test('deferStance extracts claims only; the next graph run judges them', async () => {
  const fx = createGraphFixture();
  try {
    const stance = ruleStanceModel();
    const deps = { store: fx.store, stance, trust: tableTrust(fx.store, {}), emit: fx.emit };
    const a = fx.addPage({ url: 'https://a.example.org/', paragraphs: ['Zinc lozenges reduced the duration of colds in adults by 2 days.'] });
    const b = fx.addPage({ url: 'https://b.example.org/', paragraphs: ['Vitamin C tablets did not reduce the duration of colds in 3 trials of adults.'] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id], deferStance: true });
    assert.equal(stance.pairs, 0);
    assert.equal(fx.store.listClaims(fx.taskId).length, 2);
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_2', pageIds: [] });
    assert.equal(stance.pairs, 2, 'each claim judged against the other page');
  } finally {
    fx.close();
  }
});

test('the learned claim screen drops a rule-accepted sentence from the claims, and is skipped with a warning under another embedding model', async () => {
  // Vectors by topic: the zinc finding scores high, the definition-like sentence low.
  const embedding: EmbeddingModel = {
    name: 'topic-test',
    dimensions: 2,
    embed: async (texts) => texts.map((t) => (/zinc/i.test(t) ? Float32Array.from([1, 0]) : Float32Array.from([0, 1]))),
  };
  const screen: ClaimScreen = { name: 'screen-test', embeddingModel: 'topic-test', dimensions: 2, threshold: 0.5, score: ({ vector }) => vector[0]! };
  const paragraphs = ['Zinc supplements shortened colds by two days in children.', 'Wind power generated 12 percent of electricity in Denmark in 2020.'];
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), embedding, claimScreen: screen, trust: tableTrust(fx.store, {}), emit: fx.emit };
    const page = fx.addPage({ url: 'https://a.example.org/', paragraphs });
    const r = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [page.id] });
    assert.deepEqual(
      fx.store.listClaims(fx.taskId).map((c) => c.statement),
      [paragraphs[0]],
    );
    assert.deepEqual(r.warnings, []);
  } finally {
    fx.close();
  }
  const other = createGraphFixture();
  try {
    const mismatched = { ...screen, embeddingModel: 'another-encoder', dimensions: 512 };
    const deps = { store: other.store, stance: ruleStanceModel(), embedding, claimScreen: mismatched, trust: tableTrust(other.store, {}), emit: other.emit };
    const page = other.addPage({ url: 'https://a.example.org/', paragraphs });
    const r = await runGraphPhase(deps, { taskId: other.taskId, queryId: 'q_1', pageIds: [page.id] });
    assert.equal(other.store.listClaims(other.taskId).length, 2);
    assert.deepEqual(
      r.warnings.map((w) => w.code),
      ['claim_screen_skipped'],
    );
  } finally {
    other.close();
  }
});

// Found trying a folder of one's own: a corpus document's title is stored as its first paragraph, and
// "Survey of managers, 2022" (a number, a plural noun) became a claim.
test("a page's own title is not read for claims; the same words elsewhere on the page would be", async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}), emit: fx.emit };
    const page = fx.addPage({
      url: 'corpus://work/survey.md',
      title: 'Survey of managers, 2022',
      paragraphs: ['Survey of managers, 2022', 'A 2022 survey of 1,000 managers found that 58% believed remote employees were less productive.'],
    });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [page.id] });
    assert.deepEqual(
      fx.store.listClaims(fx.taskId).map((c) => c.statement),
      ['A 2022 survey of 1,000 managers found that 58% believed remote employees were less productive.'],
    );
  } finally {
    fx.close();
  }
});
