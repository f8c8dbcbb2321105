// A large task written straight into a store, for tests of what reading it costs (MCP get_materials
// pages, the ready-made views): N claims, each extracted from one page and judged against long
// fragments that support, refute or say nothing about it, contested with several other claims, the
// pages citing each other, and a counterevidence log. Deterministic: the same options write the same
// rows, so sizes measured on it compare from run to run.
import { judgeOfModelName } from '../core/index.js';
import type { Claim, Edge, Fragment, Page, Store } from '../core/index.js';

export interface LargeTaskOptions {
  taskId?: string;
  claims: number;
  /** Sources the fragments are spread over. */
  pages?: number;
  /** Supporting fragments per claim (refuting: half as many, neutral: as many). */
  supportsPerClaim?: number;
  /** Claims each claim is contested with. */
  contestedPerClaim?: number;
  /** Characters of each evidence fragment (the decisive sentence sits in its middle). */
  fragmentChars?: number;
}

export interface LargeTask {
  taskId: string;
  claimIds: string[];
  pageIds: string[];
  /** One evidence fragment id per claim (its first supporting one). */
  fragmentIds: string[];
}

const AT = '2026-01-01T00:00:00.000Z';
const FILLER = 'Participants were followed for twelve months and outcomes were assessed by investigators who did not know the group assignment. ';

function paragraph(decisive: string, chars: number): string {
  const half = Math.max(0, Math.floor((chars - decisive.length) / 2));
  const pad = (n: number): string =>
    FILLER.repeat(Math.ceil(n / FILLER.length) + 1)
      .slice(0, n)
      .replace(/\s+\S*$/, '');
  return `${pad(half)} ${decisive} ${pad(half)}`.trim();
}

