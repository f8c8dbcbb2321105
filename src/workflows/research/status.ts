// Phase 3.5 STATUS DETERMINATION (seed 001): the threshold table and the relaxation rules of
// policy/claim-status. The engine applies the table to every claim (no relaxation: it does not know
// the purpose of the research); here the same policy function is applied again with the relaxation
// context of this run, to the axes the engine recorded with the claim.
import type { ClaimMaterial, ClaimStatus } from '../../core/index.js';
import { determineClaimStatus, type RelaxationContext } from '../../policy/index.js';
import { noRationale } from '../../report/index.js';

/** Risk of relying on a claim: legal/safety/finance topics are high; major claims medium; the rest low. */
export function riskLevel(options: { highStakes: boolean; major: boolean }): RelaxationContext['riskLevel'] {
  return options.highStakes ? 'high' : options.major ? 'medium' : 'low';
}

export interface FinalStatus {
  status: ClaimStatus;
  tableStatus: ClaimStatus;
  rationale: string;
  conditions: string[];
  relaxationReason: string | null;
  /** Why relaxation was not evaluated, when it could not be. */
  note?: string;
}

export function finalStatus(c: Pick<ClaimMaterial, 'status' | 'rationale' | 'conditions' | 'axes'>, ctx: RelaxationContext): FinalStatus {
  const table = c.status ?? 'UNSUPPORTED';
  const base: FinalStatus = {
    status: table,
    tableStatus: table,
    rationale: c.rationale ?? noRationale(table),
    conditions: [...c.conditions],
    relaxationReason: null,
  };
  if (!c.axes) return { ...base, note: 'relaxation not evaluated: the engine recorded no axes for the claim' };
  const d = determineClaimStatus(c.axes, ctx);
  // Claims judged by an older Lyra under other rules: where the table's row differs, the engine's status stands.
  if (d.tableStatus !== table) return { ...base, note: `relaxation not evaluated: the axes give ${d.tableStatus}, the engine ${table}` };
  if (!d.relaxationReason) return base;
  return { ...base, status: d.status, rationale: `${base.rationale}; ${d.relaxationReason}`, relaxationReason: d.relaxationReason };
}
