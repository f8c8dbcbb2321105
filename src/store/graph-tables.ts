// Pages, fragments, claims, edges and domain states: the evidence graph.
import {
  InvalidInputError,
  judgeOfModelName,
  type Claim,
  type DomainState,
  type Edge,
  type EdgeKind,
  type Fragment,
  type Page,
  type StanceEdge,
  type StatusAxes,
} from '../core/index.js';
import { type Db, compact, bool, opt, parseJson, taskKey, taskOf } from './db.js';

interface PageRow {
  id: string;
  task_id: string;
  url: string;
  domain: string;
  title: string | null;
  source_type: string;
  fetch_status: string;
  fetched_at: string | null;
  content_hash: string | null;
  published_at: string | null;
  authors_json: string;
  organization: string | null;
  doi: string | null;
  pmid: string | null;
  arxiv: string | null;
  s2: string | null;
  openalex: string | null;
  abstract_only: number;
  trust_level: string;
  created_at: string;
}

function pageFromRow(r: PageRow): Page {
  const identifiers: Page['identifiers'] = {};
  for (const k of ['doi', 'pmid', 'arxiv', 's2', 'openalex'] as const) if (r[k] !== null) identifiers[k] = r[k];
  return compact({
    id: r.id,
    taskId: taskOf(r.task_id),
    url: r.url,
    domain: r.domain,
    title: opt(r.title),
    sourceType: r.source_type as Page['sourceType'],
    fetchStatus: r.fetch_status as Page['fetchStatus'],
    fetchedAt: opt(r.fetched_at),
    contentHash: opt(r.content_hash),
    publishedAt: opt(r.published_at),
    authors: parseJson<string[]>(r.authors_json, `pages.authors_json (${r.id})`),
    organization: opt(r.organization),
    identifiers,
    abstractOnly: bool(r.abstract_only),
    trustLevel: r.trust_level as Page['trustLevel'],
    createdAt: r.created_at,
  });
}

function pageParams(p: Page): unknown[] {
  const i = p.identifiers;
  return [
    taskKey(p.taskId),
    p.url,
    p.domain,
    p.title ?? null,
    p.sourceType,
    p.fetchStatus,
    p.fetchedAt ?? null,
    p.contentHash ?? null,
    p.publishedAt ?? null,
    JSON.stringify(p.authors),
    p.organization ?? null,
    i.doi ?? null,
    i.pmid ?? null,
    i.arxiv ?? null,
    i.s2 ?? null,
    i.openalex ?? null,
    p.abstractOnly ? 1 : 0,
    p.trustLevel,
    p.createdAt,
  ];
}

const PAGE_COLUMNS = `task_id, url, domain, title, source_type, fetch_status, fetched_at, content_hash, published_at, authors_json,
  organization, doi, pmid, arxiv, s2, openalex, abstract_only, trust_level, created_at`;

export function getPage(db: Db, id: string): Page | undefined {
  const r = db.get<PageRow>('SELECT * FROM pages WHERE id = ?', id);
  return r ? pageFromRow(r) : undefined;
}

export function findPageByUrl(db: Db, taskId: string | undefined, url: string): Page | undefined {
  const r = db.get<PageRow>('SELECT * FROM pages WHERE task_id = ? AND url = ?', taskKey(taskId), url);
  return r ? pageFromRow(r) : undefined;
}

export function upsertPage(db: Db, page: Page): Page {
  db.run(
    `INSERT INTO pages (id, ${PAGE_COLUMNS}) VALUES (?, ${Array(19).fill('?').join(', ')}) ON CONFLICT (task_id, url) DO NOTHING`,
    page.id,
    ...pageParams(page),
  );
  return findPageByUrl(db, page.taskId, page.url)!;
}

export function updatePage(db: Db, id: string, patch: Partial<Omit<Page, 'id'>>): Page {
  const current = getPage(db, id);
  if (!current) throw new InvalidInputError(`store: no page ${id}`, { code: 'page_not_found', details: { pageId: id } });
  const next: Page = { ...current, ...patch, id, identifiers: { ...current.identifiers, ...patch.identifiers } };
  const sets = PAGE_COLUMNS.split(',')
    .map((c) => `${c.trim()} = ?`)
    .join(', ');
  db.run(`UPDATE pages SET ${sets} WHERE id = ?`, ...pageParams(next), id);
  return next;
}

