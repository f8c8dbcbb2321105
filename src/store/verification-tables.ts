// Per-task L6 inputs for each domain. A task's rows are replaced as a whole when its graph step runs
// again, and a domain's totals are the sums over tasks, so re-running never double-counts.
import type { DomainContribution } from '../core/index.js';
import { type Db, parseJson } from './db.js';

export function replaceDomainContributions(db: Db, taskId: string, rows: DomainContribution[]): void {
  db.run('DELETE FROM domain_contributions WHERE task_id = ?', taskId);
  const now = new Date().toISOString();
  for (const r of rows) {
    db.run(
      'INSERT INTO domain_contributions (task_id, domain, accepted, rejected, causing_claims_json, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      taskId,
      r.domain,
      r.accepted,
      r.rejected,
      JSON.stringify(r.causingClaimIds),
      now,
    );
  }
}

/** Totals per domain over every task, optionally for one domain. */
export function domainContributionTotals(db: Db, domain?: string): DomainContribution[] {
  const rows = db.all<{ domain: string; accepted: number; rejected: number; causing_claims_json: string; task_id: string }>(
    `SELECT domain, accepted, rejected, causing_claims_json, task_id FROM domain_contributions ${domain === undefined ? '' : 'WHERE domain = ?'} ORDER BY domain, task_id`,
    ...(domain === undefined ? [] : [domain]),
  );
  const totals = new Map<string, DomainContribution>();
  for (const r of rows) {
    const t = totals.get(r.domain) ?? { domain: r.domain, accepted: 0, rejected: 0, causingClaimIds: [] };
    t.accepted += r.accepted;
    t.rejected += r.rejected;
    for (const c of parseJson<string[]>(r.causing_claims_json, `domain_contributions (${r.task_id}, ${r.domain})`))
      if (!t.causingClaimIds.includes(c)) t.causingClaimIds.push(c);
    totals.set(r.domain, t);
  }
  return [...totals.values()];
}
