import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimId, type EmbeddingModel } from '../../core/index.js';
import {
  assessSentence,
  createEmbeddingSimilarity,
  extractClaimCandidates,
  extractNormalizedClaims,
  isSameClaim,
  mergeClaimGroups,
  mergeClaims,
  mergeClaimsWithEmbeddings,
  normalizeClaim,
} from './index.js';

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
    const lemmas =
      language === 'en'
        ? text
            .toLowerCase()
            .replace(/[^a-z ]/g, '')
            .split(' ')
            .map((w) => (w === 'causes' ? 'cause' : w === 'reduced' ? 'reduce' : w))
        : [];
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

test('English scope: a place in letters outside ASCII is whole ("in São Paulo", "in El Niño"), not cut at the first such letter', () => {
  const c = normalizeClaim({ text: 'Coral cover fell by half in São Paulo state and in El Niño years.', source: 's' });
  assert.equal(c.scope, 'in São Paulo; in El Niño');
  assert.doesNotMatch(c.slots.object ?? '', /ño|ão/);
});

test('English slots: do-support keeps its verb even when tagged as an adjective; an outcome before the population stays in the object', () => {
  const c = normalizeClaim({ text: 'Hydroxychloroquine does not lower the risk of mortality in patients with COVID-19.', source: 's' });
  assert.deepEqual(c.slots, { subject: 'Hydroxychloroquine', predicate: 'not lower', object: 'the risk of mortality' });
  assert.equal(c.scope, 'in patients with COVID-19');
});

test('Japanese slots: subject before は/が, object before を, time and scope lifted out', () => {
  const c = normalizeClaim({ text: '厚生労働省によると、2021年に新型ワクチンは重症化を90%低下させた。', source: 's' });
  assert.deepEqual(c.slots, { subject: '新型ワクチン', predicate: '90%低下させた', object: '重症化', time: '2021年' });
  const d = normalizeClaim({ text: '日本では高齢者の死亡率が減少している。', source: 's' });
  assert.deepEqual([d.slots.subject, d.slots.predicate, d.scope], ['高齢者の死亡率', '減少している', '日本では']);
  assert.equal(normalizeClaim({ text: 'ワクチンは効果がない。', source: 's' }).negated, true);
  const e = normalizeClaim({ text: '2016年と2017年には、グレートバリアリーフの北部で大規模な白化が起きた。', source: 's' });
  assert.deepEqual([e.slots.subject, e.slots.predicate, e.slots.time], ['グレートバリアリーフの北部で大規模な白化', '起きた', '2016年、2017年']);
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
  assert.deepEqual(
    merged.map((m) => [m.statement, m.sources.map((s) => s.source)]),
    [
      ['Smoking causes lung cancer.', ['https://a.example/', 'https://b.example/']],
      ['Smoking does not cause lung cancer.', ['https://c.example/']],
      ['The drug reduced deaths by 50%.', ['https://d.example/']],
      ['The drug reduced deaths by 5%.', ['https://e.example/']],
    ],
  );
  // The groups say which inputs each merged claim holds (indices into the input), representative first.
  assert.deepEqual(
    mergeClaimGroups([a, b, c, d, e]).map((g) => g.members),
    [[0, 1], [2], [3], [4]],
  );
  assert.deepEqual(
    mergeClaimGroups([c, a, b]).map((g) => [g.claim.statement, g.members]),
    [
      ['Smoking does not cause lung cancer.', [0]],
      [a.statement, [1, 2]],
    ],
  );
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
  assert.deepEqual(
    got.map((c) => [c.text, c.locator]),
    [
      ['Coffee consumption increased by 12% in 2023.', 'sentence:1'],
      ['Tea is healthier than soda for adults.', 'sentence:3'],
    ],
  );
  assert.equal(got[0]?.publishedAt, '2024-01-01');
  assert.equal(extractClaimCandidates({ text, source: 'doc1', maxClaims: 1 }).length, 1);
});

