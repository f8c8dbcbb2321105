// Phase 3.5 STATUS DETERMINATION (seed 001): the threshold table and the relaxation rules of
// policy/claim-status. The engine applies the table to every claim (no relaxation: it does not know
// the purpose of the research); here the same policy function is applied again with the relaxation
// context of this run, to the axes the engine recorded in the claim's rationale.
import type { ClaimMaterial, ClaimStatus } from '../../core/index.js';
import { determineClaimStatus, type RelaxationContext, type StatusAxes } from '../../policy/index.js';

const AXES_RE = /E=(\d+(?:\.\d+)?) C=(\d+(?:\.\d+)?) A=(\d+(?:\.\d+)?) R=(\d+(?:\.\d+)?) T=(\d+(?:\.\d+)?) refutation=(\d+(?:\.\d+)?) independent=(\d+)/;
/** determineClaimStatus's wording for a contradiction between two high-trust sources. */
const HIGH_TRUST_CONTESTED = 'high-trust sources contradict each other';

/** The axes summarized in a rationale written by determineClaimStatus, or undefined when it has none. */
export function axesFromRationale(rationale: string | undefined): StatusAxes | undefined {
  const m = rationale ? AXES_RE.exec(rationale) : null;
  if (!m) return undefined;
  const n = m.slice(1).map(Number);
  return {
    evidence: n[0]!, coverage: n[1]!, agreement: n[2]!, recency: n[3]!, traceability: n[4]!, refutation: n[5]!, independentSupport: n[6]!,
    contestedByHighTrust: rationale!.includes(HIGH_TRUST_CONTESTED),
  };
}

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

export function finalStatus(c: Pick<ClaimMaterial, 'status' | 'rationale' | 'conditions'>, ctx: RelaxationContext): FinalStatus {
  const table = c.status ?? 'UNSUPPORTED';
  const base: FinalStatus = { status: table, tableStatus: table, rationale: c.rationale ?? `${table}: no rationale recorded`, conditions: [...c.conditions], relaxationReason: null };
  const axes = axesFromRationale(c.rationale);
  if (!axes) return { ...base, note: 'relaxation not evaluated: the rationale carries no E/C/A/R/T axes' };
  const d = determineClaimStatus(axes, ctx);
  // The rationale's axes are rounded to two decimals: where that changes the table's row, the engine's status stands.
  if (d.tableStatus !== table) return { ...base, note: `relaxation not evaluated: the rounded axes give ${d.tableStatus}, the engine ${table}` };
  if (!d.relaxationReason) return base;
  return { ...base, status: d.status, rationale: `${base.rationale}; ${d.relaxationReason}`, relaxationReason: d.relaxationReason };
}
