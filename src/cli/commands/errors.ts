// `lyra errors [code]`: what an error or warning code means and how to react (its category), from the
// registry in core/error-codes.ts; docs/errors.md is the same list.
import type { Command } from 'commander';
import { ERROR_CODES, InvalidInputError, errorCodeInfo, type ErrorCodeCategory } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';

/** How to react to each category, in one line. */
export const CATEGORY_ADVICE: Readonly<Record<ErrorCodeCategory, string>> = {
  invalid_input: 'the input is wrong: fix the flag, argument, file or setting named, then run again',
  non_retryable: 'running the same thing again fails again: change what the message names first',
  retryable: 'a passing failure (network, time, a busy lock): running again later can succeed',
  blocked: 'a site or a policy refused: Lyra does not get past it; a person may (the auth queue: MCP get_auth_queue)',
  warning: 'not an error: something was skipped or limited, and the run went on',
  varies: 'raised with different categories: the meaning says when each applies',
};

/** Codes whose name or meaning holds the text, case aside. */
function matching(text: string): string[] {
  const t = text.toLowerCase();
  return Object.entries(ERROR_CODES)
    .filter(([code, info]) => code.includes(t) || info.meaning.toLowerCase().includes(t))
    .map(([code]) => code);
}

/** Edit distance, for "did you mean": codes are short, so the quadratic table is tiny. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** Codes a mistyped one was likely meant to be: within two edits, else those holding it. */
function nearCodes(code: string): string[] {
  const close = Object.keys(ERROR_CODES).filter((c) => distance(c, code) <= 2);
  return (close.length > 0 ? close : matching(code)).slice(0, 5);
}

export function registerErrorsCommand(program: Command, ctx: CliContext): void {
  program
    .command('errors')
    .argument('[code]', 'an error or warning code as Lyra printed it (task_not_found, corpus_csv_invalid…); none: all of them')
    .option('--search <text>', 'codes whose name or meaning contains the text')
    .option('--json', 'print JSON')
    .description('What an error or warning code means and how to react to its category; without a code, every code Lyra raises')
    .action((code: string | undefined, opts: { search?: string; json?: boolean }) => {
      if (code !== undefined) {
        const info = errorCodeInfo(code.trim());
        if (!info) {
          const near = nearCodes(code.trim());
          throw new InvalidInputError(
            `errors: no code ${JSON.stringify(code)}${near.length > 0 ? `; did you mean ${near.join(', ')}?` : ''} (lyra errors lists every code)`,
            { code: 'unknown_error_code' },
          );
        }
        if (opts.json) return printJson(ctx.io, { code, ...info, advice: CATEGORY_ADVICE[info.category] });
        ctx.io.stdout(`${code} (${info.category}): ${info.meaning}\n  ${CATEGORY_ADVICE[info.category]}\n`);
        return;
      }
      const codes = opts.search !== undefined ? matching(opts.search) : Object.keys(ERROR_CODES);
      const rows = codes.map((c) => ({ code: c, ...errorCodeInfo(c)! }));
      if (opts.json) return printJson(ctx.io, { codes: rows });
      if (rows.length === 0) return ctx.io.stdout(`no code matches ${JSON.stringify(opts.search)}\n`);
      ctx.io.stdout(
        formatTable(
          ['code', 'category', 'meaning'],
          rows.map((r) => [r.code, r.category, r.meaning]),
        ),
      );
    });
}
