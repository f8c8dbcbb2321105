import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimId } from '../../core/index.js';
import { assessSentence, extractClaimCandidates, isSameClaim, mergeClaims, normalizeClaim } from './index.js';

test('checkable sentences and rejected ones, with the reason', () => {
  const cases: Array<[string, boolean, string]> = [
    ['Remdesivir reduced mortality by 20% in hospitalized adults.', true, 'numeric,causal,high_stakes'],
    ['Vaccines are more effective than natural immunity.', true, 'comparison,evaluative'],
    ['Smoking causes lung cancer.', true, 'causal'],
    ['Is coffee healthy?', false, 'question'],
    ['Subscribe to our newsletter for weekly updates on health.', false, 'boilerplate'],
    ['All rights reserved 2024 Example Corp.', false, 'boilerplate'],
    ['Read more', false, 'boilerplate'],
    ['Next page', false, 'too_short'],
    ['The weather was nice and we went out.', false, 'no_claim_signal'],
    ['ワクチンは重症化を90%低下させた。', true, 'numeric,causal'],
    ['本当に効果があるのか？', false, 'question'],
    ['利用規約とプライバシーポリシーをご確認ください。', false, 'boilerplate'],
  ];
  for (const [text, checkable, expected] of cases) {
    const language = /[ぁ-んァ-ン一-龯]/.test(text) ? 'ja' : 'en';
    const lemmas = language === 'en' ? text.toLowerCase().replace(/[^a-z ]/g, '').split(' ').map((w) => (w === 'causes' ? 'cause' : w === 'reduced' ? 'reduce' : w)) : [];
    const r = assessSentence({ text, language, lemmas });
    assert.equal(r.checkable, checkable, text);
    assert.equal(checkable ? r.features.join(',') : r.rejectedBecause, expected, text);
  }
});

test('English slots: subject, negated predicate, object, time and scope', () => {
  const c = normalizeClaim({ text: 'However, in 2020 remdesivir did not reduce mortality by 50% among hospitalized adults in Japan.', source: 's' });
  assert.deepEqual(c.slots, { subject: 'remdesivir', predicate: 'not reduce', object: 'mortality by 50%', time: 'in 2020' });
  assert.equal(c.scope, 'among hospitalized adults; in Japan');
  assert.equal(c.negated, true);
  assert.equal(c.decisionRelevance, 'high');
  assert.equal(c.claimId, claimId(c.statement));
  assert.deepEqual(c.numbers, ['2020', '50']);
});

test('Japanese slots: subject before は/が, object before を, time and scope lifted out', () => {
  const c = normalizeClaim({ text: '厚生労働省によると、2021年に新型ワクチンは重症化を90%低下させた。', source: 's' });
  assert.deepEqual(c.slots, { subject: '新型ワクチン', predicate: '90%低下させた', object: '重症化', time: '2021年' });
  const d = normalizeClaim({ text: '日本では高齢者の死亡率が減少している。', source: 's' });
  assert.deepEqual([d.slots.subject, d.slots.predicate, d.scope], ['高齢者の死亡率', '減少している', '日本では']);
  assert.equal(normalizeClaim({ text: 'ワクチンは効果がない。', source: 's' }).negated, true);
});

test('merge: same claim from two sources merges; negation, other numbers and other claims do not', () => {
  const a = normalizeClaim({ text: 'Smoking causes lung cancer.', source: 'https://a.example/' });
  const b = normalizeClaim({ text: 'smoking causes lung cancer', source: 'https://b.example/' });
  const c = normalizeClaim({ text: 'Smoking does not cause lung cancer.', source: 'https://c.example/' });
  const d = normalizeClaim({ text: 'The drug reduced deaths by 50%.', source: 'https://d.example/' });
  const e = normalizeClaim({ text: 'The drug reduced deaths by 5%.', source: 'https://e.example/' });
  assert.equal(isSameClaim(a, b), true);
  assert.equal(isSameClaim(a, c), false);
  assert.equal(isSameClaim(d, e), false);
  const merged = mergeClaims([a, b, c, d, e]);
  assert.deepEqual(merged.map((m) => [m.statement, m.sources.map((s) => s.source)]), [
    ['Smoking causes lung cancer.', ['https://a.example/', 'https://b.example/']],
    ['Smoking does not cause lung cancer.', ['https://c.example/']],
    ['The drug reduced deaths by 50%.', ['https://d.example/']],
    ['The drug reduced deaths by 5%.', ['https://e.example/']],
  ]);
});

test('merge: a supplied similarity merges paraphrases above the threshold only', () => {
  const a = normalizeClaim({ text: 'Aspirin lowers the risk of heart attack.', source: 'a' });
  const b = normalizeClaim({ text: 'Heart attack risk is reduced by aspirin.', source: 'b' });
  assert.equal(isSameClaim(a, b), false);
  assert.equal(isSameClaim(a, b, { similarity: () => 0.95 }), true);
  assert.equal(isSameClaim(a, b, { similarity: () => 0.5 }), false);
});

test('extractClaimCandidates keeps checkable sentences with locators', () => {
  const text = 'Skip to main content. Coffee consumption increased by 12% in 2023. Is tea better? Tea is healthier than soda for adults.';
  const got = extractClaimCandidates({ text, source: 'doc1', publishedAt: '2024-01-01' });
  assert.deepEqual(got.map((c) => [c.text, c.locator]), [
    ['Coffee consumption increased by 12% in 2023.', 'sentence:1'],
    ['Tea is healthier than soda for adults.', 'sentence:3'],
  ]);
  assert.equal(got[0]?.publishedAt, '2024-01-01');
  assert.equal(extractClaimCandidates({ text, source: 'doc1', maxClaims: 1 }).length, 1);
});
