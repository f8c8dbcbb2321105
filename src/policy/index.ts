// policy/: the seeds' rules as pure functions, each with the seed's numbers as named constants.
export {
  DEFAULT_TRUST_LEVEL, HIGH_TRUST_THRESHOLD, TRUST_ORDER, TRUST_SCORES, isHighTrust, trustRank, trustScore,
} from './trust-levels.js';
export {
  DEFAULT_DOMAIN_QPS, MAX_DOMAIN_QPS, domainRuleSchema, domainsFileSchema, patternRuleSchema, userOverrideSchema,
  type DomainRule, type DomainsFile, type PatternRule, type UserOverride,
} from './domains-schema.js';
export { buildDomainPolicy, resolveDomainTrust, type DomainPolicy, type DomainTrust } from './domain-policy.js';
export {
  SATISFIED_MIN_INDEPENDENT_SOURCES, SATISFIED_MIN_SOURCES_WITHOUT_PRIMARY, queryMetrics, querySatisfaction,
  type QueryCounts, type QueryMetricValues, type Satisfaction,
} from './query-metrics.js';
export { MISINFORMATION_TRUST_GAP, classifyContradiction, handleContradiction } from './contradiction.js';
export {
  CONFLICT_THRESHOLD, CONTRADICTION_MIN_CONFIDENCE, CONTRADICTION_MIN_OVERLAP, RELATED_MIN_COSINE, RELATED_MIN_OVERLAP, RELATED_MIN_SHARED_TERMS,
  isConflictBothWays, isContradiction, termRelatedness, type StanceReading,
} from './stance-conflict.js';
export { NEAR_DUPLICATE_JACCARD, SHINGLE_WORDS, isNearDuplicate, textResemblance } from './near-duplicate.js';
export {
  BLOCK_MIN_JUDGEMENTS, BLOCK_REJECTION_RATE, NO_AUTO_DEMOTION_RANK, PROMOTION_MIN_INDEPENDENT_SOURCES, RESTORE_VIA, countIndependentSources,
  nextDomainState, rejectionRate, verifySource,
  type ContradictionRecord, type CorroboratingSource, type VerificationAction, type VerificationInput, type VerificationOutcome,
} from './source-verification.js';
export { blockedDomainInfo } from './blocked-domain.js';
export {
  PRIOR_ALPHA, PRIOR_BETA, claimConfidence, evidenceWeight, type ClaimConfidence, type EvidenceItem,
} from './claim-confidence.js';
export {
  CONDITIONED_MIN_AGREEMENT, CONDITIONED_MIN_EVIDENCE, CONDITIONED_MIN_TRACEABILITY, CONTESTED_MIN_EACH_SIDE,
  REFUTED_MAX_AGREEMENT, REFUTED_MIN_REFUTATION, VERIFIED_MIN_AGREEMENT, VERIFIED_MIN_COVERAGE, VERIFIED_MIN_EVIDENCE,
  VERIFIED_MIN_INDEPENDENT_SOURCES, VERIFIED_MIN_RECENCY, VERIFIED_MIN_TRACEABILITY, determineClaimStatus, noisyOr,
  relaxationApplies, statusAxesFromEvidence, statusRow,
  type RelaxationContext, type StatusAxes, type StatusDecision, type StatusRow,
} from './claim-status.js';
export {
  CONVERGENCE_EPS, CONVERGENCE_TAU, COVERAGE_TARGET, HARD_CAP_ROUNDS, MARGINAL_UTILITY_MIN, MARGINAL_UTILITY_RUNS,
  MIN_COVERAGE_ON_BUDGET, confidenceShift, shouldStop, stableRounds,
  type TerminationDecision, type TerminationRule, type TerminationState,
} from './termination.js';
export {
  AUTHOR_BONUS, HTTPS_BONUS, MAX_CREDIBILITY, SOURCE_TYPE_BASE_SCORES, classifySourceType, credibilityScore, type SourceHints,
} from './source-type.js';
export {
  ECE_BINS, IDENTITY_CALIBRATION, LOGIT_EPS, MAX_FIT_ITERATIONS, MIN_CALIBRATION_SAMPLES, PLATT_MIN_SAMPLES, TEMPERATURE_SLOPE_BOUNDS,
  applyCalibration, brierScore, calibrationBins, expectedCalibrationError, fitCalibration, fitPlatt, fitTemperature, invertCalibration, logit,
  recalibrated, sigmoid,
  type CalibrationBin, type CalibrationFit, type CalibrationMethod, type CalibrationParams, type ConfidenceSample,
} from './calibration.js';
