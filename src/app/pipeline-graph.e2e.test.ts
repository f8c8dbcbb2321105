// Phase 7 end to end on the evidence web (loopback pages, recorded scholarly APIs) with the real
// store, fetcher, extractor, embedded stance model and embedding model: the low-trust blog that
// contradicts journal A is misinformation and blocked with its reason; journals A and B, both
// ACADEMIC, are kept as a contest.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createEngine, loadConfig, type AppEngine } from './index.js';
import { materialsSchema, type Claim, type ContradictsEdge, type Page, type StanceEdge } from '../core/index.js';
import { EVIDENCE_ARTICLES, startEvidenceWeb, type EvidenceWeb } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
let ew: EvidenceWeb;
let engine: AppEngine;
let taskId = '';

before(async () => {
  if (skip) return;
  ew = await startEvidenceWeb({ pipeline: { citation_limit: 2 } });
  engine = createEngine(loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } }), { resolver: ew.resolver });
  taskId = (await engine.createTask({ question: 'Does regular aerobic exercise lower blood pressure?' })).id;
  await engine.search(taskId, 'aerobic exercise blood pressure');
});

after(async () => {
  if (skip) return;
  await engine.close();
  await ew.close();
  rmSync(ew.home, { recursive: true, force: true });
});

function pageOfClaim(claimId: string): Page[] {
  const origins = (engine.store.listEdges(taskId) as StanceEdge[]).filter((e) => e.claimId === claimId && e.model === 'origin');
  return origins.map((e) => engine.store.getPage(engine.store.getFragment(e.fragmentId)!.pageId)!);
}

const hostOf = (p: Page): string => new URL(p.url).hostname;

test('the low-trust blog contradicting journal A is MISINFORMATION and blog.test is BLOCKED with its reason', { skip }, () => {
  const contradictions = engine.store.listEdges(taskId, 'contradicts') as ContradictsEdge[];
  const misinformation = contradictions.filter((e) => e.contradictionType === 'misinformation');
  assert.ok(misinformation.length > 0, JSON.stringify(contradictions));
  assert.ok(
    misinformation.some((e) => new Set([e.trustLevel, e.otherTrustLevel]).has('UNVERIFIED') && new Set([e.trustLevel, e.otherTrustLevel]).has('ACADEMIC')),
  );
  const hosts = misinformation.flatMap((e) => [...pageOfClaim(e.claimId), ...pageOfClaim(e.otherClaimId)].map(hostOf));
  assert.ok(hosts.includes('blog.test') && hosts.includes('journal-a.test'), `journal A's claim is on the misinformation side: ${hosts.join()}`);

  const state = engine.store.getDomainState('blog.test');
  assert.equal(state?.trustLevel, 'BLOCKED');
  assert.equal(state.originalTrustLevel, 'UNVERIFIED');
  // Journal A's claims contradict two of the blog's ("exercise raises blood pressure", "twelve weeks of brisk
  // walking increases systolic blood pressure"): two judgements, enough for a block (never one alone).
  assert.match(
    state.reason ?? '',
    /^Contradictions with journal-[ab]\.test \(ACADEMIC\)(, journal-[ab]\.test \(ACADEMIC\))? on [2-9] claims \(claim_ids: clm_[0-9a-f]{16}(, clm_[0-9a-f]{16})+\)$/,
  );
  assert.ok(state.causingClaimIds.length >= 2);
  assert.equal(state.canRestore, true);
  const blocked = engine.status(taskId).blocked_domains.find((d) => d.domain === 'blog.test');
  assert.ok(blocked, 'status lists the blocked domain');
  assert.equal(blocked.original_trust_level, 'UNVERIFIED');
  assert.equal(blocked.can_restore, true);
  assert.match(blocked.restore_via, /user_overrides/);
  assert.ok(
    blocked.contradicting_claims.every((id) => engine.store.getClaim(taskId, id)),
    'the causing claims are claims of the task',
  );
  for (const host of ['journal-a.test', 'journal-b.test']) assert.notEqual(engine.store.getDomainState(host)?.trustLevel, 'BLOCKED', host);
});

test('journals A and B, both ACADEMIC, contradict each other: both kept, as CONTESTED', { skip }, () => {
  const contradictions = engine.store.listEdges(taskId, 'contradicts') as ContradictsEdge[];
  const between = contradictions.filter((e) => {
    const hosts = new Set([...pageOfClaim(e.claimId), ...pageOfClaim(e.otherClaimId)].map(hostOf));
    return hosts.has('journal-a.test') && hosts.has('journal-b.test');
  });
  assert.ok(between.length > 0, 'a contradiction links the two journals');
  for (const e of between) {
    assert.equal(e.contradictionType, 'contested');
    assert.equal(e.trustLevel, 'ACADEMIC');
    assert.equal(e.otherTrustLevel, 'ACADEMIC');
    for (const id of [e.claimId, e.otherClaimId]) assert.equal(engine.store.getClaim(taskId, id)?.status, 'CONTESTED', id);
  }
  const claims = engine.store.listClaims(taskId);
  const a = claims.find((c: Claim) => c.statement === EVIDENCE_ARTICLES.academicA.paragraphs[0]);
  const b = claims.find((c: Claim) => c.statement === EVIDENCE_ARTICLES.academicB.paragraphs[0]);
  assert.equal(a?.status, 'CONTESTED');
  assert.equal(b?.status, 'CONTESTED');
  const m = engine.materials(taskId);
  assert.deepEqual(materialsSchema.safeParse(m).error?.issues ?? [], [], 'the evidence read model holds contested pairs and refuting edges');
  assert.ok(m.contested.some((p) => p.type === 'contested' && [p.claimId, p.otherClaimId].includes(a.id)));
  const am = m.claims.find((c) => c.id === a.id)!;
  assert.ok(
    am.refuting.some((r) => r.source.domain === 'journal-b.test' && r.source.trustLevel === 'ACADEMIC'),
    'A is refuted by B, quoted',
  );
});
