// How a blocked domain is shown (seed 000 §4.1): why, because of which claims, what it was before,
// and how a person restores it. One builder for the task status and `lyra domains` / the browser UI,
// so the two cannot drift apart.
import type { BlockedDomainInfo, DomainState } from '../core/index.js';
import { RESTORE_VIA } from './source-verification.js';

/** A blocked domain's state as the seed's record; absent `blocked_at` and `reason` are left out, not null. */
export function blockedDomainInfo(state: DomainState): BlockedDomainInfo {
  return {
    domain: state.domain,
    ...(state.blockedAt ? { blocked_at: state.blockedAt } : {}),
    ...(state.reason ? { reason: state.reason } : {}),
    contradicting_claims: state.causingClaimIds,
    original_trust_level: state.originalTrustLevel,
    can_restore: state.canRestore,
    restore_via: state.restoreVia ?? RESTORE_VIA,
  };
}
