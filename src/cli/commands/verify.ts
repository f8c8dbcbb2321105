// `lyra verify "<claim>"`: search → stance → status for one claim; prints the status, confidence,
// rationale and the supporting and refuting evidence with quotes, locators and trust levels.
import type { Command } from 'commander';
import { z } from 'zod';
import { verifyOnce, type VerifyOnceResult } from '../../app/research/verify.js';
import { InvalidInputError, type EvidenceView, type Locator, isOriginModel, leaningSide, unverifiedCorpora } from '../../core/index.js';
import { rationaleInWords } from '../../report/index.js';
import { repeatable } from '../repeatable.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';
import { createProgress } from '../progress.js';

const flagsSchema = z.strictObject({
  corpus: z.string().trim().min(1).optional(),
  provider: z.array(z.string().trim().min(1)).optional(),
  task: z.string().trim().min(1).optional(),
  maxPages: z.coerce.number().int().min(1).max(10_000).optional(),
  json: z.boolean().optional(),
});

/** Characters of a quote printed when the stance model named no decisive sentence. */
const QUOTE_CHARS = 300;

function locatorText(l: Locator): string {
  const parts: string[] = [];
  if (l.headingPath?.length) parts.push(l.headingPath.join(' › '));
  if (l.paragraph !== undefined) parts.push(`¶${l.paragraph}`);
  if (l.sentence !== undefined) parts.push(`sentence ${l.sentence}`);
  if (l.charStart !== undefined) parts.push(`chars ${l.charStart}–${l.charEnd ?? '?'}`);
  return parts.join(', ') || 'no locator';
}

/** One passage as three lines: source and trust level, address and locator with what the judge said, the quote. */
function passageLines(e: EvidenceView, verdict: string): string[] {
  const quote = (e.decisiveSentence ?? e.quote).replace(/\s+/g, ' ').trim();
  return [
    `  [${e.source.trustLevel}] ${e.source.title ?? e.source.url}`,
    `    ${e.source.url} (${locatorText(e.locator)}) — ${verdict}`,
    `    "${quote.length > QUOTE_CHARS ? `${quote.slice(0, QUOTE_CHARS)}…` : quote}"`,
  ];
}

function evidenceLines(title: string, list: EvidenceView[]): string[] {
  if (list.length === 0) return [`${title}: none`];
  const out = [`${title} (${list.length}):`];
  for (const e of list) {
    out.push(...passageLines(e, isOriginModel(e) ? 'states the claim' : `${e.stance} ${e.confidence.toFixed(2)}`));
    // The passage names the subject otherwise: say what the judge read, so the link can be checked.
    if (e.readAs) out.push(`    read as: "${e.readAs}"`);
    // The sentence states part of the claim (the claim entails it), not all of it.
    if (e.part) out.push('    states part of the claim');
  }
  return out;
}

/**
 * The neutral passages the judge came closest to calling either way, when nothing supports or refutes the
 * claim: a precision-first judge leaves many related passages neutral, and these are where to read first.
 */
function closestLines(r: VerifyOnceResult): string[] {
  if (r.supporting.length + r.refuting.length > 0 || r.closest.length === 0) return [];
  const out = ['closest neutral passages (the judge left them neutral: read them yourself):'];
  for (const e of r.closest) {
    const side = leaningSide(e.scores!);
    out.push(...passageLines(e, `leans to ${side === 'supports' ? 'supporting' : 'refuting'}, p ${e.scores![side].toFixed(2)}`));
  }
  return out;
}

/**
 * A line naming the corpora whose evidence counted as UNVERIFIED, with the command that vouches for them: a
 * user's own folder is UNVERIFIED unless added with a trust level, and the status weighs evidence by trust
 * (three right supports from such a folder stay UNSUPPORTED).
 */