export function writeLargeTask(store: Store, options: LargeTaskOptions): LargeTask {
  const taskId = options.taskId ?? 'task_large';
  const n = options.claims;
  const pageCount = options.pages ?? 40;
  const supports = options.supportsPerClaim ?? 6;
  const contested = options.contestedPerClaim ?? 4;
  const chars = options.fragmentChars ?? 1_500;
  // Ids carry the task's name, so several large tasks share one store.
  const tag = taskId.replace(/^task_/, '');
  store.createTask({
    id: taskId,
    question: 'Does regular exercise improve health outcomes in adults?',
    status: 'stopped',
    budget: { maxPages: 1_000, maxQueries: 100, maxSeconds: 3_600 },
    priorityDomains: [],
    createdAt: AT,
    stopReason: 'measured',
    configSnapshot: { pipeline: { note: 'x'.repeat(2_000) } },
  });
  const pages: Page[] = Array.from({ length: pageCount }, (_, i) => ({
    id: `pg_${tag}_${i}`,
    taskId,
    url: `https://journal-${i}.example/articles/${i}`,
    domain: `journal-${i}.example`,
    title: `Trial ${i} of exercise and health in adults`,
    sourceType: 'academic_paper',
    fetchStatus: i % 5 === 4 ? 'abstract_only' : 'fetched',
    fetchedAt: AT,
    publishedAt: `${2008 + (i % 16)}-06-01`,
    authors: [`Author ${i}`, `Coauthor ${i}`],
    identifiers: { doi: `10.5555/large.${i}` },
    abstractOnly: i % 5 === 4,
    trustLevel: 'UNVERIFIED',
    createdAt: AT,
  }));
  store.transaction(() => pages.forEach((p) => store.upsertPage(p)));
  const claimIds: string[] = [];
  const fragmentIds: string[] = [];
  const edges: Edge[] = [];
  const fragments: Fragment[] = [];
  let e = 0;
  const edgeId = (): string => `edg_${tag}_${e++}`;
  for (let c = 0; c < n; c++) {
    const id = `clm_${tag}_${String(c).padStart(4, '0')}`;
    claimIds.push(id);
    const statement = `Regular exercise programme ${c} lowers the risk of outcome ${c} by ${10 + (c % 40)} percent in adults.`;
    const claim: Claim = {
      id,
      taskId,
      statement,
      slots: { subject: `exercise programme ${c}`, predicate: 'lowers', object: `risk of outcome ${c}` },
      decisionRelevance: c % 3 === 0 ? 'high' : c % 3 === 1 ? 'medium' : 'low',
      status: c % 4 === 0 ? 'CONTESTED' : c % 4 === 1 ? 'VERIFIED' : c % 4 === 2 ? 'CONDITIONED' : 'UNSUPPORTED',
      confidence: 0.3 + (c % 7) / 10,
      rationale: `Evidence strength ${(c % 10) / 10}; coverage across ${supports} sources; agreement between independent trials was mixed for outcome ${c}.`,
      axes: {
        evidence: 0.7,
        coverage: 0.5,
        agreement: 0.6,
        recency: 0.4,
        traceability: 0.9,
        refutation: 0.2,
        independentSupport: 3,
        contestedByHighTrust: c % 4 === 0,
      },
      conditions: [`evidence strength ${(c % 10) / 10} < 0.8`],
      createdAt: AT,
    };
    store.upsertClaim(claim);
    const add = (kind: 'supports' | 'refutes' | 'neutral', k: number, model: string): void => {
      // Even claims draw on every source; odd ones on the older half only (their evidence is outdated).
      const spread =
        c % 2 === 0 ? (c * 7 + k * 3 + (kind === 'refutes' ? 1 : kind === 'neutral' ? 2 : 0)) % pageCount : (c + k) % Math.max(1, Math.floor(pageCount / 2));
      const page = pages[spread]!;
      const decisive =
        kind === 'supports'
          ? `In trial ${c}.${k}, exercise programme ${c} lowered the risk of outcome ${c} in adults.`
          : kind === 'refutes'
            ? `In trial ${c}.${k}, exercise programme ${c} did not change the risk of outcome ${c}.`
            : `Trial ${c}.${k} recorded outcome ${c} among other measures.`;
      const fid = `fr_${tag}_${c}_${kind}_${k}`;
      fragments.push({
        id: fid,
        pageId: page.id,
        text: model === 'origin' ? statement : paragraph(decisive, chars),
        locator: { paragraph: k, charStart: k * chars, charEnd: (k + 1) * chars },
        quotable: true,
      });
      edges.push({
        id: edgeId(),
        taskId,
        kind,
        fragmentId: fid,
        claimId: id,
        confidence: 0.55 + ((c + k) % 9) / 20,
        createdAt: AT,
        judge: judgeOfModelName(model),
        model,
        ...(model === 'origin' ? {} : { decisiveSentence: decisive, scores: { supports: 0.6, refutes: 0.2, neutral: 0.2 } }),
      });
    };
    add('supports', 99, 'origin');
    for (let k = 0; k < supports; k++) add('supports', k, 'embedded');
    for (let k = 0; k < Math.ceil(supports / 2); k++) add('refutes', k, 'embedded');
    for (let k = 0; k < supports; k++) add('neutral', k, 'embedded');
    fragmentIds.push(`fr_${tag}_${c}_supports_0`);
    for (let j = 1; j <= contested; j++) {
      const other = (c + j) % n;
      if (other === c || j > n / 2) continue;
      edges.push({
        id: edgeId(),
        taskId,
        kind: 'contradicts',
        claimId: id,
        otherClaimId: `clm_${tag}_${String(other).padStart(4, '0')}`,
        contradictionType: j % 3 === 0 ? 'misinformation' : 'contested',
        trustLevel: 'ACADEMIC',
        otherTrustLevel: j % 3 === 0 ? 'UNVERIFIED' : 'ACADEMIC',
        createdAt: AT,
      });
    }
  }
  for (let i = 0; i < pageCount; i++) {
    for (const d of [1, 2, 3])
      edges.push({
        id: edgeId(),
        taskId,
        kind: 'cites',
        fromPageId: pages[i]!.id,
        toPageId: pages[(i + d) % pageCount]!.id,
        influential: d === 1,
        relevance: 0.5 + d / 10,
        createdAt: AT,
      });
  }
  store.transaction(() => {
    store.insertFragments(fragments);
    for (const edge of edges) store.insertEdge(edge);
    store.saveCheckpoint(
      taskId,
      'graph:counterevidence',
      claimIds.map((id, i) => ({
        claim_id: id,
        search_queries: [`exercise programme ${i} criticism`, `exercise programme ${i} no effect`],
        search_scope: 'task',
        found_counterevidence: i % 2 === 0,
        impact_on_status: i % 2 === 0 ? 'CONTESTED' : null,
      })),
    );
  });
  return { taskId, claimIds, pageIds: pages.map((p) => p.id), fragmentIds };
}
