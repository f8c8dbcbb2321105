// Ready-made views over one task's evidence graph, as SQL run on the read-only connection
// (readonly-sql.ts) with the task id as their one parameter. Edges keep their body as JSON
// (graph-tables.ts), so the views read its fields with json_extract. "Recent" and "outdated" are
// measured against the task's newest dated evidence, not today's date, so a view answers the same
// on the same data whenever it is asked; RECENT_YEARS sets the window.
import type { ViewInfo } from '../core/index.js';

/** Window of "recent" evidence before the task's newest dated evidence, in years. */
export const RECENT_YEARS = 2;

export interface EvidenceView extends ViewInfo {
  /** One statement; `?` is the task id. */
  sql: string;
}

const TASK = 'WITH t AS (SELECT ? AS task_id)';
/** A page's date as YYYY-MM-DD (a year alone counts as its middle). */
const DAY = (col: string): string => `substr(CASE WHEN length(${col}) = 4 THEN ${col} || '-07-01' ELSE ${col} END, 1, 10)`;
const J = (field: string, alias = 'e'): string => `json_extract(${alias}.body_json, '$.${field}')`;

/** Dated supporting and refuting evidence of each claim, with the task's newest date. */
const DATED_EVIDENCE = `${TASK},
ev AS (
  SELECT ${J('claimId')} AS claim_id, e.kind AS kind, ${DAY('p.published_at')} AS day
  FROM edges e JOIN t ON e.task_id = t.task_id
  JOIN fragments f ON f.id = ${J('fragmentId')} JOIN pages p ON p.id = f.page_id
  WHERE e.kind IN ('supports', 'refutes')
),
newest AS (SELECT MAX(day) AS day FROM ev)`;

