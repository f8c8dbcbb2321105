// The MaterialsPage view (core/interfaces/materials-page.ts): claims in the materials' order, added
// one at a time with everything they touch (their strongest quotes, contested pairs, counterevidence
// entries, sources, the citations among those sources) until the claim limit or the byte budget is
// reached. Each claim's contribution is measured as the JSON it adds, so the page stays within
// `maxBytes` whatever the task holds; at least one claim always comes, so paging always advances.
import {
  CLAIM_FIELDS,
  DEFAULT_CLAIM_FIELDS,
  InvalidInputError,
  type Claim,
  type ClaimBrief,
  type ClaimField,
  type ClaimFeedbackView,
  type ContestedPair,
  type CounterevidenceEntry,
  type Edge,
  type EvidenceBrief,
  type FragmentText,
  type MaterialsPage,
  type MaterialsPageOptions,
  type Page,
  type QuestionRelevance,
  type SourceView,
  type Store,
} from '../../core/index.js';
import { claimConfidence } from '../../policy/index.js';
import { splitAskedClaims } from '../asked-claims.js';
import { claimsInOrder, counterevidenceLog } from './build-materials.js';
import { byWeight, claimEvidence, evidenceItems, type EvidenceRecord } from './evidence.js';
import { quoteWindow } from './quote-window.js';
import { createSourceResolver, sourceView, type SourceInfo, type TrustResolver } from './sources.js';
import { loadTaskGraph, originPages, type TaskGraph } from './task-graph.js';

/** Defaults and bounds of a page (MCP `get_materials` takes its defaults from `mcp.materials`). */
export const MATERIALS_PAGE_DEFAULTS = { limit: 20, perClaim: 3, quoteChars: 300, maxBytes: 40_000 } as const;
export const MATERIALS_PAGE_BOUNDS = {
  limit: [1, 1_000],
  perClaim: [0, 100],
  quoteChars: [40, 100_000],
  maxBytes: [1_000, 10_000_000],
  claimIds: [1, 1_000],
  fragmentIds: [1, 100],
} as const;

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Sets paging.bytes to the size of the page that carries it (the number's own digits included). */
function stampBytes(page: MaterialsPage): MaterialsPage {
  for (let i = 0; i < 3; i++) {
    const size = bytesOf(page);
    if (size === page.paging.bytes) break;
    page.paging.bytes = size;
  }
  return page;
}

function checkInt(name: keyof typeof MATERIALS_PAGE_BOUNDS, value: number): number {
  const [min, max] = MATERIALS_PAGE_BOUNDS[name];
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(`materials page: ${name} must be an integer within ${min}..${max}, got ${value}`, {
      code: 'invalid_argument',
      details: { option: name },
    });
  }
  return value;
}

interface Resolved {
  offset: number;
  limit: number;
  perClaim: number;
  quoteChars: number;
  maxBytes: number;
  fields: ReadonlySet<ClaimField>;
}

function resolve(options: MaterialsPageOptions): Resolved {
  const offset = options.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw new InvalidInputError(`materials page: offset must be a non-negative integer, got ${offset}`, {
      code: 'invalid_argument',
      details: { option: 'offset' },
    });
  const fields = options.fields ?? DEFAULT_CLAIM_FIELDS;
  const unknown = fields.filter((f) => !(CLAIM_FIELDS as readonly string[]).includes(f));
  if (unknown.length > 0)
    throw new InvalidInputError(`materials page: unknown claim fields ${unknown.join(', ')} (known: ${CLAIM_FIELDS.join(', ')})`, {
      code: 'invalid_argument',
      details: { option: 'fields' },
    });
  return {
    offset,
    limit: checkInt('limit', options.limit ?? MATERIALS_PAGE_DEFAULTS.limit),
    perClaim: checkInt('perClaim', options.perClaim ?? MATERIALS_PAGE_DEFAULTS.perClaim),
    quoteChars: checkInt('quoteChars', options.quoteChars ?? MATERIALS_PAGE_DEFAULTS.quoteChars),
    maxBytes: checkInt('maxBytes', options.maxBytes ?? MATERIALS_PAGE_DEFAULTS.maxBytes),
    fields: new Set(fields),
  };
}

