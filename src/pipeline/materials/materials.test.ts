// The Materials view and its renderers over a real store filled by the graph step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CitesEdge } from '../../core/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust, type GraphFixture } from '../graph/graph.fixture.js';
import { recomputeTaskGraph, runGraphPhase, verifyStatement } from '../graph/index.js';
import { materialsCsl, parseMaterialsFormat, renderMaterials } from '../../report/index.js';
import { buildMaterials } from './index.js';
import { MAX_CLOSEST_CLAIMS, claimsInOrder } from './build-materials.js';
import { MAX_CLOSEST_LIMIT, MAX_CLOSEST_PASSAGES } from './evidence.js';

async function scenario(fx: GraphFixture): Promise<ReturnType<typeof tableTrust>> {
  const trust = tableTrust(fx.store, { 'nih.gov': 'ACADEMIC', 'nature.com': 'ACADEMIC' });
  const deps = { store: fx.store, stance: ruleStanceModel(), trust, emit: fx.emit };
  const a = fx.addPage({
    url: 'https://pubmed.ncbi.nlm.nih.gov/1/',
    title: 'Drug Y & blood pressure: a {trial}',
    sourceType: 'academic_paper',
    publishedAt: '2021-03-04',
    authors: ['Jane Smith', 'Tanaka, Hiro'],
    doi: '10.1000/xyz_1',
    paragraphs: ['Drug Y lowered blood pressure in elderly patients with hypertension.'],
  });
  const b = fx.addPage({
    url: 'https://www.nature.com/articles/y2',
    title: 'No effect of drug Y',
    sourceType: 'academic_paper',
    publishedAt: '2022',
    authors: ['World Health Organization'],
    paragraphs: ['Drug Y did not lower blood pressure in elderly patients with hypertension.'],
  });
  const c = fx.addPage({
    url: 'https://news.example.com/y',
    title: 'News',
    paragraphs: ['Drug Y lowered blood pressure in elderly patients with hypertension, doctors said.'],
  });
  fx.store.insertQuery({
    id: 'q_r',
    taskId: fx.taskId,
    text: 'drug Y blood pressure criticism',
    mode: 'refute',
    origin: 'client',
    status: 'done',
    attempts: 1,
    metrics: {},
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id, c.id] });
  const cites: CitesEdge = {
    id: 'edg_cite',
    taskId: fx.taskId,
    kind: 'cites',
    fromPageId: b.id,
    toPageId: a.id,
    influential: true,
    relevance: 0.75,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  fx.store.insertEdge(cites);
  recomputeTaskGraph(deps, { taskId: fx.taskId });
  await verifyStatement(deps, { taskId: fx.taskId, statement: 'Drug Y lowered blood pressure in elderly patients.', pageIds: [], queries: ['drug Y elderly'] });
  return trust;
}

test('materials: claims with evidence and origins, contradictions, citations, counterevidence log, pages, paging', async () => {
  const fx = createGraphFixture();
  try {
    const trust = await scenario(fx);
    const m = buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId });
    assert.equal(m.task.id, fx.taskId);
    assert.equal(m.paging.totalClaims, fx.store.listClaims(fx.taskId).length);
    assert.equal(m.claims.length, m.paging.totalClaims);
    const contested = m.claims.filter((c) => c.status === 'CONTESTED');
    assert.ok(contested.length >= 2);
    // The news sentence is the same claim with an attribution: one claim, extracted from both pages.
    const lowered = m.claims.find((c) => c.statement.startsWith('Drug Y lowered blood pressure in elderly patients with hypertension'))!;
    assert.deepEqual(
      lowered.origins.map((o) => o.url),
      ['https://news.example.com/y', 'https://pubmed.ncbi.nlm.nih.gov/1/'],
    );
    assert.equal(lowered.status, 'CONTESTED');
    assert.ok(lowered.refuting.length >= 1);
    assert.equal(lowered.refuting[0]!.source.trustLevel, 'ACADEMIC');
    assert.equal(lowered.counts.refutes, lowered.refuting.length);
    assert.ok(m.contested.some((p) => p.type === 'contested' && p.trustLevel === 'ACADEMIC' && p.otherTrustLevel === 'ACADEMIC'));
    assert.equal(m.citations.length, 1);
    assert.equal(m.citations[0]!.influential, true);
    assert.equal(m.pages.length, 3);
    assert.deepEqual(m.pages.find((p) => p.url.includes('pubmed'))!.identifiers, { doi: '10.1000/xyz_1' });
    const log = m.counterevidenceLog;
    assert.ok(log.some((e) => e.search_queries.includes('drug Y elderly') && e.search_queries.includes('drug Y blood pressure criticism')));
    assert.ok(
      log.some((e) => e.found_counterevidence && e.impact_on_status !== null),
      JSON.stringify(log),
    );
    assert.equal(m.graph, undefined);

    const page2 = buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, offset: 1, limit: 1, includeGraph: true });
    assert.equal(page2.claims.length, 1);
    assert.equal(page2.claims[0]!.id, m.claims[1]!.id);
    assert.deepEqual(page2.paging, { offset: 1, limit: 1, totalClaims: m.paging.totalClaims, sideClaims: 0 });
    assert.equal(page2.graph?.claims.length, m.paging.totalClaims);
    assert.ok(page2.graph!.edges.some((e) => e.kind === 'contradicts'));
    assert.throws(() => buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, limit: 0 }), /limit must be/);
    assert.throws(() => buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, offset: -1 }), /offset must be/);
    assert.throws(() => buildMaterials({ store: fx.store, trust }, { taskId: 'task_x' }), /no task task_x/);
  } finally {
    fx.close();
  }
});

