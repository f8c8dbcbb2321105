// One task through all seven phases on the evidence web (loopback: recorded Semantic Scholar and
// OpenAlex responses, real article pages), with the real store, fetcher, extractor, stance and
// embedding models. Asserts the seed-000 flow: citation tracking with CITES edges scored exactly
// 0.5 × influential + 0.3 × similarity + 0.2 × NLI relevance, top 10; phase 6 → 3; checkpoints.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { buildEmbeddingModel, buildStanceModel, createEngine, loadConfig, type AppEngine } from './index.js';
import type { CitesEdge, EngineEvent, PipelinePhase } from '../core/index.js';
import { s2FixtureAbstract, startEvidenceWeb, TURING_DOI, type EvidenceWeb } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';
import { CITATION_TOP_K, scoreCitations } from '../pipeline/citation-scoring.js';
import { checkpointKeys } from '../pipeline/index.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
let ew: EvidenceWeb;
let engine: AppEngine;
const events: EngineEvent[] = [];
let taskId = '';
let queryId = '';

before(async () => {
  if (skip) return;
  // Five links per source and direction: the kept top 10 then hold both references and citations.
  ew = await startEvidenceWeb({ pipeline: { citation_limit: 5 } });
  engine = createEngine(loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } }), { resolver: ew.resolver });
  engine.on((e) => events.push(e));
  const task = await engine.createTask({ question: 'Does regular aerobic exercise lower blood pressure?' });
  taskId = task.id;
  const outcome = await engine.search(taskId, 'aerobic exercise blood pressure study');
  queryId = outcome.queryId;
});

after(async () => {
  if (skip) return;
  await engine.close();
  await ew.close();
  rmSync(ew.home, { recursive: true, force: true });
});

test('a query runs the seven phases in order, each output stored before the next starts', { skip }, () => {
  const phases = events.flatMap((e) => (e.type === 'phase.start' && e.queryId === queryId ? [e.phase] : []));
  const firstSeen = [...new Set(phases)];
  assert.deepEqual(firstSeen, ['serp', 'academic', 'enrich', 'register', 'citations', 'fetch', 'graph'] satisfies PipelinePhase[]);
  for (const phase of ['serp', 'academic', 'enrich', 'register', 'citations', 'fetch-plan', 'fetch', 'graph', 'metrics'] as const) {
    assert.ok(engine.store.loadCheckpoint(taskId, checkpointKeys.phase(queryId, phase)), `checkpoint of ${phase}`);
  }
  const q = engine.store.getQuery(queryId)!;
  assert.equal(q.status, 'done');
  assert.equal(q.attempts, 1);
  const types = events.map((e) => e.type);
  for (const t of ['task.created', 'query.start', 'page.registered', 'page.fetched', 'claim.added', 'query.end'])
    assert.ok(types.includes(t as EngineEvent['type']), `event ${t}`);
});

test('Phase 1 SERP pages are fetched once; Phase 2 registers the S2 paper as an abstract page', { skip }, () => {
  const pages = engine.store.listPages(taskId);
  for (const url of Object.values(ew.urls)) {
    const page = pages.find((p) => p.url === url);
    assert.equal(page?.fetchStatus, 'fetched', url);
    assert.ok(engine.store.listFragments(page.id).length >= 3, `fragments of ${url}`);
    assert.equal(ew.web.requestsTo(ew.logKey(url)).length, 1, `${url} fetched once`);
  }
  const turing = pages.find((p) => p.identifiers.doi === TURING_DOI)!;
  assert.equal(turing.url, `https://doi.org/${TURING_DOI}`);
  assert.equal(turing.fetchStatus, 'abstract_only');
  assert.equal(turing.sourceType, 'academic_paper');
  assert.equal(turing.trustLevel, 'ACADEMIC');
  assert.ok(engine.store.listFragments(turing.id).length >= 1);
  // Page A cites the same DOI: found in the fetched page, sent back to Phase 3 (round 1), already known.
  const round1 = engine.store.loadCheckpoint(taskId, checkpointKeys.phase(queryId, 'enrich', 1))?.payload as { known: string[] } | undefined;
  assert.ok(round1?.known.includes(`doi:${TURING_DOI}`), 'the DOI in page A reached Phase 3 again');
});

