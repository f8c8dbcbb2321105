// Phase 7 on a real SQLite store: misinformation blocks the low-trust domain with its reason,
// a conflict between two ACADEMIC sources keeps both sides as CONTESTED.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { feedbackJudge, judgeFields, type ContradictsEdge, type StanceEdge, type StanceModel } from '../../core/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { recomputeTaskGraph, runGraphPhase } from './index.js';

const TABLE = { 'nih.gov': 'ACADEMIC', 'nature.com': 'ACADEMIC', 'example-blog.com': 'UNVERIFIED', 'trusted-news.org': 'TRUSTED' } as const;

// Two claims of the academic page, each contradicted by the blog: two judgements, enough for a block
// (policy BLOCK_MIN_JUDGEMENTS; a domain is never blocked on one judgement).
const TRIAL = [
  'Drug X reduced mortality in adults with severe influenza in a randomized controlled trial of 900 patients.',
  'Drug X shortened hospital stays of adults with severe influenza by two days in that randomized controlled trial.',
];
const DENIAL = [
  'Drug X never reduced mortality in adults with severe influenza in any randomized controlled trial.',
  'Drug X did not shorten hospital stays of adults with severe influenza by two days in that randomized controlled trial.',
];

test('a low-trust page contradicting an ACADEMIC source on two claims is misinformation and its domain is BLOCKED with a reason', async () => {
  const fx = createGraphFixture();
  try {
    const trust = tableTrust(fx.store, TABLE);
    const deps = { store: fx.store, stance: ruleStanceModel(), trust, emit: fx.emit };
    const academic = fx.addPage({ url: 'https://pubmed.ncbi.nlm.nih.gov/123/', title: 'Trial of drug X', sourceType: 'academic_paper', paragraphs: TRIAL });
    const blog = fx.addPage({ url: 'https://www.example-blog.com/truth', title: 'The truth about drug X', paragraphs: DENIAL });
    const phase = await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [academic.id, blog.id] });
    assert.equal(phase.fragments, 4);
    assert.equal(phase.usefulFragments, 4);
    assert.equal(phase.independentSources, 2);
    assert.equal(phase.hasPrimarySource, true);
    const result = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(result.blocked, ['example-blog.com']);

    const contradictions = fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[];
    assert.equal(contradictions.length, 2);
    for (const c of contradictions) {
      assert.equal(c.contradictionType, 'misinformation');
      assert.deepEqual(new Set([c.trustLevel, c.otherTrustLevel]), new Set(['ACADEMIC', 'UNVERIFIED']));
    }

    const state = fx.store.getDomainState('example-blog.com')!;
    assert.equal(state.trustLevel, 'BLOCKED');
    assert.equal(state.originalTrustLevel, 'UNVERIFIED');
    assert.equal(state.origin, 'verification');
    assert.match(state.reason ?? '', /^Contradictions with nih\.gov \(ACADEMIC\) on 2 claims \(claim_ids: clm_[0-9a-f]{16}, clm_[0-9a-f]{16}\)$/);
    assert.equal(state.canRestore, true);
    assert.equal(state.restoreVia, 'domains.yaml user_overrides');
    assert.equal(state.causingClaimIds.length, 2);
    for (const id of state.causingClaimIds) assert.ok(fx.store.getClaim(fx.taskId, id), 'the causing claim is a claim of the task');
    assert.ok(state.blockedAt);
    assert.ok(fx.events.some((e) => e.type === 'domain.blocked' && e.domain === 'example-blog.com'));
    // The academic domain is not blocked; its claims stand, the blog's claims are refuted by the ACADEMIC source (its own, BLOCKED source weighs 0).
    assert.notEqual(fx.store.getDomainState('nih.gov')?.trustLevel, 'BLOCKED');
    const claims = fx.store.listClaims(fx.taskId);
    const academicClaims = claims.filter((c) => TRIAL.some((t) => t.startsWith(c.statement.slice(0, 20))));
    const blogClaims = claims.filter((c) => DENIAL.some((t) => t.startsWith(c.statement.slice(0, 20))));
    assert.equal(academicClaims.length, 2);
    assert.equal(blogClaims.length, 2);
    for (const c of academicClaims) assert.equal(c.status, 'CONDITIONED', c.statement);
    for (const c of blogClaims) assert.equal(c.status, 'REFUTED', c.statement);
    assert.deepEqual(new Set(state.causingClaimIds), new Set(academicClaims.map((c) => c.id)));

    // Recomputing again changes nothing (idempotent), and a restored override wins over the block.
    const again = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(again.blocked, []);
    assert.deepEqual(fx.store.getDomainState('example-blog.com'), { ...state, updatedAt: fx.store.getDomainState('example-blog.com')!.updatedAt });
  } finally {
    fx.close();
  }
});