function evidenceBrief(r: EvidenceRecord, quoteChars: number): EvidenceBrief {
  const w = quoteWindow(r.fragment.text, { maxChars: quoteChars, decisive: r.edge.decisiveSentence, decisiveSpan: r.edge.decisiveSpan });
  return {
    edgeId: r.edge.id,
    stance: r.edge.kind,
    confidence: r.edge.confidence,
    fragmentId: r.fragment.id,
    quote: w.quote,
    ...(w.span ? { quoteSpan: w.span } : {}),
    fragmentChars: r.fragment.text.length,
    ...(w.decisiveSpan ? { decisiveSpan: w.decisiveSpan } : {}),
    locator: r.fragment.locator,
    pageId: r.page.id,
    trustLevel: r.source.trustLevel,
    ...(r.edge.model !== undefined ? { model: r.edge.model } : {}),
  };
}

function rejectedClaims(store: Store, taskId: string): Map<string, ClaimFeedbackView> {
  const out = new Map<string, ClaimFeedbackView>();
  for (const f of store.listFeedback({ taskId })) {
    if (f.kind === 'claim_rejected') out.set(f.targetId, { rejected: true, by: f.author, at: f.createdAt, reason: f.reason, feedbackId: f.id });
  }
  return out;
}

interface ClaimParts {
  brief: ClaimBrief;
  /** Every page the brief refers to (its quotes and origins). */
  pageIds: string[];
  contested: ContestedPair[];
}

function claimParts(input: {
  graph: TaskGraph;
  claim: Claim;
  o: Resolved;
  sourceOf: (p: Page) => SourceInfo;
  pairs: ContestedPair[];
  feedback?: ClaimFeedbackView;
}): ClaimParts {
  const { graph, claim, o, sourceOf } = input;
  const records = claimEvidence(graph, claim.id, sourceOf);
  const sorted = [...records].sort(byWeight);
  const has = (f: ClaimField): boolean => o.fields.has(f);
  const supporting = sorted.filter((r) => r.edge.kind === 'supports').slice(0, o.perClaim);
  const refuting = sorted.filter((r) => r.edge.kind === 'refutes').slice(0, o.perClaim);
  const origins = originPages(graph, claim.id).map((p) => p.id);
  const needsConfidence = has('confidence') || has('uncertainty') || has('controversy');
  const c = needsConfidence ? claimConfidence(evidenceItems(records)) : undefined;
  const count = (k: string): number => records.filter((r) => r.edge.kind === k).length;
  const brief: ClaimBrief = {
    id: claim.id,
    ...(has('statement') ? { statement: claim.statement } : {}),
    ...(has('slots') ? { slots: claim.slots } : {}),
    ...(has('scope') && claim.scope !== undefined ? { scope: claim.scope } : {}),
    ...(has('decisionRelevance') ? { decisionRelevance: claim.decisionRelevance } : {}),
    ...(has('status') && claim.status !== undefined ? { status: claim.status } : {}),
    ...(has('confidence') && c ? { confidence: claim.confidence ?? c.confidence } : {}),
    ...(has('uncertainty') && c ? { uncertainty: c.uncertainty } : {}),
    ...(has('controversy') && c ? { controversy: c.controversy } : {}),
    ...(has('rationale') && claim.rationale !== undefined ? { rationale: claim.rationale } : {}),
    ...(has('axes') && claim.axes !== undefined ? { axes: claim.axes } : {}),
    ...(has('conditions') ? { conditions: claim.conditions } : {}),
    ...(has('relaxationReason') && claim.relaxationReason !== undefined ? { relaxationReason: claim.relaxationReason } : {}),
    ...(has('counts') ? { counts: { supports: count('supports'), refutes: count('refutes'), neutral: count('neutral'), contested: input.pairs.length } } : {}),
    ...(has('supporting') ? { supporting: supporting.map((r) => evidenceBrief(r, o.quoteChars)) } : {}),
    ...(has('refuting') ? { refuting: refuting.map((r) => evidenceBrief(r, o.quoteChars)) } : {}),
    ...(has('origins') ? { origins } : {}),
    ...(input.feedback ? { feedback: input.feedback } : {}),
  };
  const pageIds = [
    ...(has('supporting') ? supporting.map((r) => r.page.id) : []),
    ...(has('refuting') ? refuting.map((r) => r.page.id) : []),
    ...(has('origins') ? origins : []),
  ];
  return { brief, pageIds: [...new Set(pageIds)], contested: input.pairs.slice(0, o.perClaim) };
}

