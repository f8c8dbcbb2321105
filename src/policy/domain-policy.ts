// Which trust level and qps a host gets (seed 000 割り当てフロー + §提案4 user_overrides).
// Precedence, highest first: user override → domain rule (the host or a parent domain, the most
// specific wins) → suffix pattern (the longest matching suffix wins) → default (UNVERIFIED).
// L6 verification state is applied on top by the caller (it lives in the store).
import type { TrustLevel, TrustOrigin } from '../core/index.js';
import { hostnameOf, registrableDomain } from '../core/index.js';
import { DEFAULT_TRUST_LEVEL, trustScore } from './trust-levels.js';
import { DEFAULT_DOMAIN_QPS, type DomainRule, type DomainsFile, type PatternRule, type UserOverride } from './domains-schema.js';

export interface DomainPolicy {
  defaults: { trustLevel: TrustLevel; qps: number };
  /** Keyed by host; a rule for `example.org` also covers `www.example.org`. */
  domains: ReadonlyMap<string, DomainRule>;
  patterns: readonly PatternRule[];
  /** Keyed by host; the last override for a host wins. */
  overrides: ReadonlyMap<string, UserOverride>;
  /** Files the policy was built from, in precedence order (later wins). */
  sources: readonly string[];
}

export interface DomainTrust {
  host: string;
  registrableDomain: string;
  trustLevel: TrustLevel;
  score: number;
  qps: number;
  origin: TrustOrigin;
  /** The rule that decided: `domain:example.org`, `pattern:*.gov`, `override:example.org` or `default`. */
  rule: string;
  /** Reason of a user override. */
  reason?: string;
  addedAt?: string;
}

/**
 * Builds a policy from parsed files, later files overriding earlier ones: a domain or pattern rule in
 * a later file replaces the same domain or pattern from an earlier file; overrides accumulate.
 */
export function buildDomainPolicy(files: ReadonlyArray<{ source: string; file: DomainsFile }>): DomainPolicy {
  let trustLevel: TrustLevel = DEFAULT_TRUST_LEVEL;
  let qps = DEFAULT_DOMAIN_QPS;
  const domains = new Map<string, DomainRule>();
  const patterns = new Map<string, PatternRule>();
  const overrides = new Map<string, UserOverride>();
  for (const { file } of files) {
    trustLevel = file.defaults?.trust_level ?? trustLevel;
    qps = file.defaults?.qps ?? qps;
    for (const rule of file.domains ?? []) domains.set(rule.domain, rule);
    for (const rule of file.patterns ?? []) patterns.set(rule.pattern, rule);
    for (const o of file.user_overrides ?? []) overrides.set(o.domain, o);
  }
  return {
    defaults: { trustLevel, qps },
    domains,
    patterns: [...patterns.values()],
    overrides,
    sources: files.map((f) => f.source),
  };
}

/** The host and each parent domain, most specific first: a.b.example.org, b.example.org, example.org, org. */
function hostChain(host: string): string[] {
  const parts = host.split('.');
  return parts.map((_, i) => parts.slice(i).join('.'));
}

function patternMatches(pattern: string, host: string): boolean {
  const suffix = pattern.slice(1); // "*.gov" → ".gov"
  return host.endsWith(suffix) && host.length > suffix.length;
}

/** Resolves a host (or URL) to its configured trust level and qps, saying which rule decided. */
export function resolveDomainTrust(policy: DomainPolicy, hostOrUrl: string): DomainTrust {
  const host = hostnameOf(hostOrUrl);
  const base = { host, registrableDomain: registrableDomain(host) };
  const chain = hostChain(host);
  const ruleQps = (): number => {
    for (const h of chain) {
      const r = policy.domains.get(h);
      if (r?.qps !== undefined) return r.qps;
    }
    return bestPattern(policy, host)?.qps ?? policy.defaults.qps;
  };

  for (const h of chain) {
    const o = policy.overrides.get(h);
    if (o) {
      return {
        ...base,
        trustLevel: o.trust_level,
        score: trustScore(o.trust_level),
        qps: o.qps ?? ruleQps(),
        origin: 'override',
        rule: `override:${o.domain}`,
        reason: o.reason,
        addedAt: o.added_at,
      };
    }
  }
  for (const h of chain) {
    const r = policy.domains.get(h);
    if (r) {
      return { ...base, trustLevel: r.trust_level, score: trustScore(r.trust_level), qps: r.qps ?? ruleQps(), origin: 'config', rule: `domain:${r.domain}` };
    }
  }
  const p = bestPattern(policy, host);
  if (p) {
    return {
      ...base,
      trustLevel: p.trust_level,
      score: trustScore(p.trust_level),
      qps: p.qps ?? policy.defaults.qps,
      origin: 'pattern',
      rule: `pattern:${p.pattern}`,
    };
  }
  const level = policy.defaults.trustLevel;
  return { ...base, trustLevel: level, score: trustScore(level), qps: policy.defaults.qps, origin: 'default', rule: 'default' };
}

function bestPattern(policy: DomainPolicy, host: string): PatternRule | undefined {
  let best: PatternRule | undefined;
  for (const p of policy.patterns) {
    if (patternMatches(p.pattern, host) && (!best || p.pattern.length > best.pattern.length)) best = p;
  }
  return best;
}
