// Stable identifiers. Claim ids are content-derived so the same statement from two sources meets
// under one id; other ids are random.
import { createHash, randomUUID } from 'node:crypto';

/** Hex digest length kept in claim ids: 64 bits is ample for one research store. */
export const CLAIM_ID_HASH_CHARS = 16;

/**
 * Normalizes a statement for fingerprinting: Unicode NFKC, lower case, full-width to ASCII (NFKC),
 * punctuation and whitespace folded, so trivial variants share one id.
 */
export function normalizeStatement(statement: string): string {
  return statement
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `clm_` + SHA-256 prefix of the normalized statement. */
export function claimId(statement: string): string {
  const digest = createHash('sha256').update(normalizeStatement(statement)).digest('hex');
  return `clm_${digest.slice(0, CLAIM_ID_HASH_CHARS)}`;
}

/** Random id with a readable prefix, e.g. `task_…`, `q_…`, `pg_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
}

/** SHA-256 hex of a text, for content hashes. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