function contestedPairs(graph: TaskGraph): Map<string, ContestedPair[]> {
  const out = new Map<string, ContestedPair[]>();
  for (const e of graph.contradictions) {
    const pair: ContestedPair = {
      claimId: e.claimId,
      otherClaimId: e.otherClaimId,
      type: e.contradictionType,
      trustLevel: e.trustLevel,
      otherTrustLevel: e.otherTrustLevel,
    };
    for (const id of new Set([e.claimId, e.otherClaimId])) out.set(id, [...(out.get(id) ?? []), pair]);
  }
  return out;
}

const pairId = (p: ContestedPair): string => [p.claimId, p.otherClaimId].sort().join('~');

function fragmentsPage(graph: TaskGraph, ids: readonly string[], maxBytes: number, base: Omit<MaterialsPage, 'paging'>): MaterialsPage {
  const missing = ids.filter((id) => !graph.fragmentById.has(id));
  if (missing.length > 0) {
    throw new InvalidInputError(
      `materials page: no fragment ${missing
        .slice(0, 5)
        .map((m) => JSON.stringify(m))
        .join(', ')} in task ${graph.task.id}`,
      { code: 'fragment_not_found', details: { fragmentIds: missing.slice(0, 20) } },
    );
  }
  const fragments: FragmentText[] = [];
  let bytes = bytesOf(base) + 200;
  let i = 0;
  for (; i < ids.length; i++) {
    const f = graph.fragmentById.get(ids[i]!)!;
    const item: FragmentText = { id: f.id, pageId: f.pageId, text: f.text, locator: f.locator };
    const size = bytesOf(item) + 1;
    if (fragments.length > 0 && bytes + size > maxBytes) break;
    fragments.push(item);
    bytes += size;
  }
  const left = ids.slice(i);
  const page: MaterialsPage = {
    ...base,
    fragments,
    ...(left.length > 0 ? { fragmentsLeft: left } : {}),
    paging: {
      offset: 0,
      limit: ids.length,
      returned: fragments.length,
      totalClaims: graph.claims.length,
      sideClaims: splitAskedClaims(graph.task, graph.claims).side.length,
      stoppedBy: left.length > 0 ? 'bytes' : 'end',
      bytes: 0,
      maxBytes,
    },
  };
  return stampBytes(page);
}