const IDENTIFIER_COLUMNS = new Set(['doi', 'pmid', 'arxiv', 's2', 'openalex']);

export function findPageByIdentifier(db: Db, taskId: string | undefined, kind: keyof Page['identifiers'], value: string): Page | undefined {
  if (!IDENTIFIER_COLUMNS.has(kind)) throw new InvalidInputError(`store: unknown identifier kind ${kind}`, { code: 'invalid_argument' });
  const r = db.get<PageRow>(`SELECT * FROM pages WHERE task_id = ? AND ${kind} = ? ORDER BY created_at LIMIT 1`, taskKey(taskId), value);
  return r ? pageFromRow(r) : undefined;
}

export function listPages(db: Db, taskId: string): Page[] {
  return db.all<PageRow>('SELECT * FROM pages WHERE task_id = ? ORDER BY created_at, rowid', taskId).map(pageFromRow);
}

interface FragmentRow {
  id: string;
  page_id: string;
  text: string;
  locator_json: string;
  quotable: number;
}

function fragmentFromRow(r: FragmentRow): Fragment {
  return compact({
    id: r.id,
    pageId: r.page_id,
    text: r.text,
    locator: parseJson<Fragment['locator']>(r.locator_json, `fragments.locator_json (${r.id})`),
    quotable: bool(r.quotable),
  });
}

/** Inserts fragments; an id already stored is left as it is (idempotent on resume). */
export function insertFragments(db: Db, fragments: Fragment[]): void {
  for (const f of fragments) {
    const seq = db.get<{ n: number | null }>('SELECT MAX(seq) AS n FROM fragments WHERE page_id = ?', f.pageId)?.n ?? 0;
    db.run(
      'INSERT INTO fragments (id, page_id, seq, text, locator_json, quotable) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      f.id,
      f.pageId,
      seq + 1,
      f.text,
      JSON.stringify(f.locator),
      f.quotable ? 1 : 0,
    );
  }
}

export function listFragments(db: Db, pageId: string): Fragment[] {
  return db.all<FragmentRow>('SELECT * FROM fragments WHERE page_id = ? ORDER BY seq', pageId).map(fragmentFromRow);
}

export function getFragment(db: Db, id: string): Fragment | undefined {
  const r = db.get<FragmentRow>('SELECT * FROM fragments WHERE id = ?', id);
  return r ? fragmentFromRow(r) : undefined;
}

export function listTaskFragments(db: Db, taskId: string): Fragment[] {
  return db
    .all<FragmentRow>('SELECT f.* FROM fragments f JOIN pages p ON p.id = f.page_id WHERE p.task_id = ? ORDER BY p.created_at, p.rowid, f.seq', taskId)
    .map(fragmentFromRow);
}

interface ClaimRow {
  task_id: string;
  id: string;
  statement: string;
  slots_json: string;
  scope: string | null;
  decision_relevance: string;
  status: string | null;
  confidence: number | null;
  rationale: string | null;
  axes_json: string | null;
  conditions_json: string;
  relaxation_reason: string | null;
  created_at: string;
}

function claimFromRow(r: ClaimRow): Claim {
  return compact({
    id: r.id,
    taskId: taskOf(r.task_id),
    statement: r.statement,
    slots: parseJson<Claim['slots']>(r.slots_json, `claims.slots_json (${r.id})`),
    scope: opt(r.scope),
    decisionRelevance: r.decision_relevance as Claim['decisionRelevance'],
    status: opt(r.status) as Claim['status'],
    confidence: opt(r.confidence),
    rationale: opt(r.rationale),
    axes: r.axes_json === null ? undefined : parseJson<StatusAxes>(r.axes_json, `claims.axes_json (${r.id})`),
    conditions: parseJson<string[]>(r.conditions_json, `claims.conditions_json (${r.id})`),
    relaxationReason: opt(r.relaxation_reason),
    createdAt: r.created_at,
  });
}

