// Provider names are checked against what is configured; names that only exist on Object.prototype
// (found by the MCP fuzz test) are unknown providers, not configured ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError } from '../core/index.js';
import type { PipelineDeps } from './deps.js';
import { normalizeProviders } from './providers.js';

const deps = { store: { listCorpora: () => [] }, webProviders: {}, scholarly: { sources: [{ name: 'openalex' }], disabled: [] } } as unknown as PipelineDeps;

test('normalizeProviders: prototype names are unknown providers', () => {
  assert.deepEqual(normalizeProviders(deps, ['openalex']), ['openalex']);
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    assert.throws(
      () => normalizeProviders(deps, [name]),
      (err: unknown) => isLyraError(err) && err.code === 'provider_unknown',
      name,
    );
  }
});
