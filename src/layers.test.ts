// Enforces DESIGN.md's import direction over every source file, tests included (a test imports its own
// layer, lower layers and test-support/; integration tests of the assembled engine live in app/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { LAYER_TIERS, layerViolation } from './layers.js';
import { importSpecifiers, SRC_DIR, tsFiles } from './test-support/source-files.js';

const srcDir = SRC_DIR;

function topFolder(file: string): string | undefined {
  const rel = relative(srcDir, file);
  return rel.includes(sep) ? rel.split(sep)[0] : undefined;
}

/** Violations in one file's text, as messages. */
export function violationsIn(file: string, text: string, options: { test?: boolean } = {}): string[] {
  const from = topFolder(file);
  const out: string[] = [];
  for (const spec of importSpecifiers(text)) {
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    const to = topFolder(target);
    if (to === 'test-support') {
      if (options.test) continue;
      out.push(`${relative(srcDir, file)}: production code imports test-support/ (${spec})`);
      continue;
    }
    if (!from || !to) continue;
    const why = layerViolation(from, to);
    if (why) out.push(`${relative(srcDir, file)}: ${why} (${spec})`);
  }
  return out;
}

test('every folder under src/ has a tier', () => {
  const folders = readdirSync(srcDir).filter((n) => statSync(join(srcDir, n)).isDirectory() && n !== 'test-support');
  const missing = folders.filter((f) => LAYER_TIERS[f] === undefined);
  assert.deepEqual(missing, []);
});

test('no source file imports a higher layer or a same-tier sibling', () => {
  const files = tsFiles().filter((f) => !f.endsWith('.test.ts') && !f.includes(`${sep}test-support${sep}`));
  assert.ok(files.length > 10, `expected source files, found ${files.length}`);
  const violations = files.flatMap((f) => violationsIn(f, readFileSync(f, 'utf8')));
  assert.deepEqual(violations, []);
});

test('no test file imports a higher layer or a same-tier sibling either (test-support/ is theirs to use)', () => {
  const files = tsFiles().filter((f) => f.endsWith('.test.ts') && !f.includes(`${sep}test-support${sep}`));
  assert.ok(files.length > 10, `expected test files, found ${files.length}`);
  const violations = files.flatMap((f) => violationsIn(f, readFileSync(f, 'utf8'), { test: true }));
  assert.deepEqual(violations, []);
});

/**
 * Import circles among the given files (type-only imports count: a shape shared both ways belongs in a
 * module of its own), each as its files relative to src/, found as the strongly connected components of
 * the import graph (Tarjan).
 */
export function importCircles(sources: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const to: string[] = [];
    for (const spec of importSpecifiers(text)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      if (sources.has(target)) to.push(target);
    }
    edges.set(file, to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(relative(srcDir, w));
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) circles.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return circles;
}

test('no import circle among the source files, type-only imports included (issue 33)', () => {
  const files = tsFiles().filter((f) => !f.endsWith('.test.ts'));
  const circles = importCircles(new Map(files.map((f) => [f, readFileSync(f, 'utf8')])));
  assert.deepEqual(circles, []);
});

test('the circle check finds a circle through a type-only import, and none in a chain', () => {
  const a = join(srcDir, 'workflows', 'x', 'a.ts');
  const b = join(srcDir, 'workflows', 'x', 'b.ts');
  const c = join(srcDir, 'workflows', 'x', 'c.ts');
  const circle = new Map([
    [a, "import { b } from './b.js';"],
    [b, "import type { A } from './a.js';\nexport const b = 1;"],
    [c, "import { b } from './b.js';"],
  ]);
  assert.deepEqual(importCircles(circle), [[join('workflows', 'x', 'a.ts'), join('workflows', 'x', 'b.ts')]]);
  circle.set(b, 'export const b = 1;');
  assert.deepEqual(importCircles(circle), []);
});

test('the checker catches policy/ importing store/ and allows downward imports', () => {
  const policyFile = join(srcDir, 'policy', 'example.ts');
  assert.equal(violationsIn(policyFile, "import { openStore } from '../store/index.js';").length, 1);
  assert.equal(violationsIn(policyFile, "import type { Store } from '../store/index.js';").length, 1);
  assert.equal(violationsIn(policyFile, "const m = await import('../store/index.js');").length, 1);
  assert.deepEqual(violationsIn(policyFile, "import { claimId } from '../core/index.js';"), []);
  const netFile = join(srcDir, 'net', 'fetcher.ts');
  assert.match(violationsIn(netFile, "import { x } from '../store/index.js';")[0] ?? '', /sibling store/);
  assert.match(violationsIn(join(srcDir, 'cli', 'main.ts'), "import { x } from '../test-support/shared-data.js';")[0] ?? '', /test-support/);
  // A test may use test-support/, but not a higher layer.
  const pipelineTest = join(srcDir, 'pipeline', 'engine.test.ts');
  assert.deepEqual(violationsIn(pipelineTest, "import { x } from '../test-support/shared-data.js';", { test: true }), []);
  assert.match(violationsIn(pipelineTest, "import { createEngine } from '../app/index.js';", { test: true })[0] ?? '', /higher layer/);
});

/** Adapter interfaces a workflow file names in code (comments aside): workflows reach them through the engine only. */
export function adapterUsesIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...new Set([...code.matchAll(/\b(SearchProvider|Fetcher|StanceModel)\b/g)].map((m) => m[1]!))];
}

test('one road: no workflow file uses a search provider, fetcher or stance model itself (issue 16); they go through the Engine', () => {
  const files = tsFiles(join(srcDir, 'workflows')).filter((f) => !f.endsWith('.test.ts') && !f.includes(`${sep}test-support${sep}`));
  assert.ok(files.length > 10, `expected workflow files, found ${files.length}`);
  const uses = files.flatMap((f) => adapterUsesIn(readFileSync(f, 'utf8')).map((name) => `${relative(srcDir, f)}: ${name}`));
  assert.deepEqual(uses, []);
  // The checker itself finds a use in code and ignores one in a comment.
  assert.deepEqual(adapterUsesIn("import type { StanceModel } from '../../core/index.js';\n// a Fetcher is not used here"), ['StanceModel']);
});