test('one contradiction is one judgement: the low-trust domain is marked rejected with the reason, never blocked', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const academic = fx.addPage({ url: 'https://pubmed.ncbi.nlm.nih.gov/124/', sourceType: 'academic_paper', paragraphs: TRIAL.slice(0, 1) });
    const blog = fx.addPage({ url: 'https://www.example-blog.com/one', paragraphs: DENIAL.slice(0, 1) });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [academic.id, blog.id] });
    const result = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(result.blocked, []);
    const contradictions = fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[];
    assert.equal(contradictions.length, 1);
    assert.equal(contradictions[0]!.contradictionType, 'misinformation');
    const state = fx.store.getDomainState('example-blog.com');
    assert.notEqual(state?.trustLevel, 'BLOCKED');
    assert.match(
      state?.reason ?? '',
      /^Contradiction with nih\.gov \(ACADEMIC, claim_id: clm_[0-9a-f]{16}\); not blocked: 1 rejecting judgement\(s\), 2 needed$/,
    );
  } finally {
    fx.close();
  }
});

test('an ACADEMIC page refuting a low-trust page on two claims blocks the low-trust source of the claims', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const blog = fx.addPage({
      url: 'https://example-blog.com/cure',
      paragraphs: [
        'Vitamin pills cured influenza in every adult patient within two days.',
        'Garlic tablets cured measles in every school child within one week.',
      ],
    });
    const paper = fx.addPage({
      url: 'https://www.nature.com/articles/x1',
      paragraphs: [
        'Vitamin pills never cured influenza in adult patient cohorts within two days.',
        'Garlic tablets never cured measles in school child cohorts within one week.',
      ],
    });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [blog.id, paper.id] });
    const r = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(r.blocked, ['example-blog.com']);
    assert.equal(fx.store.getDomainState('nature.com')?.trustLevel ?? 'ACADEMIC', 'ACADEMIC');
  } finally {
    fx.close();
  }
});

test('two ACADEMIC sources in conflict are both kept, as CONTESTED', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const a = fx.addPage({
      url: 'https://pubmed.ncbi.nlm.nih.gov/1/',
      sourceType: 'academic_paper',
      paragraphs: ['Drug Y lowered blood pressure in elderly patients with hypertension.'],
    });
    const b = fx.addPage({
      url: 'https://www.nature.com/articles/y2',
      sourceType: 'academic_paper',
      paragraphs: ['Drug Y did not lower blood pressure in elderly patients with hypertension.'],
    });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
    const r = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(r.blocked, []);
    const [edge, ...rest] = fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[];
    assert.equal(rest.length, 0);
    assert.equal(edge!.contradictionType, 'contested');
    assert.equal(edge!.trustLevel, 'ACADEMIC');
    assert.equal(edge!.otherTrustLevel, 'ACADEMIC');
    const claims = fx.store.listClaims(fx.taskId);
    assert.equal(claims.length, 2);
    for (const c of claims) {
      assert.equal(c.status, 'CONTESTED', c.statement);
      assert.match(c.rationale ?? '', /high-trust sources contradict each other/);
    }
    assert.equal(r.claimCounts.CONTESTED, 2);
    for (const d of ['nih.gov', 'nature.com']) assert.notEqual(fx.store.getDomainState(d)?.trustLevel, 'BLOCKED');
  } finally {
    fx.close();
  }
});