test('page furniture is not a claim: "Label: value" lines and captions', () => {
  for (const text of [
    'Published: 12 March 2021',
    'Last updated: 3 May 2023 by the editors',
    'Table 1. Mortality fell by 20% in the treated group',
    '公開日：2023年5月1日',
  ]) {
    const language = /[ぁ-んァ-ン一-龯]/.test(text) ? 'ja' : 'en';
    assert.equal(assessSentence({ text, language, lemmas: [] }).rejectedBecause, 'boilerplate', text);
  }
});

test('English slots: time is not read as a place; spans keep their spelling', () => {
  const c = normalizeClaim({ text: 'The Japanese government raised the consumption tax to 10% in October 2019.', source: 's' });
  assert.deepEqual(c.slots, { subject: 'The Japanese government', predicate: 'raise', object: 'the consumption tax to 10%', time: 'in October 2019' });
  assert.equal(c.scope, undefined);
  const t = normalizeClaim({ text: 'Global temperatures have risen by 1.1°C since 1880.', source: 's' });
  assert.deepEqual(t.slots, { subject: 'Global temperatures', predicate: 'rise', object: 'by 1.1°C', time: 'since 1880' });
  const s = normalizeClaim({ text: 'COVID-19 vaccines reduced hospitalizations by 89% among adults over 65 in 2021.', source: 's' });
  assert.equal(s.scope, 'among adults over 65');
});

test('reporting frames are lifted off: the reported claim fills the slots and meets its plain form', () => {
  const framed = normalizeClaim({ text: 'Researchers at Kyoto University found that smoking causes lung cancer.', source: 'a' });
  assert.deepEqual(framed.slots, { subject: 'smoking', predicate: 'cause', object: 'lung cancer' });
  assert.equal(framed.attribution, 'Researchers at Kyoto University found that');
  const plain = normalizeClaim({ text: 'Smoking causes lung cancer.', source: 'b' });
  assert.equal(framed.fingerprint, plain.fingerprint);
  assert.deepEqual(
    mergeClaims([plain, framed]).map((m) => m.sources.map((s) => s.source)),
    [['b', 'a']],
  );
  const ja = normalizeClaim({ text: '研究者らは、喫煙が肺がんのリスクを高めると報告した。', source: 'j' });
  assert.deepEqual(ja.slots, { subject: '喫煙', predicate: '高める', object: '肺がんのリスク' });
  assert.equal(ja.attribution, '研究者らは、…と報告した');
});

test('negation anywhere in the clause keeps "found an association" and "found no association" apart', () => {
  const yes = normalizeClaim({ text: 'Studies found a significant association between coffee and cancer.', source: 'a' });
  const no = normalizeClaim({ text: 'Studies found no significant association between coffee and cancer.', source: 'b' });
  assert.deepEqual([yes.negated, no.negated], [false, true]);
  assert.equal(isSameClaim(yes, no), false);
  assert.equal(isSameClaim(yes, no, { similarity: () => 0.99 }), false, 'polarity beats similarity');
});

test('extractNormalizedClaims: a document in, merged normalized claims with every source out', () => {
  const text = 'Home\n\nSmoking causes lung cancer. Is it true? Experts found that smoking causes lung cancer.\n\n喫煙は肺がんのリスクを高める。';
  const got = extractNormalizedClaims({ text, source: 'https://x.example/a' });
  assert.deepEqual(
    got.map((c) => [c.statement, c.language, c.sources.map((s) => s.locator)]),
    [
      ['Smoking causes lung cancer.', 'en', ['sentence:1', 'sentence:3']],
      ['喫煙は肺がんのリスクを高める。', 'ja', ['sentence:4']],
    ],
  );
  assert.match(got[0]!.claimId, /^clm_[0-9a-f]{16}$/);
});

