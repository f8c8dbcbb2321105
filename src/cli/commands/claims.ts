// `lyra claims <file-or-url> [--json]`: the normalized claims of one document (HTML, PDF, text,
// Markdown): statement, slots, scope, fingerprint id and every source quote.
import type { Command } from 'commander';
import { z } from 'zod';
import { buildClaimScreen, buildEmbeddingModel } from '../../app/models.js';
import { documentClaims } from '../../app/tasks/claims.js';
import { InvalidInputError } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';

const flagsSchema = z.strictObject({
  json: z.boolean().optional(),
  max: z.coerce.number().int().min(1).max(10_000).optional(),
  embeddings: z.boolean().optional(),
});

export function registerClaimsCommand(program: Command, ctx: CliContext): void {
  program
    .command('claims')
    .argument('<file-or-url>', 'a local HTML, PDF, text or Markdown file, or an http(s) URL')
    .description('Print the checkable claims of a document, normalized (subject/predicate/object/time, scope, claim id) and merged')
    .option('--max <n>', 'most claims taken from the document (default 200)')
    .option(
      '--embeddings',
      'also merge paraphrases by sentence-embedding similarity (models.embedding; default the shipped encoder, offline), and apply the learned claim screen when models.claim_screen.enabled is true',
    )
    .option('--json', 'print JSON')
    .action(async (source: string, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`claims: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      const config = ctx.config();
      const embedding = flags.embeddings ? buildEmbeddingModel({ config }) : undefined;
      const claimScreen = flags.embeddings ? buildClaimScreen({ config }) : undefined;
      try {
        const result = await documentClaims({
          source,
          cwd: ctx.cwd,
          config,
          ...(embedding ? { embedding } : {}),
          ...(claimScreen ? { claimScreen } : {}),
          ...(flags.max ? { maxClaims: flags.max } : {}),
        });
        if (flags.json) {
          return printJson(ctx.io, {
            source: result.source,
            url: result.url,
            title: result.title ?? null,
            language: result.language ?? null,
            published_at: result.publishedAt ?? null,
            warnings: result.warnings,
            screened: result.screened,
            claims: result.claims.map((c) => ({
              claim_id: c.claimId,
              statement: c.statement,
              language: c.language,
              slots: c.slots,
              scope: c.scope ?? null,
              attribution: c.attribution ?? null,
              negated: c.negated,
              features: c.features,
              decision_relevance: c.decisionRelevance,
              fingerprint: c.fingerprint,
              sources: c.sources.map((s) => ({ source: s.source, quote: s.quote, locator: s.locator ?? null, published_at: s.publishedAt ?? null })),
            })),
          });
        }
        for (const w of result.warnings) ctx.io.stderr(`warning: ${w}\n`);
        ctx.io.stdout(
          `${result.title ?? result.url}: ${result.claims.length} claims${result.screened > 0 ? ` (${result.screened} more dropped by the claim screen)` : ''}\n`,
        );
        for (const c of result.claims) {
          const s = c.slots;
          ctx.io.stdout(
            `${c.claimId}  ${c.statement}\n    subject: ${s.subject ?? '-'} | predicate: ${s.predicate ?? '-'} | object: ${s.object ?? '-'} | time: ${s.time ?? '-'}${c.scope ? ` | scope: ${c.scope}` : ''}  (${c.sources.length} source${c.sources.length === 1 ? '' : 's'})\n`,
          );
        }
      } finally {
        embedding?.close();
      }
    });
}