test('a TRUSTED source and an ACADEMIC one one level apart are contested, nothing is blocked', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const a = fx.addPage({ url: 'https://pubmed.ncbi.nlm.nih.gov/9/', paragraphs: ['Masks reduced influenza transmission among households in the study.'] });
    const b = fx.addPage({ url: 'https://trusted-news.org/masks', paragraphs: ['Masks did not reduce influenza transmission among households in the study.'] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
    const r = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(r.blocked, []);
    const edges = fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[];
    assert.equal(edges[0]?.contradictionType, 'contested');
  } finally {
    fx.close();
  }
});

test('a low-trust page repeating one side of a dispute between two journals is not blocked', async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const a = fx.addPage({ url: 'https://pubmed.ncbi.nlm.nih.gov/3/', paragraphs: ['Drug Q shortened hospital stays for children with asthma.'] });
    const b = fx.addPage({ url: 'https://www.nature.com/articles/q', paragraphs: ['Drug Q did not shorten hospital stays for children with asthma.'] });
    const blog = fx.addPage({ url: 'https://example-blog.com/q', paragraphs: ['Good news: drug Q shortened hospital stays for children with asthma.'] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id, blog.id] });
    const r = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(r.blocked, []);
    assert.notEqual(fx.store.getDomainState('example-blog.com')?.trustLevel, 'BLOCKED');
    for (const e of fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[]) assert.equal(e.contradictionType, 'contested');
  } finally {
    fx.close();
  }
});

test('a user override restores a blocked domain: its evidence weighs again, the state stays recorded', async () => {
  const fx = createGraphFixture();
  try {
    const stance = ruleStanceModel();
    const academic = fx.addPage({ url: 'https://pubmed.ncbi.nlm.nih.gov/8/', paragraphs: TRIAL });
    const blog = fx.addPage({ url: 'https://example-blog.com/8', paragraphs: DENIAL });
    const blocked = { store: fx.store, stance, trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    await runGraphPhase(blocked, { taskId: fx.taskId, queryId: 'q_1', pageIds: [academic.id, blog.id] });
    recomputeTaskGraph(blocked, { taskId: fx.taskId });
    const blogClaim = fx.store.listClaims(fx.taskId).find((c) => c.statement.startsWith('Drug X never'))!;
    assert.equal(fx.store.getDomainState('example-blog.com')?.trustLevel, 'BLOCKED');
    const restored = { ...blocked, trust: tableTrust(fx.store, TABLE, { overrides: { 'example-blog.com': 'LOW' } }) };
    recomputeTaskGraph(restored, { taskId: fx.taskId });
    assert.equal(fx.store.getDomainState('example-blog.com')?.trustLevel, 'BLOCKED', 'the verification state is kept for transparency');
    const academicClaim = fx.store.listClaims(fx.taskId).find((c) => c.statement.startsWith('Drug X reduced'))!;
    // The LOW blog now weighs against the academic claim (agreement falls below 1).
    assert.match(academicClaim.rationale ?? '', /A=0\.[0-9]{2}/);
    assert.ok(fx.store.getClaim(fx.taskId, blogClaim.id));
  } finally {
    fx.close();
  }
});

test('a confident "refutes" between texts about different things is no contradiction (nothing is blocked)', async () => {
  const fx = createGraphFixture();
  try {
    // A model that refutes everything, confidently: only the term-overlap gate stands between it and a block.
    const stance = {
      name: 'contrarian',
      judge: async (pairs: Array<{ claim: string; passage: string }>) =>
        pairs.map((p) => ({
          stance: 'refutes' as const,
          confidence: 0.9,
          scores: { supports: 0.05, refutes: 0.9, neutral: 0.05 },
          decisiveSentence: p.passage,
        })),
    };
    const deps = { store: fx.store, stance, trust: tableTrust(fx.store, TABLE), emit: fx.emit, limits: { minCandidateRelevance: 0 } };
    const a = fx.addPage({
      url: 'https://pubmed.ncbi.nlm.nih.gov/4/',
      paragraphs: ['Statins reduced LDL cholesterol in 4,000 adults with diabetes by 30 percent.'],
    });
    const blog = fx.addPage({ url: 'https://example-blog.com/4', paragraphs: ['Our bakery sold 300 sourdough loaves to adults in the village last week.'] });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, blog.id] });
    assert.ok(fx.store.listEdges(fx.taskId, 'refutes').length > 0, 'the model did refute');
    const r = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(fx.store.listEdges(fx.taskId, 'contradicts'), []);
    assert.deepEqual(r.blocked, []);
  } finally {
    fx.close();
  }
});