export function getClaim(db: Db, taskId: string | undefined, id: string): Claim | undefined {
  const r = db.get<ClaimRow>('SELECT * FROM claims WHERE task_id = ? AND id = ?', taskKey(taskId), id);
  return r ? claimFromRow(r) : undefined;
}

function writeClaim(db: Db, c: Claim): void {
  db.run(
    `INSERT INTO claims (task_id, id, statement, slots_json, scope, decision_relevance, status, confidence, rationale, axes_json, conditions_json, relaxation_reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (task_id, id) DO UPDATE SET statement = excluded.statement, slots_json = excluded.slots_json, scope = excluded.scope,
       decision_relevance = excluded.decision_relevance, status = excluded.status, confidence = excluded.confidence,
       rationale = excluded.rationale, axes_json = excluded.axes_json, conditions_json = excluded.conditions_json, relaxation_reason = excluded.relaxation_reason`,
    taskKey(c.taskId),
    c.id,
    c.statement,
    JSON.stringify(c.slots),
    c.scope ?? null,
    c.decisionRelevance,
    c.status ?? null,
    c.confidence ?? null,
    c.rationale ?? null,
    c.axes ? JSON.stringify(c.axes) : null,
    JSON.stringify(c.conditions),
    c.relaxationReason ?? null,
    c.createdAt,
  );
}

/** Inserts a claim or merges it into the stored one: conditions united, missing slots filled, the rest kept. */
export function upsertClaim(db: Db, claim: Claim): Claim {
  const current = getClaim(db, claim.taskId, claim.id);
  const merged: Claim = current
    ? {
        ...current,
        slots: { ...claim.slots, ...current.slots },
        scope: current.scope ?? claim.scope,
        conditions: [...new Set([...current.conditions, ...claim.conditions])],
      }
    : claim;
  writeClaim(db, merged);
  return merged;
}

export function updateClaim(db: Db, taskId: string | undefined, id: string, patch: Partial<Omit<Claim, 'id' | 'taskId'>>): Claim {
  const current = getClaim(db, taskId, id);
  if (!current) throw new InvalidInputError(`store: no claim ${id}`, { code: 'claim_not_found', details: { claimId: id, taskId } });
  const next: Claim = { ...current, ...patch, id, taskId: current.taskId };
  writeClaim(db, next);
  return next;
}

export function listClaims(db: Db, taskId: string): Claim[] {
  return db.all<ClaimRow>('SELECT * FROM claims WHERE task_id = ? ORDER BY created_at, rowid', taskId).map(claimFromRow);
}

/** One edge per kind and endpoints: a fragment has one stance toward a claim, a page cites another once. */
export function edgeNaturalKey(edge: Edge): string {
  switch (edge.kind) {
    case 'cites':
      return `cites:${edge.fromPageId}>${edge.toPageId}`;
    case 'contradicts': {
      const [a, b] = [edge.claimId, edge.otherClaimId].sort();
      return `contradicts:${a}~${b}`;
    }
    default:
      return `stance:${edge.fragmentId}>${edge.claimId}`;
  }
}

/** Inserts an edge; an edge with the same natural key is left as it is (idempotent on resume). Returns whether it was new. */
export function insertEdge(db: Db, edge: Edge): boolean {
  const res = db.run(
    'INSERT INTO edges (id, task_id, kind, natural_key, body_json, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    edge.id,
    taskKey(edge.taskId),
    edge.kind,
    edgeNaturalKey(edge),
    JSON.stringify(edge),
    edge.createdAt,
  );
  return res.changes > 0;
}

/** Replaces a stored edge's body (feedback corrections); the natural key must not change. */
export function replaceEdge(db: Db, edge: Edge): void {
  const res = db.run(
    'UPDATE edges SET kind = ?, body_json = ? WHERE id = ? AND natural_key = ?',
    edge.kind,
    JSON.stringify(edge),
    edge.id,
    edgeNaturalKey(edge),
  );
  if (res.changes === 0)
    throw new InvalidInputError(`store: no edge ${edge.id} with the same endpoints`, { code: 'edge_not_found', details: { edgeId: edge.id } });
}

