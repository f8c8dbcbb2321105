// Claims of different pages that state the same finding support each other through the pretrained judge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { feedbackJudge, judgeFields, type EmbeddingModel, type StanceEdge, type StanceModel } from '../../core/index.js';
import { createShippedEncoder } from '../../models/embedding/index.js';
import { createNliStanceModel } from '../../models/transformers/index.js';
import { normalizeClaim } from '../../extract/index.js';
import { contentTerms, loadTaskGraph, termCoverage } from '../materials/index.js';
import { claimFromNormalized } from './claims-step.js';
import { CORROBORATION_MIN_COSINE, PART_MIN_SUPPORTS, corroborateClaims, corroborateFromSentences, memoJudge } from './corroborate.js';
import { edgeFromJudgement } from './stance-step.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { recomputeTaskGraph, runGraphPhase } from './index.js';

// The quick-start audit's pair (two Wikipedia articles of the example corpus, CC BY-SA).
const FIRST_MASS =
  'The first mass global bleaching events were recorded in 1998 and 2010, which was when the El Niño caused the oceans temperatures to rise and worsened the corals living conditions.';
const EVERY_FEW_YEARS =
  'Every 4–7 years, an El Niño event causes some reefs with heat-sensitive corals to bleach, with especially widespread bleachings in 1998 and 2010.';
const SHARKS =
  'The Queensland shark control program uses shark nets and drum lines with baited hooks to kill sharks in the Great Barrier Reef – there are 173 lethal drum lines in the Great Barrier Reef.';

/** Vectors by topic word: texts matching `topic` are close to each other, anything else far. */
const topicEncoder = (topic: RegExp): EmbeddingModel => ({
  name: 'topic-test',
  dimensions: 2,
  embed: async (texts) => texts.map((t) => Float32Array.from(topic.test(t) ? [1, 0] : [0, 1])),
});

/** A judge that records what it is asked ("claim <- passage") and reads `supports(claim)` pairs as support, the rest as refuting. */
function scriptedJudge(asked: string[], supports: (claim: string) => boolean = () => true): StanceModel {
  return {
    name: 'scripted-judge',
    async judge(pairs) {
      return pairs.map((p) => {
        asked.push(`${p.claim} <- ${p.passage}`);
        const yes = supports(p.claim);
        return {
          stance: yes ? 'supports' : 'refutes',
          confidence: 0.9,
          scores: yes ? { supports: 0.9, refutes: 0.05, neutral: 0.05 } : { supports: 0.05, refutes: 0.9, neutral: 0.05 },
          decisiveSentence: p.passage,
        };
      });
    },
  };
}

/**
 * A judge that records what it is asked ("claim <- passage") and gives each pair the supports probability
 * `supportsOf` reads (refutes 0.05): supports from 0.6, neutral under it.
 */
function supportsJudge(name: string, asked: string[], supportsOf: (p: { claim: string; passage: string }) => number): StanceModel {
  return {
    name,
    async judge(pairs) {
      return pairs.map((p) => {
        asked.push(`${p.claim} <- ${p.passage}`);
        const supports = supportsOf(p);
        return {
          stance: supports >= 0.6 ? 'supports' : 'neutral',
          confidence: Math.max(supports, 1 - supports),
          scores: { supports, refutes: 0.05, neutral: 0.95 - supports },
          decisiveSentence: p.passage,
        };
      });
    },
  };
}

const corroborationEdges = (edges: StanceEdge[], judge: string) => edges.filter((e) => e.model === judge && e.kind === 'supports');

test('the El Niño pair of the quick start links: the shipped encoder and judge read one claim as support for the other', async () => {
  const fx = createGraphFixture();
  try {
    const judge = createNliStanceModel();
    const deps = {
      store: fx.store,
      stance: ruleStanceModel(),
      trust: tableTrust(fx.store, {}),
      emit: fx.emit,
      corroboration: { encoder: () => createShippedEncoder(), judge: () => judge },
    };
    const a = fx.addPage({ url: 'https://a.example.org/reefs', paragraphs: [FIRST_MASS] });
    const b = fx.addPage({ url: 'https://b.example.net/el-nino', paragraphs: [EVERY_FEW_YEARS, SHARKS] });
    const r = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
    const claims = fx.store.listClaims(fx.taskId);
    const first = claims.find((c) => c.statement === FIRST_MASS)!;
    const links = corroborationEdges(fx.store.listEdges(fx.taskId, 'supports') as StanceEdge[], 'nli');
    const link = links.find((e) => e.claimId === first.id);
    assert.ok(link, JSON.stringify(links));
    assert.equal(link.decisiveSentence, EVERY_FEW_YEARS);
    const fragment = fx.store.getFragment(link.fragmentId)!;
    assert.equal(fragment.text.slice(...link.decisiveSpan!), EVERY_FEW_YEARS);
    assert.ok(r.claimIds.includes(first.id));
    // The shark-net sentence is about the same reef, not the same finding: it supports nothing.
    const sharks = claims.find((c) => c.statement.startsWith('The Queensland shark'));
    assert.equal(
      links.some((e) => e.claimId === sharks?.id || e.decisiveSentence === SHARKS),
      false,
    );
  } finally {
    fx.close();
  }
});

