// Domain trust as users see it: the configured policy with L6 verification state on top.
// Precedence: user override → verification state (from the store) → configured rule → default.
import type { BlockedDomainInfo, DomainState, Store, TrustLevel, TrustOrigin } from '../../core/index.js';
import { hostnameOf } from '../../core/index.js';
import { RESTORE_VIA, blockedDomainInfo, resolveDomainTrust, trustScore, type DomainPolicy } from '../../policy/index.js';

export { RESTORE_VIA };

export interface DomainExplanation {
  domain: string;
  host: string;
  registrable_domain: string;
  trust_level: TrustLevel;
  score: number;
  origin: TrustOrigin;
  /** The rule that decided, e.g. `pattern:*.go.jp`, `override:example.org`, `verification`. */
  rule: string;
  reason?: string;
  added_at?: string;
  qps: number;
  /** The level the configuration alone gives, before verification state. */
  configured: { trust_level: TrustLevel; score: number; origin: TrustOrigin; rule: string };
  verification?: BlockedDomainView | { trust_level: TrustLevel; accepted: number; rejected: number };
  policy_files: string[];
}

/** The status view's blocked-domain record (core BlockedDomainInfo) with the domain's level now. */
export type BlockedDomainView = BlockedDomainInfo & { trust_level: TrustLevel };

function stateFor(store: Store | undefined, host: string, registrable: string): DomainState | undefined {
  return store?.getDomainState(host) ?? (registrable !== host ? store?.getDomainState(registrable) : undefined);
}

export function blockedView(state: DomainState): BlockedDomainView {
  // trust_level right after the domain, as `lyra domains --json` has always printed it.
  const { domain, ...rest } = blockedDomainInfo(state);
  return { domain, trust_level: state.trustLevel, ...rest };
}

export function explainDomain(options: { policy: DomainPolicy; store?: Store; domain: string }): DomainExplanation {
  const { policy, store } = options;
  const configured = resolveDomainTrust(policy, hostnameOf(options.domain));
  const base: DomainExplanation = {
    domain: options.domain,
    host: configured.host,
    registrable_domain: configured.registrableDomain,
    trust_level: configured.trustLevel,
    score: configured.score,
    origin: configured.origin,
    rule: configured.rule,
    ...(configured.reason !== undefined ? { reason: configured.reason } : {}),
    ...(configured.addedAt !== undefined ? { added_at: configured.addedAt } : {}),
    qps: configured.qps,
    configured: { trust_level: configured.trustLevel, score: configured.score, origin: configured.origin, rule: configured.rule },
    policy_files: [...policy.sources],
  };
  const state = stateFor(store, configured.host, configured.registrableDomain);
  if (!state) return base;
  const view =
    state.trustLevel === 'BLOCKED' ? blockedView(state) : { trust_level: state.trustLevel, accepted: state.acceptedCount, rejected: state.rejectedCount };
  // A user override is how a person restores a domain, so it wins over verification state.
  if (configured.origin === 'override' || state.origin !== 'verification') return { ...base, verification: view };
  return {
    ...base,
    trust_level: state.trustLevel,
    score: trustScore(state.trustLevel),
    origin: 'verification',
    rule: 'verification',
    ...(state.reason !== undefined ? { reason: state.reason } : {}),
    verification: view,
  };
}

export interface DomainRuleView {
  kind: 'domain' | 'pattern' | 'override' | 'default';
  match: string;
  trust_level: TrustLevel;
  score: number;
  qps?: number;
  reason?: string;
  added_at?: string;
  note?: string;
}

/** Every configured rule, overrides first, then domains and patterns by level (highest first). */
export function listDomainRules(policy: DomainPolicy): DomainRuleView[] {
  const rows: DomainRuleView[] = [];
  for (const o of policy.overrides.values()) {
    rows.push({
      kind: 'override',
      match: o.domain,
      trust_level: o.trust_level,
      score: trustScore(o.trust_level),
      qps: o.qps,
      reason: o.reason,
      added_at: o.added_at,
    });
  }
  const byScore = (a: DomainRuleView, b: DomainRuleView): number => b.score - a.score || a.match.localeCompare(b.match);
  const domains: DomainRuleView[] = [...policy.domains.values()].map((r) => ({
    kind: 'domain',
    match: r.domain,
    trust_level: r.trust_level,
    score: trustScore(r.trust_level),
    qps: r.qps,
    note: r.note,
  }));
  const patterns: DomainRuleView[] = policy.patterns.map((r) => ({
    kind: 'pattern',
    match: r.pattern,
    trust_level: r.trust_level,
    score: trustScore(r.trust_level),
    qps: r.qps,
    note: r.note,
  }));
  rows.push(...domains.sort(byScore), ...patterns.sort(byScore));
  rows.push({ kind: 'default', match: '*', trust_level: policy.defaults.trustLevel, score: trustScore(policy.defaults.trustLevel), qps: policy.defaults.qps });
  return rows;
}

/** Domains that L6 verification blocked, with reasons and how to restore them. */
export function listBlockedDomains(store: Store | undefined): BlockedDomainView[] {
  return (store?.listDomainStates({ blockedOnly: true }) ?? []).map(blockedView);
}