test('mergeClaimsWithEmbeddings merges paraphrases by cosine and embeds each statement once', async () => {
  const calls: string[][] = [];
  const model: EmbeddingModel = {
    name: 'fake',
    dimensions: 2,
    async embed(texts) {
      calls.push([...texts]);
      // Aspirin paraphrases point one way, the stock-market claim another.
      return texts.map((t) => (/aspirin/i.test(t) ? Float32Array.from([1, 0.05]) : Float32Array.from([0, 1])));
    },
  };
  const claims = ['Aspirin lowers the risk of heart attack.', 'Heart attack risk is reduced by aspirin.', 'The stock market fell on Monday.'].map((text, i) =>
    normalizeClaim({ text, source: `s${i}` }),
  );
  const merged = await mergeClaimsWithEmbeddings({ claims, model });
  assert.deepEqual(
    merged.map((m) => m.sources.map((s) => s.source)),
    [['s0', 's1'], ['s2']],
  );
  assert.equal(calls.length, 1);
  const similarity = await createEmbeddingSimilarity({ claims: claims.slice(0, 1), model });
  assert.throws(() => similarity(claims[0]!, claims[2]!), /not among the embedded claims/);
});

test('English slots on news prose: datelines, connectives, subordinate openers, compounds and tagger slips', () => {
  const slots = (text: string) => normalizeClaim({ text, source: 's' }).slots;
  assert.deepEqual(slots('Feb. 23, 2015 -- Life-threatening peanut allergies have mysteriously been on the rise.'), {
    subject: 'Life-threatening peanut allergies',
    predicate: 'be',
    object: 'on the rise',
  });
  assert.equal(slots('LONDON — Sudan will improve access for aid groups.').subject, 'Sudan');
  assert.equal(slots('But a groundbreaking new study may offer a way to stem that rise.').subject, 'a groundbreaking new study');
  assert.deepEqual(slots('After rebels in Darfur staged an uprising in 2003, security services killed thousands of civilians.').subject, 'security services');
  assert.deepEqual(
    [slots('Now research shows the opposite is true.').subject, slots('Now research shows the opposite is true.').predicate],
    ['research', 'show'],
  );
  assert.equal(slots('For the first time since the 1990s, the nation will trade with the United States.').time, 'since the 1990s');
});

