// The academic phase with no scholarly source selected: a warning when none is enabled (a setting to
// fix), silence when the task's own providers left the enabled ones out (a corpus named alone).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PipelineDeps } from '../deps.js';
import type { QueryContext } from '../query-context.js';
import { selectProviders } from '../providers.js';
import { runAcademicPhase } from './academic.js';

const corpus = { name: 'corpus:vitd' };
const depsWith = (scholarly: string[]): PipelineDeps =>
  ({
    webProviders: {},
    corpusProvider: () => corpus,
    scholarly: { sources: scholarly.map((name) => ({ name })), disabled: [] },
  }) as unknown as PipelineDeps;

const contextFor = (deps: PipelineDeps, providers: string[]): QueryContext =>
  ({
    input: { kind: 'query', value: 'randomized controlled trial of vitamin D supplementation and fractures' },
    selection: selectProviders(deps, providers),
  }) as unknown as QueryContext;

test('selectProviders: enabled scholarly sources the task does not name are left out by choice', () => {
  assert.equal(selectProviders(depsWith(['openalex']), ['corpus:vitd']).scholarlyLeftOut, true);
  assert.equal(selectProviders(depsWith(['openalex']), ['corpus:vitd', 'openalex']).scholarlyLeftOut, false);
  assert.equal(selectProviders(depsWith([]), ['corpus:vitd']).scholarlyLeftOut, false);
});

test('academic phase: a corpus named alone skips scholarly search without a warning; none enabled still warns', async () => {
  const chosen = await runAcademicPhase(contextFor(depsWith(['openalex', 'crossref']), ['corpus:vitd']));
  assert.equal(chosen.ran, false);
  assert.deepEqual(chosen.warnings, []);
  assert.ok(chosen.reasons.includes('scholarly_not_selected'), chosen.reasons.join());

  const unset = await runAcademicPhase(contextFor(depsWith([]), ['corpus:vitd']));
  assert.equal(unset.ran, false);
  assert.deepEqual(
    unset.warnings.map((w) => w.code),
    ['no_scholarly_source'],
  );
});
