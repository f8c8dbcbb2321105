// `lyra domains list|explain|blocked`: the domain trust policy and L6 blocking, with --json.
import type { Command } from 'commander';
import { loadDomainPolicy } from '../../app/config/index.js';
import { explainDomain, listBlockedDomains, listDomainRules } from '../../app/domains/domains.js';
import { openExistingStore } from '../../app/open-store.js';
import { InvalidInputError } from '../../core/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';

function policyOf(ctx: CliContext): DomainPolicy {
  // A snapshot of the files: nothing here runs long enough to follow their edits.
  return loadDomainPolicy(ctx.config().domains);
}

export function registerDomainsCommand(program: Command, ctx: CliContext): void {
  const domains = program.command('domains').description('Inspect the domain trust policy (domains.yaml) and domains blocked by verification');

  domains
    .command('list')
    .description('List every configured rule: user overrides, domains, suffix patterns and the default')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => {
      const policy = policyOf(ctx);
      const rows = listDomainRules(policy);
      if (opts.json) return printJson(ctx.io, { policy_files: policy.sources, rules: rows });
      ctx.io.stdout(`policy files: ${policy.sources.join(', ')}\n`);
      ctx.io.stdout(
        formatTable(
          ['kind', 'match', 'level', 'score', 'qps', 'reason/note'],
          rows.map((r) => [r.kind, r.match, r.trust_level, r.score.toFixed(2), r.qps, r.reason ?? r.note]),
        ),
      );
    });

  domains
    .command('explain')
    .argument('<domain>', 'host name or URL, e.g. www.mhlw.go.jp')
    .description('Show the trust level and score of a domain and which rule, override or verification set it')
    .option('--json', 'print JSON')
    .action((domain: string, opts: { json?: boolean }) => {
      if (!domain.trim()) throw new InvalidInputError('domains explain: empty domain', { code: 'invalid_argument' });
      const config = ctx.config();
      const policy = policyOf(ctx);
      const store = ctx.track(openExistingStore(config.store));
      const e = explainDomain({ policy, store, domain });
      if (opts.json) return printJson(ctx.io, e);
      const lines = [
        `${e.host}: ${e.trust_level} (${e.score.toFixed(2)})`,
        `  decided by: ${e.rule} (${e.origin})`,
        ...(e.reason ? [`  reason: ${e.reason}${e.added_at ? ` (added ${e.added_at})` : ''}`] : []),
        ...(e.origin !== e.configured.origin ? [`  configured: ${e.configured.trust_level} via ${e.configured.rule}`] : []),
        `  registrable domain: ${e.registrable_domain}`,
        `  fetch rate: ${e.qps} req/s`,
      ];
      ctx.io.stdout(lines.join('\n') + '\n');
    });

  domains
    .command('blocked')
    .description('List domains blocked by L6 verification, with reasons and how to restore them')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => {
      const config = ctx.config();
      const store = ctx.track(openExistingStore(config.store));
      const rows = listBlockedDomains(store);
      if (opts.json) return printJson(ctx.io, { blocked_domains: rows });
      if (rows.length === 0) return ctx.io.stdout('no blocked domains\n');
      for (const r of rows) {
        ctx.io.stdout(
          `${r.domain}: BLOCKED since ${r.blocked_at ?? '?'} (was ${r.original_trust_level})\n  reason: ${r.reason ?? '-'}\n  claims: ${r.contradicting_claims.join(', ') || '-'}\n  restore: ${r.can_restore ? `add a user override in ${r.restore_via}` : 'not restorable'}\n`,
        );
      }
    });
}
