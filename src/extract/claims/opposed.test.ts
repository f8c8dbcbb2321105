import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimsOpposed } from './opposed.js';
import { isSameClaim, mergeClaimGroups, normalizeClaim } from './normalize.js';

const claim = (text: string, source = 'https://a.example/') => normalizeClaim({ text, source });

// Check-COVID minimal pairs (MIT): a supported and a refuted claim written from one abstract.
const OPPOSED: ReadonlyArray<[string, string, string]> = [
  [
    'As a COVID-19 treatment on its own, hydroxychloroquine is associated with decreased overall mortality.',
    'As a COVID-19 treatment on its own, hydroxychloroquine is associated with increased overall mortality.',
    'antonym',
  ],
  [
    'Traditional, manual contact tracing is too fast to keep pace with the spread of the novel coronavirus.',
    'Traditional, manual contact tracing is too slow to keep pace with the spread of the novel coronavirus.',
    'antonym',
  ],
  [
    'Pro-vaccine Facebook clusters are smaller in size than anti-vaccine clusters.',
    'Anti-vaccine Facebook clusters are smaller in size than pro-vaccine clusters.',
    'order',
  ],
  [
    'Antibody tests are unable to detect if someone has ever had the novel coronavirus.',
    'Antibody tests can tell if someone has ever had the novel coronavirus.',
    'negation',
  ],
  [
    'People under 20 years old are twice as susceptible to the infection as those age 20 or over.',
    'People under 20 years old are half as susceptible to the infection as those age 20 or over.',
    'number',
  ],
  [
    'Nonpregnant women are more likely to be hospitalized than pregnant women.',
    'Pregnant women are more likely to be hospitalized than nonpregnant women.',
    'order',
  ],
  [
    'Inhalation of small droplets was an insignificant factor in transmission on the ship.',
    'Inhalation of small droplets was a significant factor in transmission on the ship.',
    'prefix',
  ],
  ['Voluntary social distancing reduced the rate of infections.', 'Voluntary social distancing boosted the rate of infections.', 'direction'],
  ['Masks helped the wearers.', 'Masks harmed the wearers.', 'valence'],
];

test('claims that differ by an opposed word, a number or the order of their words are opposed, and never merge', () => {
  for (const [a, b, kind] of OPPOSED) {
    assert.equal(claimsOpposed(a, b)?.kind, kind, `${a} / ${b}`);
    assert.equal(isSameClaim(claim(a), claim(b, 'https://b.example/'), { similarity: () => 0.99 }), false, a);
  }
  const [a, b] = OPPOSED[0]!;
  assert.equal(mergeClaimGroups([claim(a), claim(b, 'https://b.example/')]).length, 2);
});

test('near-duplicates whose differing words oppose nothing still merge', () => {
  const pairs: ReadonlyArray<[string, string]> = [
    [
      'Among health care workers, nurses in particular have been at significant risk of contracting COVID-19.',
      'Nurses in particular have been at significant risk of contracting COVID-19.',
    ],
    [
      'The SARS-CoV-2 particles traced in patients’ stools were highly infectious.',
      'The SARS-CoV-2 virus particles found in infected patients’ stools were highly infectious.',
    ],
    ['Smoking increases the risk of severe illness.', 'Smoking raises the risk of severe illness.'],
    // "one" added as a determiner is no other number (bench:merge found this pair kept apart).
    [
      'People with obesity who caught the coronavirus were more than twice as likely to end up in the hospital.',
      'In one report published last month, researchers found that people with obesity who caught the coronavirus were more than twice as likely to end up in the hospital.',
    ],
  ];
  for (const [a, b] of pairs) {
    assert.equal(claimsOpposed(a, b), undefined, `${a} / ${b}`);
    assert.equal(isSameClaim(claim(a), claim(b, 'https://b.example/'), { similarity: () => 0.95 }), true, a);
  }
  // Words put in another order outside a comparison, a hyphenated "non-", a direction word met by one of
  // its own kind: no opposition (a reviewer's cases).
  const same: ReadonlyArray<[string, string]> = [
    ['In adults, smoking causes lung cancer.', 'Smoking causes lung cancer in adults.'],
    ['The vaccine is safe and effective in children.', 'The vaccine is effective and safe in children.'],
    ['Non-pregnant women were admitted more often.', 'Nonpregnant women were admitted more often.'],
    ['Exercise lowers blood pressure.', 'Exercise reduces high blood pressure.'],
  ];
  for (const [a, b] of same) assert.equal(claimsOpposed(a, b), undefined, `${a} / ${b}`);
  assert.equal(isSameClaim(claim(same[0]![0]), claim(same[0]![1], 'https://b.example/')), true);
  // The same statement is one claim whatever is asked.
  assert.equal(isSameClaim(claim(pairs[0]![0]), claim(pairs[0]![0], 'https://b.example/')), true);
});

test('Japanese claims are not read word by word (their numbers and polarity are compared as before)', () => {
  assert.equal(claimsOpposed('気温が上昇した。', '気温が低下した。'), undefined);
  assert.equal(claimsOpposed('2019年から2020年にかけて気温が上昇した。', '2020年にかけて、2019年から気温が上昇した。'), undefined);
});

test('claims whose slots say nothing do not merge by their (shared, empty) fingerprint', () => {
  const a = claim('Yes.');
  const b = claim('Maybe so.', 'https://b.example/');
  assert.equal(a.fingerprint, b.fingerprint);
  assert.equal(isSameClaim(a, b), false);
});
