// The consensus answer's lines: an "insufficient evidence" verdict shows no confidence figure, and says
// whether nothing passed the judge's bar or what passed was too little.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consensusAnswerLines } from './answer.js';
import type { ConsensusAnswer } from './types.js';

const base: ConsensusAnswer = {
  proposition: 'Alpine glaciers are retreating.',
  verdict: 'insufficient evidence',
  confidence: 0.62,
  for: [{ quote: 'Alpine glaciers lost 10% of their volume.', url: 'https://a.example/1', confidence: 0.8 }],
  against: [],
  judged: 6,
  supportingSources: 1,
  refutingSources: 0,
  stanceModel: 'embedded',
};

test('consensus answer: "insufficient evidence" with a statement for it says what passed was too little, with no figure', () => {
  const text = consensusAnswerLines(base, 'en').join('\n');
  assert.match(text, /No confidence figure: what passed the judge's bar is too little for a verdict \(1 source for, 0 against, 6 passages judged\)/);
  assert.doesNotMatch(text, /0\.62/);
  const none = consensusAnswerLines({ ...base, for: [], supportingSources: 0 }, 'en').join('\n');
  assert.match(none, /no passage passed the judge's bar \(6 passages judged\)/);
  assert.match(
    consensusAnswerLines(base, 'ja').join('\n'),
    /判定の基準を満たした箇所はあるが、結論を出すには足りない（支持するソース 1、反証するソース 0、判定 6 件）/,
  );
});

test('consensus answer: a figure names its band in the report language', () => {
  const supported = { ...base, verdict: 'supported' as const, confidence: 0.81 };
  assert.match(consensusAnswerLines(supported, 'en').join('\n'), /- Confidence 0\.81 \(high\): the 6 statements/);
  assert.match(consensusAnswerLines(supported, 'ja').join('\n'), /- 確信度 0\.81（高）: 最終レポートが引用する6文/);
});
