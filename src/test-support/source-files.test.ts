import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importSpecifiers } from './source-files.js';

const TEXT = [
  "import { a } from './a.js';",
  "import type { T } from './t.js';",
  "export type { U } from './u.js';",
  "export * from './star.js';",
  "import './side.js';",
  'import {',
  '  b,',
  '  type C,',
  "} from './b.js';",
  "export const text = 'not an import';",
  "const lazy = () => import('./lazy.js');",
  'export type Id = number;',
  "export { run } from './run.js';",
].join('\n');

test('importSpecifiers: every import for the layers and circles, runtime ones for what a module loads', () => {
  assert.deepEqual(importSpecifiers(TEXT), ['./a.js', './t.js', './u.js', './star.js', './side.js', './b.js', './run.js', './lazy.js']);
  assert.deepEqual(importSpecifiers(TEXT, { runtimeOnly: true }), ['./a.js', './star.js', './side.js', './b.js', './run.js']);
});
