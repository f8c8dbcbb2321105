// Closed vocabularies shared by every layer. Values are the strings stored in the database and
// printed in JSON, so they are part of the public contract: add, never rename.

/** Trust level of a source domain (seed 000). Scores and ordering live in policy/trust-levels.ts. */
export const TRUST_LEVELS = ['PRIMARY', 'GOVERNMENT', 'ACADEMIC', 'TRUSTED', 'LOW', 'UNVERIFIED', 'BLOCKED'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** Kind of source document (seed 003 §3.1). */
export const SOURCE_TYPES = ['academic_paper', 'government_report', 'statistics', 'official_document', 'industry_report', 'news_article', 'other'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** How a passage relates to a claim. */
export const STANCES = ['supports', 'refutes', 'neutral'] as const;
export type Stance = (typeof STANCES)[number];

/** Claim status (seed 001). */
export const CLAIM_STATUSES = ['VERIFIED', 'CONDITIONED', 'CONTESTED', 'UNSUPPORTED', 'REFUTED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Status of one source's contribution in L6 verification (seed 000). */
export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected', 'contested'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Class of a contradiction between two sources (seed 000 §提案1). */
export const CONTRADICTION_TYPES = ['misinformation', 'contested'] as const;
export type ContradictionType = (typeof CONTRADICTION_TYPES)[number];

export const TASK_STATUSES = ['created', 'running', 'paused', 'stopped', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * What a task was made for. A research task answers a question; a verify task (`lyra verify`) checks one
 * statement, its question, and every other claim it holds is a side claim: a sentence of the pages read
 * for it, kept for the record but not part of its answer or its counts.
 */
export const TASK_KINDS = ['research', 'verify'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const QUERY_MODES = ['normal', 'refute'] as const;
export type QueryMode = (typeof QUERY_MODES)[number];

export const QUERY_ORIGINS = ['client', 'expansion', 'gap', 'refutation', 'citation', 'strategy'] as const;
export type QueryOrigin = (typeof QUERY_ORIGINS)[number];

export const QUERY_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const FETCH_STATUSES = ['pending', 'fetched', 'abstract_only', 'failed', 'blocked', 'skipped'] as const;
export type FetchStatus = (typeof FETCH_STATUSES)[number];

/** Where a domain's effective trust level came from (DESIGN.md data model). */
export const TRUST_ORIGINS = ['config', 'pattern', 'default', 'verification', 'override'] as const;
export type TrustOrigin = (typeof TRUST_ORIGINS)[number];

export const AUTH_KINDS = ['captcha', 'login', 'blocked'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

export const AUTH_STATUSES = ['pending', 'resolved', 'skipped'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

export const EDGE_KINDS = ['supports', 'refutes', 'neutral', 'cites', 'contradicts'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** Parses a trust level case-insensitively ("low" in YAML, "LOW" in JSON); undefined when unknown. */
export function parseTrustLevel(value: string): TrustLevel | undefined {
  const upper = value.trim().toUpperCase();
  return (TRUST_LEVELS as readonly string[]).includes(upper) ? (upper as TrustLevel) : undefined;
}