test('a claim whose every source also states the refuting claim yields no contradiction and no crash', async () => {
  const fx = createGraphFixture();
  try {
    const trust = tableTrust(fx.store, TABLE);
    const deps = { store: fx.store, stance: ruleStanceModel(), trust, emit: fx.emit };
    // The blog states both sides; the news page states only the refuting side.
    const both = fx.addPage({
      url: 'https://www.example-blog.com/both',
      title: 'Both',
      paragraphs: [
        'Drug X reduced mortality in adults with severe influenza in a randomized controlled trial of 900 patients.',
        'Drug X never reduced mortality in adults with severe influenza in any randomized controlled trial.',
      ],
    });
    const news = fx.addPage({
      url: 'https://trusted-news.org/x',
      title: 'News',
      paragraphs: ['Drug X never reduced mortality in adults with severe influenza in any randomized controlled trial.'],
    });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [both.id, news.id] });
    const result = recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(result.blocked, []);
    const contradictions = fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[];
    for (const c of contradictions) assert.notEqual(c.contradictionType, 'misinformation');
  } finally {
    fx.close();
  }
});

test("a refutes edge that barely leads neutral is tolerated (seed 004's 0.1); a person's refutes label on it is a contradiction", async () => {
  const fx = createGraphFixture();
  try {
    // The rule model's refutes, made a near-tie with neutral: confident enough, but leading by 0.04 < 0.1.
    const rule = ruleStanceModel();
    const nearTie: StanceModel = {
      name: 'near-tie',
      judge: async (pairs, opts) =>
        (await rule.judge(pairs, opts)).map((j) =>
          j.stance === 'refutes' ? { ...j, confidence: 0.52, scores: { supports: 0, refutes: 0.52, neutral: 0.48 } } : j,
        ),
    };
    const deps = { store: fx.store, stance: nearTie, trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const academic = fx.addPage({ url: 'https://pubmed.ncbi.nlm.nih.gov/125/', sourceType: 'academic_paper', paragraphs: TRIAL.slice(0, 1) });
    const blog = fx.addPage({ url: 'https://www.example-blog.com/tie', paragraphs: DENIAL.slice(0, 1) });
    await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [academic.id, blog.id] });
    const refutes = fx.store.listEdges(fx.taskId, 'refutes') as StanceEdge[];
    assert.ok(refutes.length > 0, 'the model did refute');
    recomputeTaskGraph(deps, { taskId: fx.taskId });
    assert.deepEqual(fx.store.listEdges(fx.taskId, 'contradicts'), []);

    // A person confirms one refutes edge (what applyFeedback writes: the label at confidence 1, the
    // model's scores left as they were): the person's label stands without the model's margin.
    fx.store.replaceEdge({ ...refutes[0]!, confidence: 1, ...judgeFields(feedbackJudge('alice')) });
    recomputeTaskGraph(deps, { taskId: fx.taskId });
    const contradictions = fx.store.listEdges(fx.taskId, 'contradicts') as ContradictsEdge[];
    assert.equal(contradictions.length, 1);
    assert.equal(contradictions[0]!.contradictionType, 'misinformation');
  } finally {
    fx.close();
  }
});
