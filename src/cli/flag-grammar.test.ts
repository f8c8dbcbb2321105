// One grammar for flags with several values (newcomer issue, item 4): repeated or comma-separated,
// never Commander's variadic `<names...>`, which swallowed the command's own argument
// (`lyra verify --provider corpus:bees "Varroa mites harm bees."` → "missing required argument 'claim'").
// And one rule for --corpus (item 5): it implies the corpus provider in every command, `search` too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Command } from 'commander';
import type { CliIo } from './io.js';
import { buildProgram } from './main.js';
import { repeatable } from './repeatable.js';

const quiet = (): CliIo => ({ stdout: () => undefined, stderr: () => undefined });

function allCommands(c: Command): Command[] {
  return [c, ...c.commands.flatMap(allCommands)];
}

test('no command has a variadic option; repeatable flags collect repeated and comma-separated values', async () => {
  const program = await buildProgram({ io: quiet(), env: {}, cwd: process.cwd() }, []);
  const variadic = allCommands(program).flatMap((c) => c.options.filter((o) => o.variadic).map((o) => `${c.name()} ${o.long}`));
  assert.deepEqual(variadic, []);
  assert.deepEqual(repeatable(' corpus:bees , openalex', repeatable('pubmed')), ['pubmed', 'corpus:bees', 'openalex']);
});

test('a flag before the argument leaves the argument alone: verify, task create, research, search', async () => {
  const seen: Record<string, unknown> = {};
  const program = await buildProgram({ io: quiet(), env: {}, cwd: process.cwd() }, []);
  for (const c of allCommands(program)) {
    // Stop at parsing: record what the action would get instead of running it.
    c.action((...args: unknown[]) => {
      const cmd = args.at(-1) as Command;
      seen[cmd.parent && cmd.parent !== program ? `${cmd.parent.name()} ${cmd.name()}` : cmd.name()] = { args: cmd.args, opts: cmd.opts() };
    });
  }
  const parse = (argv: string[]): Promise<unknown> => program.parseAsync(['node', 'lyra', ...argv]);
  await parse(['verify', '--provider', 'corpus:bees', 'Varroa mites harm bees.']);
  assert.deepEqual(seen.verify, { args: ['Varroa mites harm bees.'], opts: { provider: ['corpus:bees'] } });
  await parse(['task', 'create', '-p', 'corpus:bees', '--priority-domain', 'who.int,cdc.gov', '--priority-domain', 'nih.gov', 'Do mites harm bees?']);
  assert.deepEqual(seen['task create'], {
    args: ['Do mites harm bees?'],
    opts: { provider: ['corpus:bees'], priorityDomain: ['who.int', 'cdc.gov', 'nih.gov'] },
  });
  await parse(['research', '-p', 'corpus:bees', '-p', 'openalex', 'Do mites harm bees?']);
  assert.deepEqual((seen.research as { args: string[]; opts: { provider: string[] } }).opts.provider, ['corpus:bees', 'openalex']);
});

test('lyra search --corpus NAME needs no --provider; --corpus with a web provider, or neither, is a clear error', async () => {
  const { runCli, tempHome } = await import('../test-support/cli.js');
  const home = tempHome();
  const r = await runCli(['search', 'coral bleaching', '--corpus', 'example', '--limit', '2', '--json'], { home });
  assert.equal(r.code, 0, r.err);
  const hits = JSON.parse(r.out) as { provider: string; hits: unknown[] };
  assert.equal(hits.provider, 'corpus');
  assert.equal(hits.hits.length, 2);
  const mixed = await runCli(['search', 'x', '--corpus', 'example', '-p', 'duckduckgo'], { home });
  assert.equal(mixed.code, 2);
  assert.match(mixed.err, /--corpus searches a local corpus; it cannot go with --provider duckduckgo/);
  const none = await runCli(['search', 'x'], { home });
  assert.equal(none.code, 2);
  assert.match(none.err, /--corpus NAME/);
});
