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