export const EVIDENCE_VIEWS: readonly EvidenceView[] = [
  {
    name: 'contradictions',
    description: 'Contradicting claim pairs with both statements and statuses, the class (misinformation or contested) and the trust level of each side.',
    columns: ['claim_id', 'claim', 'claim_status', 'other_claim_id', 'other_claim', 'other_status', 'type', 'trust_level', 'other_trust_level'],
    sql: `${TASK}
SELECT ${J('claimId')} AS claim_id, c1.statement AS claim, c1.status AS claim_status,
  ${J('otherClaimId')} AS other_claim_id, c2.statement AS other_claim, c2.status AS other_status,
  ${J('contradictionType')} AS type, ${J('trustLevel')} AS trust_level, ${J('otherTrustLevel')} AS other_trust_level
FROM edges e JOIN t ON e.task_id = t.task_id
LEFT JOIN claims c1 ON c1.task_id = e.task_id AND c1.id = ${J('claimId')}
LEFT JOIN claims c2 ON c2.task_id = e.task_id AND c2.id = ${J('otherClaimId')}
WHERE e.kind = 'contradicts'
ORDER BY type, claim_id, other_claim_id`,
  },
  {
    name: 'unsupported_claims',
    description:
      'Claims with no supporting evidence beyond the sentence they were extracted from, or with status UNSUPPORTED; with their evidence counts. High decision relevance first.',
    columns: ['claim_id', 'statement', 'status', 'confidence', 'decision_relevance', 'supports', 'refutes', 'neutral'],
    sql: `${TASK},
s AS (
  SELECT ${J('claimId')} AS claim_id,
    SUM(e.kind = 'supports' AND coalesce(${J('model')}, '') <> 'origin') AS supports,
    SUM(e.kind = 'refutes') AS refutes, SUM(e.kind = 'neutral') AS neutral
  FROM edges e JOIN t ON e.task_id = t.task_id WHERE e.kind IN ('supports', 'refutes', 'neutral') GROUP BY 1
)
SELECT c.id AS claim_id, c.statement, c.status, c.confidence, c.decision_relevance,
  coalesce(s.supports, 0) AS supports, coalesce(s.refutes, 0) AS refutes, coalesce(s.neutral, 0) AS neutral
FROM claims c JOIN t ON c.task_id = t.task_id LEFT JOIN s ON s.claim_id = c.id
WHERE coalesce(s.supports, 0) = 0 OR c.status = 'UNSUPPORTED'
ORDER BY CASE c.decision_relevance WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, c.id`,
  },
  {
    name: 'claim_origins',
    description: 'Where each claim was extracted from: the page (URL, domain, title, stored trust level, type, date) and the fragment.',
    columns: ['claim_id', 'statement', 'page_id', 'url', 'domain', 'title', 'trust_level', 'source_type', 'published_at', 'fragment_id'],
    sql: `${TASK}
SELECT ${J('claimId')} AS claim_id, c.statement, p.id AS page_id, p.url, p.domain, p.title, p.trust_level, p.source_type, p.published_at, f.id AS fragment_id
FROM edges e JOIN t ON e.task_id = t.task_id
JOIN fragments f ON f.id = ${J('fragmentId')} JOIN pages p ON p.id = f.page_id
LEFT JOIN claims c ON c.task_id = e.task_id AND c.id = ${J('claimId')}
WHERE e.kind = 'supports' AND ${J('model')} = 'origin'
ORDER BY claim_id, p.url`,
  },
  {
    name: 'emerging_consensus',
    description: `Claims whose recent evidence (the ${RECENT_YEARS} years before the task's newest dated evidence) supports more than it refutes, with recent and older counts; strongest recent lead first.`,
    columns: ['claim_id', 'statement', 'status', 'recent_supports', 'recent_refutes', 'older_supports', 'older_refutes', 'undated', 'newest_support'],
    sql: `${DATED_EVIDENCE},
agg AS (
  SELECT ev.claim_id,
    SUM(ev.kind = 'supports' AND ev.day >= date(newest.day, '-${RECENT_YEARS} years')) AS recent_supports,
    SUM(ev.kind = 'refutes' AND ev.day >= date(newest.day, '-${RECENT_YEARS} years')) AS recent_refutes,
    SUM(ev.kind = 'supports' AND ev.day < date(newest.day, '-${RECENT_YEARS} years')) AS older_supports,
    SUM(ev.kind = 'refutes' AND ev.day < date(newest.day, '-${RECENT_YEARS} years')) AS older_refutes,
    SUM(ev.day IS NULL) AS undated,
    MAX(CASE WHEN ev.kind = 'supports' THEN ev.day END) AS newest_support
  FROM ev, newest GROUP BY ev.claim_id
)
SELECT a.claim_id, c.statement, c.status, a.recent_supports, a.recent_refutes, a.older_supports, a.older_refutes, a.undated, a.newest_support
FROM agg a JOIN t JOIN claims c ON c.task_id = t.task_id AND c.id = a.claim_id
WHERE a.recent_supports > a.recent_refutes
ORDER BY a.recent_supports - a.recent_refutes DESC, a.recent_supports DESC, a.claim_id`,
  },
  {
    name: 'outdated_evidence',
    description: `Claims whose newest supporting evidence is ${RECENT_YEARS} or more years older than the task's newest dated evidence, with the gap in years; widest gap first.`,
    columns: ['claim_id', 'statement', 'status', 'newest_support', 'newest_in_task', 'years_behind', 'supports'],
    sql: `${DATED_EVIDENCE},
agg AS (
  SELECT claim_id, MAX(day) AS newest_support, COUNT(*) AS supports FROM ev WHERE kind = 'supports' AND day IS NOT NULL GROUP BY claim_id
)
SELECT a.claim_id, c.statement, c.status, a.newest_support, newest.day AS newest_in_task,
  round((julianday(newest.day) - julianday(a.newest_support)) / 365.25, 1) AS years_behind, a.supports
FROM agg a JOIN newest JOIN t JOIN claims c ON c.task_id = t.task_id AND c.id = a.claim_id
WHERE a.newest_support < date(newest.day, '-${RECENT_YEARS} years')
ORDER BY years_behind DESC, a.claim_id`,
  },
  {
    name: 'source_impact',
    description:
      'Sources ranked by what they brought: claims extracted from them, claims they support or refute, and how often they are cited in the task (impact is the sum).',
    columns: ['page_id', 'url', 'title', 'trust_level', 'claims_originated', 'claims_supported', 'claims_refuted', 'cited_by', 'impact'],
    sql: `${TASK},
st AS (
  SELECT f.page_id, e.kind, ${J('model')} AS model, ${J('claimId')} AS claim_id
  FROM edges e JOIN t ON e.task_id = t.task_id JOIN fragments f ON f.id = ${J('fragmentId')}
  WHERE e.kind IN ('supports', 'refutes')
),
per AS (
  SELECT page_id,
    COUNT(DISTINCT CASE WHEN model = 'origin' THEN claim_id END) AS claims_originated,
    COUNT(DISTINCT CASE WHEN kind = 'supports' AND coalesce(model, '') <> 'origin' THEN claim_id END) AS claims_supported,
    COUNT(DISTINCT CASE WHEN kind = 'refutes' THEN claim_id END) AS claims_refuted
  FROM st GROUP BY page_id
),
cit AS (SELECT ${J('toPageId')} AS page_id, COUNT(*) AS cited_by FROM edges e JOIN t ON e.task_id = t.task_id WHERE e.kind = 'cites' GROUP BY 1),
r AS (
  SELECT p.id AS page_id, p.url, p.title, p.trust_level,
    coalesce(per.claims_originated, 0) AS claims_originated, coalesce(per.claims_supported, 0) AS claims_supported,
    coalesce(per.claims_refuted, 0) AS claims_refuted, coalesce(cit.cited_by, 0) AS cited_by
  FROM pages p JOIN t ON p.task_id = t.task_id LEFT JOIN per ON per.page_id = p.id LEFT JOIN cit ON cit.page_id = p.id
)
SELECT *, claims_originated + claims_supported + claims_refuted + cited_by AS impact FROM r
WHERE claims_originated + claims_supported + claims_refuted + cited_by > 0
ORDER BY impact DESC, url`,
  },
  {
    name: 'reference_candidates',
    description:
      'Works cited in the task whose full text was not read (abstract only, pending or skipped): URL, DOI, how often and how influentially they are cited. queue_reference_candidates queues them.',
    columns: ['page_id', 'url', 'doi', 'title', 'fetch_status', 'trust_level', 'cited_by', 'influential', 'relevance'],
    sql: `${TASK},
c AS (
  SELECT ${J('toPageId')} AS page_id, COUNT(*) AS cited_by, SUM(${J('influential')}) AS influential, MAX(${J('relevance')}) AS relevance
  FROM edges e JOIN t ON e.task_id = t.task_id WHERE e.kind = 'cites' GROUP BY 1
)
SELECT p.id AS page_id, p.url, p.doi, p.title, p.fetch_status, p.trust_level, c.cited_by, c.influential, c.relevance
FROM c JOIN pages p ON p.id = c.page_id
WHERE p.fetch_status <> 'fetched'
ORDER BY c.influential DESC, c.relevance DESC, c.cited_by DESC, p.url`,
  },
  {
    name: 'bibliographic_coupling',
    description: 'Pairs of sources that cite the same works (bibliographic coupling), with the number of references they share; most shared first.',
    columns: ['page_a', 'title_a', 'page_b', 'title_b', 'shared_references'],
    sql: `${TASK},
ci AS (SELECT ${J('fromPageId')} AS citing, ${J('toPageId')} AS cited FROM edges e JOIN t ON e.task_id = t.task_id WHERE e.kind = 'cites')
SELECT a.citing AS page_a, pa.title AS title_a, b.citing AS page_b, pb.title AS title_b, COUNT(DISTINCT a.cited) AS shared_references
FROM ci a JOIN ci b ON a.cited = b.cited AND a.citing < b.citing
JOIN pages pa ON pa.id = a.citing JOIN pages pb ON pb.id = b.citing
GROUP BY a.citing, b.citing
ORDER BY shared_references DESC, page_a, page_b`,
  },
];

export const EVIDENCE_VIEW_NAMES = EVIDENCE_VIEWS.map((v) => v.name) as [string, ...string[]];

export function evidenceView(name: string): EvidenceView | undefined {
  return EVIDENCE_VIEWS.find((v) => v.name === name);
}