test('only close claims of different pages are asked, each way; a side taken or a person’s label stands; a rerun asks the same but the link', async () => {
  const fx = createGraphFixture();
  try {
    const encoder = topicEncoder(/aspirin/i);
    const asked: string[] = [];
    // Reads the trial as support for the cohort claim, and the other way as refuting.
    const judge = scriptedJudge(asked, (claim) => claim.startsWith('Aspirin taken daily'));
    assert.ok(CORROBORATION_MIN_COSINE < 1);
    const stance = ruleStanceModel();
    const deps = { store: fx.store, stance, trust: tableTrust(fx.store, {}), emit: fx.emit, corroboration: { encoder: () => encoder, judge: () => judge } };
    const cohort = 'Aspirin taken daily lowered heart attack rates in a cohort of older men.';
    const trial = 'In a randomised trial, low-dose aspirin cut first heart attacks among men over 60.';
    const a = fx.addPage({ url: 'https://a.example.org/', paragraphs: [cohort, 'Statins are widely prescribed after a heart attack.'] });
    const b = fx.addPage({ url: 'https://b.example.org/', paragraphs: [trial] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
    // One close pair from two pages, asked both ways; the statin claim is far from both.
    assert.deepEqual(asked.sort(), [`${cohort} <- ${trial}`, `${trial} <- ${cohort}`].sort());
    const claims = fx.store.listClaims(fx.taskId);
    const cohortClaim = claims.find((c) => c.statement === cohort)!;
    const links = corroborationEdges(fx.store.listEdges(fx.taskId) as StanceEdge[], 'scripted-judge');
    // Only the supports reading is written: the judge's refutes are not trusted here.
    assert.deepEqual(
      links.map((e) => e.claimId),
      [cohortClaim.id],
    );
    assert.equal((fx.store.listEdges(fx.taskId) as StanceEdge[]).filter((e) => e.model === 'scripted-judge' && e.kind !== 'supports').length, 0);

    // A rerun over the same pages (a resumed phase) asks about the same pairs, except the one linked.
    asked.length = 0;
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_2', pageIds: [a.id, b.id] });
    assert.deepEqual(asked, [`${trial} <- ${cohort}`]);
    // A person's label on that edge stands: asked about every claim again, the judge is not asked about it.
    fx.store.replaceEdge({ ...links[0]!, kind: 'neutral', ...judgeFields(feedbackJudge('reviewer')) });
    const graph = loadTaskGraph(fx.store, fx.taskId);
    asked.length = 0;
    await corroborateClaims(
      { store: fx.store, encoder: () => encoder, judge: () => judge },
      { graph, newClaimIds: new Set(graph.claims.map((c) => c.id)), batchSize: 8 },
    );
    assert.deepEqual(asked, [`${trial} <- ${cohort}`]);
    assert.equal((fx.store.getEdge(links[0]!.id) as StanceEdge).judge.by, 'feedback');
  } finally {
    fx.close();
  }
});

test('each text pair is judged once per call: the swapped reading of (a, b) is the forward reading of (b, a), not asked again', async () => {
  const fx = createGraphFixture();
  try {
    const encoder = topicEncoder(/aspirin/i);
    const asked: string[] = [];
    // Neutral both ways: every pair is read back, and each swapped reading is the other direction's pair.
    const judge = supportsJudge('neutral-judge', asked, () => 0.05);
    const deps = {
      store: fx.store,
      stance: ruleStanceModel(),
      trust: tableTrust(fx.store, {}),
      emit: fx.emit,
      corroboration: { encoder: () => encoder, judge: () => judge },
    };
    const cohort = 'Aspirin taken daily lowered heart attack rates in a cohort of older men.';
    const trial = 'In a randomised trial, low-dose aspirin cut first heart attacks among men over 60.';
    const a = fx.addPage({ url: 'https://a.example.org/', paragraphs: [cohort] });
    const b = fx.addPage({ url: 'https://b.example.org/', paragraphs: [trial] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
    assert.deepEqual(asked.sort(), [`${cohort} <- ${trial}`, `${trial} <- ${cohort}`].sort());
    assert.equal(corroborationEdges(fx.store.listEdges(fx.taskId) as StanceEdge[], 'neutral-judge').length, 0);
  } finally {
    fx.close();
  }
});

test('memoJudge: a pair asked again, or twice in one call, goes to the judge once; past its limit a pair is asked again', async () => {
  const asked: string[] = [];
  const judge = scriptedJudge(asked);
  const ask = memoJudge(judge, 2);
  const p = (claim: string): { claim: string; passage: string } => ({ claim, passage: `${claim}.` });
  const first = await ask([p('a'), p('b'), p('a')], undefined);
  assert.deepEqual(asked, ['a <- a.', 'b <- b.']);
  assert.equal(first.length, 3);
  assert.equal(first[0], first[2]);
  await ask([p('b'), p('c')], undefined);
  assert.deepEqual(asked, ['a <- a.', 'b <- b.', 'c <- c.']);
  await ask([p('c')], undefined);
  assert.deepEqual(asked.slice(3), ['c <- c.']);
});

test('a pair left neutral is read back: a sentence the claim entails is linked as a part; for a statement given to verify its own words are the only ones covered', async () => {
  const fx = createGraphFixture();
  try {
    const encoder = topicEncoder(/aspirin/i);
    const long = 'Daily aspirin lowered heart attack rates and halved strokes in a cohort of older men.';
    const short = 'Aspirin lowered heart attack rates.';
    const near = 'In a 2019 trial, aspirin eased migraine pain in 40 percent of adults.';
    const asked: string[] = [];
    // Reads nothing as support of the long claim; with the roles swapped (the long claim as the passage)
    // the short sentence reads as entailed (0.9) and the migraine one just under the bar.
    const judge = supportsJudge('scripted-judge', asked, (p) => (p.passage !== long ? 0.1 : p.claim === short ? 0.9 : PART_MIN_SUPPORTS - 0.05));
    // One fragment: the sentence after the short claim shares the long claim's "strokes" and "men".
    const b = fx.addPage({ url: 'https://b.example.org/', paragraphs: [`${short} The same men also had fewer strokes over ten years.`] });
    const c = fx.addPage({ url: 'https://c.example.org/', paragraphs: [near] });
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}), emit: fx.emit };
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [b.id, c.id] });
    const statement = normalizeClaim({ text: long, source: 'statement' });
    fx.store.upsertClaim(claimFromNormalized(statement, fx.taskId, new Date().toISOString()));
    const graph = loadTaskGraph(fx.store, fx.taskId);
    const links = await corroborateClaims(
      { store: fx.store, encoder: () => encoder, judge: () => judge },
      { graph, newClaimIds: new Set([statement.claimId]), batchSize: 8 },
    );
    // Each pair left neutral is asked back once: the statement as the passage, the page's sentence as the claim.
    assert.deepEqual(asked, [`${long} <- ${short}`, `${long} <- ${near}`, `${short} <- ${long}`, `${near} <- ${long}`]);
    assert.deepEqual(
      links.map((e) => [e.claimId, e.decisiveSentence, e.part, e.scores?.supports]),
      [[statement.claimId, short, true, 0.9]],
    );
    // Its coverage counts the short sentence's words, not the next sentence's "strokes" and "men".
    const covered = termCoverage(contentTerms(long), new Set(contentTerms(short)));
    assert.ok(covered < termCoverage(contentTerms(long), new Set(contentTerms(fx.store.getFragment(links[0]!.fragmentId)!.text))));
    recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.equal(fx.store.getClaim(fx.taskId, statement.claimId)?.axes?.coverage, covered);
  } finally {
    fx.close();
  }
});