export function buildMaterialsPage(
  deps: { store: Store; trust: TrustResolver; questionRelevance?: QuestionRelevance },
  input: { taskId: string } & MaterialsPageOptions,
): MaterialsPage {
  const o = resolve(input);
  const graph = loadTaskGraph(deps.store, input.taskId);
  const { configSnapshot: _config, ...task } = graph.task;
  const base: Omit<MaterialsPage, 'paging'> = { task, claims: [], contested: [], citations: [], counterevidenceLog: [], pages: [] };
  if (input.fragmentIds && input.fragmentIds.length > 0) {
    checkInt('fragmentIds', input.fragmentIds.length);
    return fragmentsPage(graph, input.fragmentIds, o.maxBytes, base);
  }
  let ordered = claimsInOrder(graph, deps.questionRelevance);
  if (input.claimIds) {
    checkInt('claimIds', input.claimIds.length);
    const wanted = new Set(input.claimIds);
    const missing = [...wanted].filter((id) => !graph.claimById.has(id));
    if (missing.length > 0) {
      throw new InvalidInputError(
        `materials page: no claim ${missing
          .slice(0, 5)
          .map((m) => JSON.stringify(m))
          .join(', ')} in task ${graph.task.id}`,
        { code: 'claim_not_found', details: { claimIds: missing.slice(0, 20) } },
      );
    }
    ordered = ordered.filter((c) => wanted.has(c.id));
  }
  const side = new Set(splitAskedClaims(graph.task, graph.claims).side.map((c) => c.id));
  const sourceOf = createSourceResolver(deps.trust);
  const pairsByClaim = contestedPairs(graph);
  const feedback = rejectedClaims(deps.store, input.taskId);
  const log = counterevidenceLog(deps.store, input.taskId);
  const logByClaim = new Map<string, CounterevidenceEntry[]>();
  for (const e of log) logByClaim.set(e.claim_id, [...(logByClaim.get(e.claim_id) ?? []), e]);

  const page: Omit<MaterialsPage, 'paging'> & { graph?: { pages: Page[]; claims: Claim[]; edges: Edge[] } } = {
    ...base,
    ...(input.includeGraph ? { graph: { pages: [], claims: [], edges: [] } } : {}),
  };
  const seenPages = new Set<string>();
  const seenPairs = new Set<string>();
  const seenEdges = new Set<string>();
  // The JSON of the empty page plus room for the paging numbers; each claim then adds its own bytes.
  let bytes = bytesOf(page) + 200;
  let stoppedBy: MaterialsPage['paging']['stoppedBy'] = 'end';
  let i = o.offset;
  for (; i < ordered.length; i++) {
    if (page.claims.length >= o.limit) {
      stoppedBy = 'limit';
      break;
    }
    const claim = ordered[i]!;
    const parts = claimParts({
      graph,
      claim,
      o,
      sourceOf,
      pairs: pairsByClaim.get(claim.id) ?? [],
      ...(feedback.has(claim.id) ? { feedback: feedback.get(claim.id)! } : {}),
    });
    if (side.has(claim.id)) parts.brief.sideClaim = true;
    const newPages = parts.pageIds
      .filter((id) => !seenPages.has(id))
      .map((id) => graph.pageById.get(id))
      .filter((p): p is Page => p !== undefined);
    const pageIds = new Set([...seenPages, ...newPages.map((p) => p.id)]);
    const sources: SourceView[] = newPages.map((p) => sourceView(p, sourceOf(p), { bibliographic: true }));
    const pairs = parts.contested.filter((p) => !seenPairs.has(pairId(p)));
    const entries = logByClaim.get(claim.id) ?? [];
    const newPageIds = new Set(newPages.map((p) => p.id));
    const cites = graph.cites
      .filter((e) => pageIds.has(e.fromPageId) && pageIds.has(e.toPageId) && (newPageIds.has(e.fromPageId) || newPageIds.has(e.toPageId)))
      .map((e) => ({ fromPageId: e.fromPageId, toPageId: e.toPageId, influential: e.influential, relevance: e.relevance }));
    const edges: Edge[] = input.includeGraph
      ? [
          ...(graph.stanceByClaim.get(claim.id) ?? []),
          ...graph.contradictions.filter((e) => e.claimId === claim.id || e.otherClaimId === claim.id),
          ...graph.cites.filter((e) => pageIds.has(e.fromPageId) && pageIds.has(e.toPageId)),
        ].filter((e) => !seenEdges.has(e.id))
      : [];
    const added = [parts.brief, ...sources, ...pairs, ...entries, ...cites, ...(input.includeGraph ? [claim, ...newPages, ...edges] : [])];
    const size = added.reduce((n, x) => n + bytesOf(x) + 1, 0);
    if (page.claims.length > 0 && bytes + size > o.maxBytes) {
      stoppedBy = 'bytes';
      break;
    }
    bytes += size;
    page.claims.push(parts.brief);
    page.pages.push(...sources);
    page.contested.push(...pairs);
    page.counterevidenceLog.push(...entries);
    page.citations.push(...cites);
    if (page.graph) {
      page.graph.claims.push(claim);
      page.graph.pages.push(...newPages);
      page.graph.edges.push(...edges);
    }
    for (const id of newPageIds) seenPages.add(id);
    for (const p of pairs) seenPairs.add(pairId(p));
    for (const e of edges) seenEdges.add(e.id);
  }
  const result: MaterialsPage = {
    ...page,
    paging: {
      offset: o.offset,
      limit: o.limit,
      returned: page.claims.length,
      totalClaims: ordered.length,
      sideClaims: ordered.filter((c) => side.has(c.id)).length,
      ...(i < ordered.length ? { nextOffset: i } : {}),
      stoppedBy: i < ordered.length ? stoppedBy : 'end',
      bytes: 0,
      maxBytes: o.maxBytes,
    },
  };
  return stampBytes(result);
}