test('renderers: json round-trips, md quotes the evidence, bibtex escapes, csl-json is valid items', async () => {
  const fx = createGraphFixture();
  try {
    const trust = await scenario(fx);
    const m = buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId });
    assert.deepEqual(JSON.parse(renderMaterials(m, parseMaterialsFormat('JSON'))), JSON.parse(JSON.stringify(m)));
    const md = renderMaterials(m, 'md');
    assert.match(md, /^# Materials: Does drug X help\?/);
    assert.match(md, /### 1\. /);
    assert.match(md, /> Drug Y did not lower blood pressure in elderly patients with hypertension\./);
    assert.match(md, /nature\.com · ACADEMIC · 2022 · ¶0/);
    assert.match(md, /## Contradictions/);
    assert.match(md, /## Counterevidence log/);
    const bib = renderMaterials(m, 'bibtex');
    assert.match(bib, /@article\{smith2021,/);
    // Braces from the text become \textbraceleft{}/\textbraceright{}: BibTeX balances braces whatever the backslashes.
    assert.match(bib, /title = \{\{Drug Y \\& blood pressure: a \\textbraceleft\{\}trial\\textbraceright\{\}\}\}/);
    assert.match(bib, /author = \{Smith, Jane and Tanaka, Hiro\}/);
    assert.match(bib, /doi = \{10\.1000\/xyz\\_1\}|doi = \{10\.1000\/xyz_1\}/);
    assert.match(bib, /author = \{\{World Health Organization\}\}/);
    assert.match(bib, /@misc\{example_nd,/);
    const csl = JSON.parse(renderMaterials(m, 'csl-json')) as Array<Record<string, unknown>>;
    assert.deepEqual(csl, materialsCsl(m));
    const smith = csl.find((i) => i.id === 'smith2021')!;
    assert.equal(smith.type, 'article-journal');
    assert.deepEqual(smith.issued, { 'date-parts': [[2021, 3, 4]] });
    assert.deepEqual(smith.author, [
      { family: 'Smith', given: 'Jane' },
      { family: 'Tanaka', given: 'Hiro' },
    ]);
    assert.equal(smith.DOI, '10.1000/xyz_1');
    assert.equal(new Set(csl.map((i) => i.id)).size, csl.length);
    assert.throws(() => parseMaterialsFormat('pdf'), /unknown format "pdf"/);
  } finally {
    fx.close();
  }
});

test('materials: a claim named in closestFor lists its neutral passages leaning most to a side (with their scores); other claims do not; too many ids are invalid input', async () => {
  const fx = createGraphFixture();
  try {
    const trust = await scenario(fx);
    // A passage about the drug that neither supports nor refutes the statement: judged neutral.
    const d = fx.addPage({ url: 'https://example.org/drug-y', title: 'Drug Y', paragraphs: ['Drug Y is prescribed to elderly patients in Japan and Korea.'] });
    await verifyStatement(
      { store: fx.store, stance: ruleStanceModel(), trust, emit: fx.emit },
      {
        taskId: fx.taskId,
        statement: 'Drug Y is prescribed to elderly patients with hypertension in Europe.',
        pageIds: [d.id],
        queries: ['drug Y prescribed'],
      },
    );
    const all = buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId });
    const withNeutral = all.claims.find((c) => c.counts.neutral > 0);
    assert.ok(withNeutral, 'the scenario judges some passages neutral');
    assert.ok(all.claims.every((c) => c.closest === undefined));
    const m = buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, closestFor: [withNeutral.id] });
    const claim = m.claims.find((c) => c.id === withNeutral.id)!;
    const closest = claim.closest!;
    assert.ok(closest.length >= 1 && closest.length <= MAX_CLOSEST_PASSAGES, JSON.stringify(closest.length));
    assert.ok(closest.every((e) => e.stance === 'neutral' && e.scores !== undefined));
    const lean = (e: (typeof closest)[number]): number => Math.max(e.scores!.supports, e.scores!.refutes);
    for (let i = 1; i < closest.length; i++) assert.ok(lean(closest[i - 1]!) >= lean(closest[i]!));
    assert.ok(m.claims.filter((c) => c.id !== withNeutral.id).every((c) => c.closest === undefined));
    // Judged edges carry the model's probabilities in every view.
    assert.ok(claim.supporting.concat(claim.refuting).every((e) => e.model === 'origin' || e.scores !== undefined));
    const ids = Array.from({ length: MAX_CLOSEST_CLAIMS + 1 }, (_, i) => `clm_${i}`);
    assert.throws(() => buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, closestFor: ids }), /closestFor names/);
    // closestLimit: how many each claim named gets (one here), the most leaning first; out of range is invalid input.
    const one = buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, closestFor: [withNeutral.id], closestLimit: 1 });
    assert.deepEqual(
      one.claims.find((c) => c.id === withNeutral.id)!.closest!.map((e) => e.edgeId),
      closest.slice(0, 1).map((e) => e.edgeId),
    );
    for (const closestLimit of [0, 1.5, MAX_CLOSEST_LIMIT + 1])
      assert.throws(() => buildMaterials({ store: fx.store, trust }, { taskId: fx.taskId, closestFor: [withNeutral.id], closestLimit }), /closestLimit/);
  } finally {
    fx.close();
  }
});

