export { MAX_CLAIM_CHARS_JA, MAX_CLAIM_WORDS, MIN_CLAIM_CHARS_JA, MIN_CLAIM_WORDS, assessSentence } from './checkability.js';
export type { Checkability, ClaimFeature } from './checkability.js';
export { MAX_CLAIMS_PER_TEXT, extractClaimCandidates } from './extract-claims.js';
export type { ClaimCandidate, ExtractClaimsOptions } from './extract-claims.js';
export { MERGE_EMBEDDING_THRESHOLD, MERGE_JACCARD_THRESHOLD, isSameClaim, mergeClaims, normalizeClaim } from './normalize.js';
export type { ClaimSource, MergeOptions, NormalizedClaim, RawClaim } from './normalize.js';
export { extractSlots } from './slots.js';
export type { SlotResult } from './slots.js';
