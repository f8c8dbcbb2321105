// What each command's module loads when it runs (issue 33, item 6: the app/ barrel no longer drags the
// world in). main.ts imports a command's module only when that command runs; these tests follow the
// module's static runtime imports (type-only imports are erased, dynamic ones load later) through src/
// and check that a command that answers from the configuration or the store alone does not load the
// engine, the pipeline, the research workflows or the servers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { importSpecifiers, SRC_DIR, tsFiles } from '../test-support/source-files.js';

/** src/-relative files a module loads, itself included, following relative runtime imports. */
export function runtimeClosure(entry: string, read: (file: string) => string = (f) => readFileSync(f, 'utf8')): Set<string> {
  const seen = new Set<string>();
  const todo = [join(SRC_DIR, entry)];
  while (todo.length > 0) {
    const file = todo.pop()!;
    const rel = relative(SRC_DIR, file);
    if (seen.has(rel)) continue;
    seen.add(rel);
    for (const spec of importSpecifiers(read(file), { runtimeOnly: true })) {
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
    }
  }
  return seen;
}

/** What a light command must not load: the engine and its runtime wiring, the pipeline, the workflows, the servers. */
function heavy(closure: Set<string>, options: { runtime: boolean }): string[] {
  return [...closure].filter(
    (f) =>
      f === join('app', 'engine.ts') ||
      f === join('app', 'index.ts') ||
      f === join('pipeline', 'index.ts') ||
      (!options.runtime && f === join('app', 'runtime.ts')) ||
      ['workflows', 'mcp', 'web'].includes(f.split(/[\\/]/)[0]!),
  );
}

test('commands that answer from the configuration alone load neither the runtime nor the engine', () => {
  for (const name of ['config', 'errors', 'domains', 'models', 'stance']) {
    const closure = runtimeClosure(join('cli', 'commands', `${name}.ts`));
    assert.deepEqual(heavy(closure, { runtime: false }), [], `lyra ${name} loads these`);
  }
});

test('corpus, search, papers, fetch, extract, claims and doctor build a runtime but never load the engine, the workflows or the servers', () => {
  for (const name of ['corpus', 'search', 'papers', 'fetch', 'extract', 'claims', 'doctor']) {
    const closure = runtimeClosure(join('cli', 'commands', `${name}.ts`));
    assert.ok(closure.size > 1, `${name}: its imports were followed`);
    assert.deepEqual(heavy(closure, { runtime: true }), [], `lyra ${name} loads these`);
  }
});

test('what reads research runs (the UI server, lyra task) loads neither the research use case nor the workflows barrel', () => {
  for (const entry of [join('web', 'server.ts'), join('cli', 'commands', 'task.ts'), join('app', 'research', 'research-runs.ts')]) {
    const closure = runtimeClosure(entry);
    assert.ok(closure.size > 10, `${entry}: its imports were followed`);
    assert.deepEqual(
      [join('workflows', 'index.ts'), join('app', 'research', 'research.ts')].filter((f) => closure.has(f)),
      [],
      `${entry} loads these`,
    );
  }
});

test('no production file of cli/, mcp/ or web/ imports the app/ barrel: each names the app module it uses', () => {
  const offenders = tsFiles()
    .filter((f) => !f.endsWith('.test.ts') && ['cli', 'mcp', 'web'].includes(relative(SRC_DIR, f).split(/[\\/]/)[0]!))
    .filter((f) =>
      importSpecifiers(readFileSync(f, 'utf8'), { runtimeOnly: true }).some((spec) => resolve(dirname(f), spec) === join(SRC_DIR, 'app', 'index.js')),
    )
    .map((f) => relative(SRC_DIR, f));
  assert.deepEqual(offenders, []);
});

test('the closure follows re-exports and skips type-only and dynamic imports', () => {
  const files: Record<string, string> = {
    [join(SRC_DIR, 'x', 'a.ts')]: "import type { T } from './t.js';\nexport { b } from './b.js';\nconst m = () => import('./lazy.js');",
    [join(SRC_DIR, 'x', 'b.ts')]: "import './side.js';\nexport const b = 1;",
    [join(SRC_DIR, 'x', 'side.ts')]: '',
  };
  const closure = runtimeClosure(join('x', 'a.ts'), (f) => files[f] ?? assert.fail(`read ${f}`));
  assert.deepEqual([...closure].sort(), [join('x', 'a.ts'), join('x', 'b.ts'), join('x', 'side.ts')]);
  // research does load the engine: the check can fail.
  assert.ok(runtimeClosure(join('cli', 'commands', 'research.ts')).has(join('app', 'engine.ts')));
});
