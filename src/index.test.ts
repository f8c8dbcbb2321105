// Guards the package's public surface: adding or removing an export must change this list too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lyra from './index.js';

const PUBLIC_VALUES = [
  'BlockedError',
  'CLAIM_STATUSES',
  'ConsensusResearchEngine',
  'ConsensusSelector',
  'DEFAULT_CONFIG',
  'DEFAULT_STRATEGIES',
  'ERROR_CATEGORIES',
  'InvalidInputError',
  'LyraError',
  'NonRetryableError',
  'ReportScorer',
  'ResearchAgent',
  'RetryableError',
  'SOURCE_TYPES',
  'STANCES',
  'TRUST_LEVELS',
  'TRUST_SCORES',
  'claimConfidence',
  'claimId',
  'classifyContradiction',
  'collectPrimarySources',
  'createEmbeddingModel',
  'createEngine',
  'createRuntime',
  'createStanceModel',
  'determineClaimStatus',
  'handleContradiction',
  'isLyraError',
  'isRetryable',
  'loadConfig',
  'normalizeUrl',
  'openStore',
  'registrableDomain',
  'runCollect',
  'runConsensus',
  'shouldStop',
  'verifySource',
  'withEngine',
  'withRuntime',
  'RESEARCH_ARTIFACT_SCHEMAS',
  'resumeResearch',
  'resumeResearchWorkflow',
  'runResearch',
  'runResearchWorkflow',
];

test('the package exports exactly the documented values', () => {
  assert.deepEqual(Object.keys(lyra).sort(), [...PUBLIC_VALUES].sort());
});

test('the entry points are the real implementations', () => {
  assert.equal(typeof lyra.createEngine, 'function');
  assert.equal(typeof lyra.ConsensusResearchEngine, 'function');
  assert.equal(typeof lyra.runResearch, 'function');
  assert.ok('verified_claims' in lyra.RESEARCH_ARTIFACT_SCHEMAS);
  assert.equal(lyra.TRUST_SCORES.GOVERNMENT, 0.95);
  assert.equal(lyra.classifyContradiction('ACADEMIC', 'ACADEMIC'), 'contested');
  assert.equal(new lyra.RetryableError('x').category, 'retryable');
});
