// verifyStatement against a real store: the statement becomes a claim judged against the task's
// fragments, with status, rationale and evidence carrying quotes, locators and trust levels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EmbeddingModel } from '../../core/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { VERIFY_KEY_PREFIX, verifyStatement } from './index.js';

test('a statement supported by two corpus documents and refuted by none is VERIFIED, each document its own source', async () => {
  const fx = createGraphFixture();
  try {
    const stance = ruleStanceModel();
    const deps = { store: fx.store, stance, trust: tableTrust(fx.store, {}, { corpusLevel: 'ACADEMIC' }), emit: fx.emit };
    const a = fx.addPage({
      url: 'corpus://covid/doc1',
      title: 'Saliva testing',
      paragraphs: ['Saliva samples detected SARS-CoV-2 with high sensitivity in adults.', 'Other text about swabs.'],
    });
    const b = fx.addPage({
      url: 'corpus://covid/doc2',
      title: 'Saliva study 2',
      paragraphs: ['In this cohort, saliva samples detected SARS-CoV-2 with high sensitivity in adults.'],
    });
    fx.addPage({ url: 'corpus://covid/doc3', paragraphs: ['Neandertal genes raise the risk of severe disease.'] });
    const out = await verifyStatement(deps, {
      taskId: fx.taskId,
      statement: '  Saliva samples detected SARS-CoV-2 with high sensitivity in adults. ',
      pageIds: [a.id, b.id],
      queries: ['saliva SARS-CoV-2 sensitivity'],
    });
    assert.equal(out.claim.statement, 'Saliva samples detected SARS-CoV-2 with high sensitivity in adults.');
    assert.equal(out.status, 'VERIFIED', out.rationale);
    assert.equal(out.supporting.length, 2);
    assert.equal(out.refuting.length, 0);
    const first = out.supporting[0]!;
    assert.equal(first.source.trustLevel, 'ACADEMIC');
    assert.equal(first.source.primary, true);
    assert.deepEqual(first.locator, { paragraph: 0 });
    assert.ok(first.quote.includes('saliva samples') || first.quote.includes('Saliva samples'));
    assert.equal(first.model, 'rule-test');
    assert.ok(out.confidence > 0.6 && out.confidence < 1);
    assert.deepEqual(out.queries, ['saliva SARS-CoV-2 sensitivity']);
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['embedding_model_missing'],
    );
    assert.ok(fx.store.loadCheckpoint(fx.taskId, `${VERIFY_KEY_PREFIX}${out.claim.id}`));
    // Corpus documents are not domains: no L6 state is written for them.
    assert.deepEqual(fx.store.listDomainStates(), []);
    // Verifying again judges nothing new and answers the same.
    const calls = stance.pairs;
    const again = await verifyStatement(deps, { taskId: fx.taskId, statement: out.claim.statement, pageIds: [a.id], queries: ['second query'] });
    assert.equal(stance.pairs, calls);
    assert.equal(again.status, out.status);
    assert.deepEqual(again.queries, ['saliva SARS-CoV-2 sensitivity', 'second query']);
  } finally {
    fx.close();
  }
});

test('a statement refuted by an ACADEMIC source is REFUTED with the refuting quote and its decisive sentence', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, { 'nih.gov': 'ACADEMIC' }), emit: fx.emit };
    const p = fx.addPage({
      url: 'https://pubmed.ncbi.nlm.nih.gov/5/',
      paragraphs: ['Background text. Hydroxychloroquine did not reduce mortality in hospitalized patients with COVID-19.'],
    });
    const out = await verifyStatement(deps, {
      taskId: fx.taskId,
      statement: 'Hydroxychloroquine reduced mortality in hospitalized patients with COVID-19.',
      pageIds: [p.id],
      queries: [],
    });
    assert.equal(out.status, 'REFUTED', out.rationale);
    assert.equal(out.refuting.length, 1);
    assert.equal(out.refuting[0]!.decisiveSentence, 'Hydroxychloroquine did not reduce mortality in hospitalized patients with COVID-19.');
    // The judged edge stores the sentence's place in the fragment (issue 33: spans, not text matched back).
    assert.deepEqual(out.refuting[0]!.decisiveSpan, [17, 100]);
    assert.equal(out.refuting[0]!.quote.slice(17, 100), out.refuting[0]!.decisiveSentence);
    assert.match(out.rationale, /^REFUTED: refutation/);
    // The user's statement is not a source: no contradiction edge, no domain verdict.
    assert.deepEqual(fx.store.listEdges(fx.taskId, 'contradicts'), []);
  } finally {
    fx.close();
  }
});

test('an empty or oversized statement is invalid input; no evidence is a visible warning, UNSUPPORTED', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}), emit: fx.emit };
    await assert.rejects(verifyStatement(deps, { taskId: fx.taskId, statement: '   ', pageIds: [], queries: [] }), /empty statement/);
    await assert.rejects(verifyStatement(deps, { taskId: fx.taskId, statement: 'x'.repeat(2001), pageIds: [], queries: [] }), /exceeds 2000/);
    await assert.rejects(verifyStatement(deps, { taskId: 'task_nope', statement: 'Cats purr.', pageIds: [], queries: [] }), /no task task_nope/);
    const out = await verifyStatement(deps, { taskId: fx.taskId, statement: 'Cats purr when they are content.', pageIds: [], queries: [] });
    assert.equal(out.status, 'UNSUPPORTED');
    assert.deepEqual(out.warnings.map((w) => w.code).sort(), ['embedding_model_missing', 'no_candidates', 'no_pages']);
  } finally {
    fx.close();
  }
});

test("nothing past the bar: the closest neutral passages come nearest the statement in meaning first (the corroboration encoder), the judge's order without one", async () => {
  const fx = createGraphFixture();
  try {
    const statement = 'Masks reduce transmission of the virus in schools.';
    // The rule judge leaves both neutral with equal scores, so its order is the pages' (doc1 first).
    const a = fx.addPage({ url: 'corpus://covid/doc1', title: 'Supplies', paragraphs: ['Masks were handed out in schools last winter.'] });
    const b = fx.addPage({ url: 'corpus://covid/doc2', title: 'Cohort', paragraphs: ['Face coverings cut transmission of the virus among pupils.'] });
    const encoder: EmbeddingModel = {
      name: 'table',
      dimensions: 2,
      embed: async (texts) => texts.map((t) => Float32Array.from(t === statement || t.startsWith('Face coverings') ? [1, 0] : [0, 1])),
    };
    const base = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}, { corpusLevel: 'ACADEMIC' }), emit: fx.emit };
    const input = { taskId: fx.taskId, statement, pageIds: [a.id, b.id], queries: [] };
    const judgeOrder = await verifyStatement(base, input);
    assert.equal(judgeOrder.supporting.length + judgeOrder.refuting.length, 0);
    assert.deepEqual(
      judgeOrder.closest.map((e) => e.source.url),
      ['corpus://covid/doc1', 'corpus://covid/doc2'],
    );
    const byMeaning = await verifyStatement({ ...base, corroboration: { encoder: () => encoder, judge: () => undefined } }, input);
    assert.deepEqual(
      byMeaning.closest.map((e) => e.source.url),
      ['corpus://covid/doc2', 'corpus://covid/doc1'],
    );
    assert.ok(byMeaning.closest.every((e) => e.stance === 'neutral'));
  } finally {
    fx.close();
  }
});
