import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimId, contentHash, newId, normalizeStatement } from './ids.js';

test('claimId is clm_ plus 16 hex characters', () => {
  assert.match(claimId('Drug X reduces mortality.'), /^clm_[0-9a-f]{16}$/);
});

test('claimId is stable across case, punctuation, spacing and full-width forms', () => {
  const a = claimId('Drug X reduces mortality by 20%.');
  assert.equal(claimId('drug x  reduces mortality by 20 %'), a);
  assert.equal(claimId('ＤＲＵＧ Ｘ reduces mortality by ２０％！'), a);
});

test('claimId differs when the meaning-bearing words differ', () => {
  assert.notEqual(claimId('Drug X reduces mortality'), claimId('Drug X increases mortality'));
  assert.notEqual(claimId('reduced by 50%'), claimId('reduced by 5%'));
});

test('normalizeStatement keeps Japanese text and folds its punctuation', () => {
  assert.equal(normalizeStatement('薬剤Xは有効である。'), '薬剤xは有効である');
  assert.equal(claimId('薬剤Xは有効である。'), claimId('薬剤Ｘは有効である'));
});

test('newId has the prefix and is unique', () => {
  const ids = new Set(Array.from({ length: 1000 }, () => newId('task')));
  assert.equal(ids.size, 1000);
  for (const id of ids) assert.match(id, /^task_[0-9a-f]{20}$/);
});

test('contentHash is the SHA-256 hex digest', () => {
  assert.equal(contentHash('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
