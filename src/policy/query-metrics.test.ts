import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryMetrics, querySatisfaction } from './query-metrics.js';

test('satisfaction table', () => {
  const rows: Array<[number, boolean, string]> = [
    [0, false, 'unsatisfied'],
    [0, true, 'unsatisfied'],
    [1, false, 'partial'],
    [2, true, 'partial'],
    [3, true, 'satisfied'],
    [3, false, 'partial'],
    [4, false, 'partial'],
    [5, false, 'satisfied'],
  ];
  for (const [independentSources, hasPrimarySource, expected] of rows) {
    assert.equal(querySatisfaction({ independentSources, hasPrimarySource }), expected, `${independentSources}/${hasPrimarySource}`);
  }
});

test('ratios, with zero denominators giving 0', () => {
  assert.deepEqual(
    queryMetrics({
      resultsFound: 20,
      duplicates: 5,
      newPages: 10,
      pagesProcessed: 8,
      usefulFragments: 6,
      fragments: 24,
      independentSources: 4,
      hasPrimarySource: true,
    }),
    {
      harvestRate: 0.25,
      novelty: 0.5,
      duplicateRate: 0.25,
      satisfaction: 'satisfied',
    },
  );
  assert.deepEqual(
    queryMetrics({
      resultsFound: 0,
      duplicates: 0,
      newPages: 0,
      pagesProcessed: 0,
      usefulFragments: 0,
      fragments: 0,
      independentSources: 0,
      hasPrimarySource: false,
    }),
    {
      harvestRate: 0,
      novelty: 0,
      duplicateRate: 0,
      satisfaction: 'unsatisfied',
    },
  );
});