test('English slots: openers with a population or a list, section labels, relative clauses, modifiers, "there is" and adverbs before the verb', () => {
  const read = (text: string) => {
    const c = normalizeClaim({ text, source: 's' });
    return [c.slots.subject, c.slots.predicate];
  };
  // A prepositional opener of a population, kept as the scope.
  const among = normalizeClaim({ text: 'Among adults over 30, screen reading before bed had no measurable effect on sleep.', source: 's' });
  assert.deepEqual([among.slots.subject, among.slots.predicate, among.scope], ['screen reading before bed', 'have', 'Among adults over 30']);
  assert.deepEqual(read('Among teenagers aged 13 to 18, more than one hour of screen reading was linked to falling asleep later.'), [
    'more than one hour of screen reading',
    'link',
  ]);
  // The covariates' list runs over its commas; a participial opener reads like a prepositional one.
  assert.deepEqual(read('After controlling for total screen time, bedtime and caffeine, the researchers found no association.'), ['the researchers', 'find']);
  assert.deepEqual(read('Compared with other low carbon power sources, wind turbines have the lowest warming potential.'), ['wind turbines', 'have']);
  // A gerund subject before a comma is no opener.
  assert.deepEqual(read('Slowing global warming requires a transition to a low-carbon economy, mainly by burning less fuel.'), [
    'Slowing global warming',
    'require',
  ]);
  // A structured abstract's label, then an opener.
  assert.deepEqual(read('RESULTS: At the time of testing, fever was detected in 16 of 86 episodes.'), ['fever', 'detect']);
  // Relative clauses and participles inside the subject.
  assert.deepEqual(read('Participants who read on screens for at least 30 minutes had worse sleep than those who read books.'), [
    'Participants who read on screens for at least 30 minutes',
    'have',
  ]);
  assert.deepEqual(read('Countries that ratified the Kyoto protocol committed to reduce their emissions.'), [
    'Countries that ratified the Kyoto protocol',
    'commit',
  ]);
  assert.deepEqual(read('The probability of death for patients receiving hydroxychloroquine was 25.7%.'), [
    'The probability of death for patients receiving hydroxychloroquine',
    'be',
  ]);
  assert.deepEqual(read('The NPIs deployed in China appear to be containing the outbreak.'), ['The NPIs deployed in China', 'appear']);
  assert.deepEqual(read('Participants who drank three or more cups of filtered coffee per day had a 19% lower risk.'), [
    'Participants who drank three or more cups of filtered coffee per day',
    'have',
  ]);
  assert.deepEqual(read('Those who joined a government subsidized tourism program in Japan were more likely to report symptoms.'), [
    'Those who joined a government subsidized tourism program in Japan',
    'be',
  ]);
  // Two clauses stay two clauses.
  assert.deepEqual(read('Cases increased in Europe and deaths fell.'), ['Cases', 'increase']);
  // "There is X": X is the subject; an adverb before the verb is not the subject's.
  assert.equal(normalizeClaim({ text: 'There is no airborne transmission of COVID-19.', source: 's' }).slots.subject, 'no airborne transmission of COVID-19');
  assert.deepEqual(read('There was no significant difference in 28-day mortality (15.7% vs 24.0%) between the groups.'), [
    'no significant difference in 28-day mortality',
    'be',
  ]);
  assert.deepEqual(read('Volunteers also took 10 minutes longer to fall asleep.'), ['Volunteers', 'take']);
  // A verb is no date: wink reads "fall" as the season.
  assert.equal(normalizeClaim({ text: 'Volunteers also took 10 minutes longer to fall asleep.', source: 's' }).slots.time, '10 minutes');
  // An infinitive is the verb's complement: "was linked to falling" is "link", "tend to have" is "tend".
  assert.deepEqual(read('Adolescents already tend to have a later circadian rhythm than adults.'), ['Adolescents', 'tend']);
});

test('Japanese slots: connectives dropped, "により" is not a comparison, "…ことが分かった" is a frame and "日本では" stays scope', () => {
  const a = normalizeClaim({ text: '一方、高齢者では効果がやや低い傾向が見られた。', source: 's' });
  assert.deepEqual([a.slots.subject, a.scope], ['効果', '高齢者では']);
  assert.equal(assessSentence({ text: 'これにより、外出自粛の要請はなくなった。', language: 'ja', lemmas: [] }).checkable, false);
  const b = normalizeClaim({ text: '日本では、65歳以上の高齢者の重症化率が若年層の約10倍であることが分かった。', source: 's' });
  assert.deepEqual(b.slots, { subject: '65歳以上の高齢者の重症化率', predicate: '若年層の約10倍である' });
  assert.deepEqual([b.scope, b.attribution], ['日本では', '…ことが分かった']);
});

test('a structured abstract’s section label is not part of the claim; the screen still reads it', () => {
  const text =
    'METHODS: We enrolled 412 adults who drank coffee daily. RESULTS: Coffee consumption was associated with a 12% lower risk of type 2 diabetes. WHO: Vaccines are safe and effective for most adults.';
  const claims = extractClaimCandidates({ text, source: 'abstract', includeRejected: true });
  const methods = claims.find((c) => c.quote.includes('enrolled'))!;
  assert.equal(methods.checkability.checkable, false);
  const result = claims.find((c) => c.quote.includes('lower risk'))!;
  assert.equal(result.checkability.checkable, true);
  assert.equal(result.text, 'Coffee consumption was associated with a 12% lower risk of type 2 diabetes.');
  assert.equal(result.quote, result.text);
  assert.equal(text.slice(result.start, result.end), result.quote);
  // An all-capitals word before a colon may be the source: it stays.
  assert.ok(
    claims.some((c) => c.text.startsWith('WHO: Vaccines')),
    JSON.stringify(claims.map((c) => c.text)),
  );
});
