// Each pipeline limit is said once (PIPELINE_LIMIT_SPECS): the engine's defaults, the config keys and
// the documentation all follow the table, so changing a default or a bound in one place cannot leave
// another behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../test-support/shared-data.js';
import { BUDGET_SPECS, PIPELINE_DEFAULTS, PIPELINE_LIMIT_SPECS, budgetInputSchema, configFieldsOf, snakeCase } from './limits.js';
import { z } from 'zod';

test('config keys are the limits in snake_case, bounded as the table says', () => {
  assert.equal(snakeCase('citationTopK'), 'citation_top_k');
  const schema = z.strictObject(configFieldsOf(PIPELINE_LIMIT_SPECS));
  for (const [name, spec] of Object.entries(PIPELINE_LIMIT_SPECS)) {
    const key = snakeCase(name);
    assert.equal(PIPELINE_DEFAULTS[name as keyof typeof PIPELINE_LIMIT_SPECS], spec.default, name);
    assert.ok(schema.safeParse({ [key]: spec.default }).success, `${key}: its default is valid`);
    if (spec.kind === 'int') {
      assert.ok(!schema.safeParse({ [key]: spec.min - 1 }).success, `${key}: below ${spec.min} is refused`);
      assert.ok(!schema.safeParse({ [key]: spec.max + 1 }).success, `${key}: above ${spec.max} is refused`);
    } else assert.ok(!schema.safeParse({ [key]: 1 }).success, `${key}: a number is no switch`);
  }
  assert.ok(!budgetInputSchema.safeParse({ maxPages: BUDGET_SPECS.maxPages.max + 1 }).success);
  assert.deepEqual(PIPELINE_DEFAULTS.defaultBudget, { maxPages: 100, maxQueries: 50, maxSeconds: 1_800 });
});

test('docs/configuration.md shows every pipeline limit with its default', () => {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'configuration.md'), 'utf8');
  const block = /```yaml\npipeline:\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(block, 'docs/configuration.md has the pipeline: yaml block');
  const shown = new Map([...block.matchAll(/^ {2}(\w+): ([^\s#]+)/gm)].map((m) => [m[1]!, m[2]!]));
  const missing: string[] = [];
  for (const [name, spec] of Object.entries(PIPELINE_LIMIT_SPECS)) {
    const key = snakeCase(name);
    if (shown.get(key) !== String(spec.default)) missing.push(`${key}: docs ${shown.get(key) ?? '(absent)'}, table ${spec.default}`);
  }
  const budget = /^ {2}default_budget: \{([^}]*)\}/m.exec(block)?.[1] ?? '';
  for (const [name, spec] of Object.entries(BUDGET_SPECS)) {
    if (!new RegExp(`\\b${snakeCase(name)}: ${spec.default}\\b`).test(budget)) missing.push(`default_budget.${snakeCase(name)}: table ${spec.default}`);
  }
  assert.deepEqual(missing, []);
});