function trustHint(evidence: readonly EvidenceView[]): string[] {
  const corpora = unverifiedCorpora(evidence.map((e) => e.source));
  if (corpora.length === 0) return [];
  const name = corpora.length === 1 ? corpora[0]! : '<name>';
  return [
    `trust: the evidence from corpus ${corpora.join(', ')} is UNVERIFIED (added without a trust level) and weighs little; if you vouch for it: lyra corpus add <paths> --corpus ${name} --trust-level academic (or primary, government, trusted)`,
  ];
}

export function formatVerifyResult(r: VerifyOnceResult): string {
  const lines = [
    `${r.status}  confidence ${r.confidence.toFixed(2)} ± ${r.uncertainty.toFixed(2)}  controversy ${r.controversy.toFixed(2)}`,
    `claim: ${r.claim.statement} (${r.claim.id})`,
    ...(r.axes ? [`why: ${rationaleInWords({ status: r.status, rationale: r.rationale, axes: r.axes, conditions: r.conditions, asked: true }, 'en')}`] : []),
    `rationale: ${r.rationale}`,
    ...(r.conditions.length > 0 ? [`conditions: ${r.conditions.join('; ')}`] : []),
    ...evidenceLines('supporting evidence', r.supporting),
    ...evidenceLines('refuting evidence', r.refuting),
    ...trustHint([...r.supporting, ...r.refuting]),
    `neutral passages: ${r.neutralCount}`,
    ...closestLines(r),
    `queries: ${r.queries.join(' | ') || '-'}`,
    `task: ${r.taskId}`,
    ...r.warnings.map((w) => `warning: ${w.source}: ${w.code}: ${w.message}${w.target ? ` (${w.target})` : ''}`),
  ];
  return `${lines.join('\n')}\n`;
}

export function registerVerifyCommand(program: Command, ctx: CliContext): void {
  program
    .command('verify')
    .argument('<claim>', 'the statement to verify, in quotes')
    .option('--corpus <name>', 'search this local corpus (same as --provider corpus:<name>)')
    .option(
      '-p, --provider <name>',
      'provider to search, repeatable or comma-separated: corpus, corpus:<name>, searxng, duckduckgo, semantic_scholar, openalex, crossref, arxiv, pubmed (default: every configured one)',
      repeatable,
    )
    .option('--task <id>', 'verify within an existing task (its pages count as evidence too) instead of a new one')
    .option('--max-pages <n>', 'pages the verification search may fetch or register')
    .option('--json', 'print the result as JSON')
    .description('Search → stance → status for one claim: status, confidence, rationale, and the supporting and refuting evidence')
    .addHelpText(
      'after',
      '\nStatuses: VERIFIED, CONDITIONED, CONTESTED, UNSUPPORTED, REFUTED (docs/PIPELINE.md). Exit code 0 whatever the status;\n1 when the search or a model failed, 2 for invalid input.',
    )
    .action(async (claim: string, opts: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(opts);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new InvalidInputError(`verify: --${issue.path.join('.')}: ${issue.message}`, { code: 'invalid_flag' });
      }
      const flags = parsed.data;
      const providers = [
        ...(flags.corpus ? [`corpus:${flags.corpus}`] : []),
        ...(flags.provider ?? [])
          .flatMap((p) => p.split(','))
          .map((p) => p.trim())
          .filter(Boolean),
      ];
      const progress = createProgress(ctx.io, { enabled: !flags.json });
      const result = await verifyOnce({
        config: ctx.config(),
        statement: claim,
        ...(providers.length > 0 ? { providers } : {}),
        ...(flags.task ? { taskId: flags.task } : {}),
        ...(flags.maxPages !== undefined ? { maxPages: flags.maxPages } : {}),
        onEvent: (e) => {
          if (e.type === 'phase.start') progress.update(`verify: ${e.phase}…`);
          if (e.type === 'page.registered' || e.type === 'page.fetched') progress.update(`verify: ${e.type.slice(5)} ${e.url}`);
        },
      });
      progress.done();
      if (flags.json) printJson(ctx.io, result);
      else ctx.io.stdout(formatVerifyResult(result));
    });
}
