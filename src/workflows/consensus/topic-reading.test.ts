import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Thesaurus } from '../../core/index.js';
import { claimRelevance, termWeights } from '../answer/index.js';
import { normalizeClaim } from '../../extract/index.js';
import { MAX_REPORT_KINDS, kindsNamed, topicReading } from './topic-reading.js';

const STATEMENTS = [
  'Intermittent fasting covers several eating patterns, including alternate-day fasting, the 5:2 diet and time-restricted eating.',
  'Among adults with obesity, time-restricted eating combined with calorie restriction was not more effective in reducing body weight than daily calorie restriction alone.',
  'In regular supplementation trials, taking at least 200 mg of ascorbic acid a day reduced the duration of common colds.',
  'Beekeepers in Europe reported winter colony losses of 16% on average in 2019.',
];
const terms = STATEMENTS.map((s) => normalizeClaim({ text: s, source: 't' }).terms);
const weights = termWeights(terms);
const relevance = (topic: ReturnType<typeof topicReading>, i: number): number => claimRelevance(topic, terms[i]!, weights).relevance;

test('a topic is read through the kinds its sources name: a trial of one kind counts as about the subject', () => {
  const topic = 'Does intermittent fasting help people lose weight?';
  const plain = topicReading(topic, []);
  const withKinds = topicReading(topic, kindsNamed(STATEMENTS));
  assert.equal(relevance(plain, 1), 0);
  assert.ok(relevance(withKinds, 1) >= 0.3, String(relevance(withKinds, 1)));
  // A statement about something else stays off the topic.
  assert.equal(relevance(withKinds, 3), 0);
});

test("a topic is read through its subject's other names when a thesaurus is given", () => {
  const thesaurus: Thesaurus = { name: 'fake', synonyms: (t) => (t === 'vitamin c' ? ['ascorbic acid'] : undefined) };
  const topic = 'Does vitamin C shorten the common cold?';
  assert.ok(relevance(topicReading(topic, []), 2) < 0.3);
  assert.ok(relevance(topicReading(topic, [], { thesaurus }), 2) >= 0.3);
});

test('kindsNamed: each kind once, at most MAX_REPORT_KINDS', () => {
  assert.deepEqual(
    kindsNamed([STATEMENTS[0]!, STATEMENTS[0]!]).map((k) => `${k.kind} < ${k.of}`),
    [
      'alternate-day fasting < eating patterns',
      '5:2 diet < eating patterns',
      'time-restricted eating < eating patterns',
      'alternate-day fasting < intermittent fasting',
      '5:2 diet < intermittent fasting',
      'time-restricted eating < intermittent fasting',
    ],
  );
  const many = Array.from({ length: 30 }, (_, i) => `Vehicles such as model${i}a cars and model${i}b trucks were tested.`);
  assert.equal(kindsNamed(many).length, MAX_REPORT_KINDS);
});