test('Phase 5: references and citations of the paper become pages with CITES edges, top 10, scored as the seed says', { skip }, async () => {
  const pages = engine.store.listPages(taskId);
  const turing = pages.find((p) => p.identifiers.doi === TURING_DOI)!;
  const cites = engine.store.listEdges(taskId, 'cites') as CitesEdge[];
  assert.ok(cites.length > 0, 'CITES edges exist');
  assert.ok(cites.length <= CITATION_TOP_K, 'at most the top 10 related papers of the one tracked paper');
  const progress = engine.store.loadCheckpoint(taskId, checkpointKeys.phase(queryId, 'citations'))?.payload as {
    done: string[];
    found: number;
    scored: number;
    kept: number;
  };
  assert.deepEqual(progress.done, [turing.id], 'the paper registered by the query was tracked');
  assert.ok(progress.found > progress.scored && progress.scored >= progress.kept && progress.kept === cites.length, JSON.stringify(progress));
  const refs = cites.filter((e) => e.fromPageId === turing.id);
  const citing = cites.filter((e) => e.toPageId === turing.id);
  assert.ok(refs.length > 0, 'a reference (Turing → cited work) was tracked');
  assert.ok(citing.length > 0, 'a citation (citing work → Turing) was tracked');
  assert.equal(refs.length + citing.length, cites.length);
  // The recorded influential citation (Citation.json, isInfluential: true) carries the 0.5 and is kept.
  const influential = cites.filter((e) => e.influential);
  assert.ok(influential.length >= 1);
  const lra = pages.find((p) => p.identifiers.doi === '10.1109/lra.2022.3229266');
  assert.ok(lra && influential.some((e) => e.fromPageId === lra.id && e.toPageId === turing.id));
  for (const e of influential) assert.ok(e.relevance >= 0.5 - 0.3, 'influential score includes 0.5 (similarity may be negative)');

  // Every kept edge's relevance is exactly 0.5 × influential + 0.3 × cosine + 0.2 × (1 − P(neutral)).
  const config = loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } });
  const stance = buildStanceModel({ config });
  const embedding = buildEmbeddingModel({ config });
  try {
    const turingAbstract = s2FixtureAbstract({ doi: TURING_DOI })!;
    for (const e of cites) {
      const other = engine.store.getPage(e.fromPageId === turing.id ? e.toPageId : e.fromPageId)!;
      assert.equal(other.fetchStatus, 'abstract_only');
      const abstract = s2FixtureAbstract(other.identifiers);
      assert.ok(abstract, `recorded abstract of ${other.url}`);
      const [s] = await scoreCitations({
        sourceText: turingAbstract,
        query: 'aerobic exercise blood pressure study',
        candidates: [{ key: other.id, abstract, influential: e.influential }],
        stance,
        embedding,
      });
      assert.ok(Math.abs(s!.score - e.relevance) < 1e-5, `relevance of ${other.url}: stored ${e.relevance}, recomputed ${s!.score}`);
      assert.ok(Math.abs(s!.score - (0.5 * Number(e.influential) + 0.3 * s!.similarity + 0.2 * s!.nliRelevance)) < 1e-9);
    }
  } finally {
    embedding.close();
  }
});

test('status: searches, pages, budget, claim counts, no failures; outcome metrics are reported', { skip }, () => {
  const s = engine.status(taskId);
  assert.equal(s.status, 'completed');
  assert.equal(s.searches.length, 1);
  assert.equal(s.searches[0]!.status, 'done');
  assert.equal(s.pagesFetched, 3);
  assert.ok(s.pagesRegistered >= 2);
  assert.deepEqual(s.failures, []);
  const claims = engine.store.listClaims(taskId);
  assert.equal(
    Object.values(s.claimCounts).reduce((a, b) => a + b, 0),
    claims.length,
  );
  assert.ok(claims.length > 0);
  assert.equal(s.budget.queriesUsed, 1);
  assert.equal(s.budget.pagesUsed, s.pagesFetched + s.pagesRegistered);
  assert.equal(s.noveltyTrend.length, 1);
  assert.ok(s.usefulFragments > 0);
});