/**
 * A stored edge. A stance edge stored before its judge was a field (it carried only the `model` name)
 * is given the judge its name meant: the one place a name is read back (core/edge-judge.ts).
 */
function edgeOfRow(body: string, id: string): Edge {
  const edge = parseJson<Edge | (Omit<StanceEdge, 'judge'> & { judge?: undefined })>(body, `edges.body_json (${id})`);
  if (edge.kind === 'cites' || edge.kind === 'contradicts' || edge.judge !== undefined) return edge as Edge;
  return { ...edge, judge: judgeOfModelName(edge.model) };
}

export function getEdge(db: Db, id: string): Edge | undefined {
  const r = db.get<{ body_json: string }>('SELECT body_json FROM edges WHERE id = ?', id);
  return r ? edgeOfRow(r.body_json, id) : undefined;
}

export function listEdges(db: Db, taskId: string, kind?: EdgeKind): Edge[] {
  const rows = kind
    ? db.all<{ id: string; body_json: string }>('SELECT id, body_json FROM edges WHERE task_id = ? AND kind = ? ORDER BY created_at, rowid', taskId, kind)
    : db.all<{ id: string; body_json: string }>('SELECT id, body_json FROM edges WHERE task_id = ? ORDER BY created_at, rowid', taskId);
  return rows.map((r) => edgeOfRow(r.body_json, r.id));
}

interface DomainRow {
  domain: string;
  trust_level: string;
  origin: string;
  original_trust_level: string;
  blocked_at: string | null;
  reason: string | null;
  causing_claims_json: string;
  accepted_count: number;
  rejected_count: number;
  can_restore: number;
  restore_via: string | null;
  updated_at: string;
}

function domainFromRow(r: DomainRow): DomainState {
  return compact({
    domain: r.domain,
    trustLevel: r.trust_level as DomainState['trustLevel'],
    origin: r.origin as DomainState['origin'],
    originalTrustLevel: r.original_trust_level as DomainState['originalTrustLevel'],
    blockedAt: opt(r.blocked_at),
    reason: opt(r.reason),
    causingClaimIds: parseJson<string[]>(r.causing_claims_json, `domain_states.causing_claims_json (${r.domain})`),
    acceptedCount: r.accepted_count,
    rejectedCount: r.rejected_count,
    canRestore: bool(r.can_restore),
    restoreVia: opt(r.restore_via),
    updatedAt: r.updated_at,
  });
}

export function getDomainState(db: Db, domain: string): DomainState | undefined {
  const r = db.get<DomainRow>('SELECT * FROM domain_states WHERE domain = ?', domain);
  return r ? domainFromRow(r) : undefined;
}

export function upsertDomainState(db: Db, s: DomainState): void {
  db.run(
    `INSERT INTO domain_states (domain, trust_level, origin, original_trust_level, blocked_at, reason, causing_claims_json, accepted_count,
       rejected_count, can_restore, restore_via, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (domain) DO UPDATE SET trust_level = excluded.trust_level, origin = excluded.origin,
       original_trust_level = excluded.original_trust_level, blocked_at = excluded.blocked_at, reason = excluded.reason,
       causing_claims_json = excluded.causing_claims_json, accepted_count = excluded.accepted_count,
       rejected_count = excluded.rejected_count, can_restore = excluded.can_restore, restore_via = excluded.restore_via,
       updated_at = excluded.updated_at`,
    s.domain,
    s.trustLevel,
    s.origin,
    s.originalTrustLevel,
    s.blockedAt ?? null,
    s.reason ?? null,
    JSON.stringify(s.causingClaimIds),
    s.acceptedCount,
    s.rejectedCount,
    s.canRestore ? 1 : 0,
    s.restoreVia ?? null,
    s.updatedAt,
  );
}

export function listDomainStates(db: Db, options: { blockedOnly?: boolean } = {}): DomainState[] {
  const sql = options.blockedOnly ? "SELECT * FROM domain_states WHERE trust_level = 'BLOCKED' ORDER BY domain" : 'SELECT * FROM domain_states ORDER BY domain';
  return db.all<DomainRow>(sql).map(domainFromRow);
}