test('a statement given to verify, stated on no page, is supported by a page claim but supports none', async () => {
  const fx = createGraphFixture();
  try {
    const encoder = topicEncoder(/zinc/i);
    const asked: string[] = [];
    const judge = scriptedJudge(asked);
    const page = 'Zinc lozenges shortened colds by two days in adults.';
    const a = fx.addPage({ url: 'https://a.example.org/', paragraphs: [page] });
    await runGraphPhase(
      { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}), emit: fx.emit },
      { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id] },
    );
    const statement = normalizeClaim({ text: 'Zinc makes colds shorter.', source: 'statement' });
    fx.store.upsertClaim(claimFromNormalized(statement, fx.taskId, new Date().toISOString()));
    const graph = loadTaskGraph(fx.store, fx.taskId);
    const edges = await corroborateClaims(
      { store: fx.store, encoder: () => encoder, judge: () => judge },
      { graph, newClaimIds: new Set([statement.claimId]), batchSize: 8 },
    );
    assert.deepEqual(asked, [`${statement.statement} <- ${page}`]);
    assert.deepEqual(
      edges.map((e) => [e.claimId, e.decisiveSentence]),
      [[statement.claimId, page]],
    );
  } finally {
    fx.close();
  }
});

/** A page of `text` (one fragment), the statement "Zinc makes colds shorter." given to verify, and the default judge's neutral edge between them. */
function statementBesideNeutral(fx: ReturnType<typeof createGraphFixture>, text: string) {
  const page = fx.addPage({ url: 'https://a.example.org/', paragraphs: [text] });
  const statement = normalizeClaim({ text: 'Zinc makes colds shorter.', source: 'statement' });
  fx.store.upsertClaim(claimFromNormalized(statement, fx.taskId, new Date().toISOString()));
  const fragment = fx.store.listFragments(page.id)[0]!;
  const neutral = edgeFromJudgement({
    taskId: fx.taskId,
    claimId: statement.claimId,
    fragment,
    judgement: { stance: 'neutral', confidence: 0.7, scores: { supports: 0.2, refutes: 0.1, neutral: 0.7 }, decisiveSentence: text },
    stance: ruleStanceModel(),
    now: new Date().toISOString(),
  });
  fx.store.insertEdge(neutral);
  return { statement, fragment, neutral };
}