test('the claim a task asks about comes first in its materials (a verify task), then by relevance and confidence', () => {
  const claim = (id: string, statement: string, decisionRelevance: 'high' | 'low', confidence: number) =>
    ({ id, statement, decisionRelevance, confidence }) as unknown as Parameters<typeof claimsInOrder>[0]['claims'][number];
  const task = { question: 'Varroa mites harm honey bees.' } as Parameters<typeof claimsInOrder>[0]['task'];
  const claims = [
    claim('clm_a', 'Perhaps one of the most recent adverse effects was reported in 2019.', 'high', 0.9),
    claim('clm_b', 'varroa mites  harm honey bees', 'low', 0.1),
    claim('clm_c', 'Bees pollinate crops.', 'high', 0.5),
  ];
  assert.deepEqual(
    claimsInOrder({ task, claims }).map((c) => c.id),
    ['clm_b', 'clm_a', 'clm_c'],
  );
  // A question asks no claim of its own: the order is relevance, then confidence.
  assert.deepEqual(
    claimsInOrder({ task: { question: 'Do varroa mites harm bees?' } as typeof task, claims }).map((c) => c.id),
    ['clm_a', 'clm_c', 'clm_b'],
  );
  // With the question's relevance: the claim that answers it first, the asked statement still before all.
  const relevance = { scorer: () => (statement: string) => (/varroa/i.test(statement) ? 0.9 : /bees/i.test(statement) ? 0.4 : 0) };
  assert.deepEqual(
    claimsInOrder({ task: { question: 'Do varroa mites harm bees?' } as typeof task, claims }, relevance).map((c) => c.id),
    ['clm_b', 'clm_c', 'clm_a'],
  );
  assert.deepEqual(
    claimsInOrder({ task, claims: [claims[0]!, claims[2]!, claims[1]!] }, relevance).map((c) => c.id),
    ['clm_b', 'clm_c', 'clm_a'],
  );
});