test('a statement’s candidate left neutral is read sentence by sentence: the supporting sentence becomes the edge’s span', async () => {
  const fx = createGraphFixture();
  try {
    // Close to the statement: the zinc sentence only.
    const encoder = topicEncoder(/zinc/i);
    const asked: string[] = [];
    const judge = scriptedJudge(asked);
    const { statement, fragment, neutral } = statementBesideNeutral(fx, 'Colds are common in winter. Zinc lozenges shortened colds by two days in adults.');
    const edges = await corroborateFromSentences(
      { store: fx.store, encoder: () => encoder, judge: () => judge },
      { graph: loadTaskGraph(fx.store, fx.taskId), claimId: statement.claimId, batchSize: 8 },
    );
    assert.deepEqual(asked, ['Zinc makes colds shorter. <- Zinc lozenges shortened colds by two days in adults.']);
    const stored = fx.store.getEdge(neutral.id) as StanceEdge;
    assert.equal(stored.kind, 'supports');
    assert.equal(stored.model, 'scripted-judge');
    assert.equal(fragment.text.slice(...stored.decisiveSpan!), 'Zinc lozenges shortened colds by two days in adults.');
    assert.equal(edges.length, 1);
  } finally {
    fx.close();
  }
});

test('a statement’s candidate sentences are read from the gate CORROBORATION_MIN_COSINE: one just over it is asked, one just under is not', async () => {
  const fx = createGraphFixture();
  try {
    const closer = 'Zinc lozenges shortened colds by two days in adults.';
    const farther = 'Zinc acetate cut the length of colds in a second trial.';
    // The statement at [1, 0]; each sentence at its cosine with it, one just over the gate, one just under.
    const at = (c: number) => Float32Array.from([c, Math.sqrt(1 - c * c)]);
    const encoder: EmbeddingModel = {
      name: 'cosine-test',
      dimensions: 2,
      embed: async (texts) =>
        texts.map((t) => (t === closer ? at(CORROBORATION_MIN_COSINE + 0.02) : t === farther ? at(CORROBORATION_MIN_COSINE - 0.02) : at(1))),
    };
    const asked: string[] = [];
    const { statement } = statementBesideNeutral(fx, `${closer} ${farther}`);
    const edges = await corroborateFromSentences(
      { store: fx.store, encoder: () => encoder, judge: () => scriptedJudge(asked) },
      { graph: loadTaskGraph(fx.store, fx.taskId), claimId: statement.claimId, batchSize: 8 },
    );
    assert.deepEqual(asked, [`Zinc makes colds shorter. <- ${closer}`]);
    assert.equal(edges.length, 1);
  } finally {
    fx.close();
  }
});
