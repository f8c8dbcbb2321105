import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeClaim } from '../../extract/index.js';
import { analyzeQuestion, claimRelevance, mdLink, mdQuote, mdText, questionKind, termWeights, verdictOf } from './index.js';
import { wideQueries } from '../research/perspectives.js';

test('a yes/no question becomes its proposition, with its subject and what is asked of it', () => {
  const cases: Array<[string, string | undefined, string[], string[]]> = [
    ['Are coral reefs dying because of climate change?', 'Coral reefs are dying because of climate change.', ['coral', 'reef'], ['die', 'climate']],
    ['Is sea level rise accelerating?', 'Sea level rise is accelerating.', ['sea', 'level', 'rise'], ['accelerate']],
    ['Do glaciers melt because of global warming?', 'Glaciers do melt because of global warming.', ['glacier'], ['melt', 'global', 'warming']],
    [
      'Did the Roman Empire fall because of lead poisoning?',
      'The Roman Empire did fall because of lead poisoning.',
      ['roman', 'empire'],
      ['fall', 'lead', 'poisoning'],
    ],
    [
      'Is it true that hydroxychloroquine reduces mortality in COVID-19 patients?',
      'Hydroxychloroquine reduces mortality in COVID-19 patients.',
      ['hydroxychloroquine'],
      ['reduce', 'mortality', 'covid-19', 'patient'],
    ],
    // After does/did the bare verb is often tagged as an adjective or noun of the subject ("lower", "harm").
    ['Does aerobic exercise lower blood pressure?', 'Aerobic exercise does lower blood pressure.', ['aerobic', 'exercise'], ['low', 'blood', 'pressure']],
    [
      'Does regular walking lower blood pressure in adults?',
      'Regular walking does lower blood pressure in adults.',
      ['regular', 'walking'],
      ['low', 'blood', 'pressure', 'adult'],
    ],
    ["Does screen time harm children's sleep?", "Screen time does harm children's sleep.", ['screen', 'time'], ['harm', 'child', "'s", 'sleep']],
    ['Does red meat increase cancer risk?', 'Red meat does increase cancer risk.', ['red', 'meat'], ['increase', 'cancer', 'risk']],
    ['Do plant sterols lower cholesterol?', 'Plant sterols do lower cholesterol.', ['plant', 'sterol'], ['low', 'cholesterol']],
    [
      'Does social media use increase anxiety in teenagers?',
      'Social media use does increase anxiety in teenagers.',
      ['social', 'medium', 'use'],
      ['increase', 'anxiety', 'teenager'],
    ],
    ['Did the asteroid impact kill the dinosaurs?', 'The asteroid impact did kill the dinosaurs.', ['asteroid', 'impact'], ['kill', 'dinosaur']],
    // A gerund before the verb belongs to the subject after do/does (the tagger reads it as a verb).
    [
      'Does social distancing reduce COVID-19 transmission?',
      'Social distancing does reduce COVID-19 transmission.',
      ['social', 'distance'],
      ['reduce', 'covid-19', 'transmission'],
    ],
    ['Does hand washing prevent infection?', 'Hand washing does prevent infection.', ['hand', 'washing'], ['prevent', 'infection']],
    ['Does physical distancing slow the epidemic?', 'Physical distancing does slow the epidemic.', ['physical', 'distance'], ['slow', 'epidemic']],
    [
      'Does wearing masks reduce the spread of COVID-19?',
      'Wearing masks does reduce the spread of COVID-19.',
      ['wear', 'mask'],
      ['reduce', 'spread', 'covid-19'],
    ],
    // A final participle after "is" is the predicate, though the tagger reads it as one more noun.
    ['Is the Greenland ice sheet melting?', 'The Greenland ice sheet is melting.', ['greenland', 'ice', 'sheet'], ['melt']],
    // So is an -ing word after a noun and before an adverb; after an adjective it stays a noun.
    [
      'Is the Arctic warming faster than the rest of the world?',
      'The Arctic is warming faster than the rest of the world.',
      ['arctic'],
      ['warm', 'faster', 'rest', 'world'],
    ],
    ['Is the ice sheet melting rapidly?', 'The ice sheet is melting rapidly.', ['ice', 'sheet'], ['melt', 'rapidly']],
    ['Is global warming real?', 'Global warming is real.', ['global', 'warming'], ['real']],
    // After is/are a determiner after a noun opens the predicate noun phrase.
    ['Is obesity a risk factor for severe COVID-19?', 'Obesity is a risk factor for severe COVID-19.', ['obesity'], ['risk', 'factor', 'severe', 'covid-19']],
    ['Is the sun the cause of global warming?', 'The sun is the cause of global warming.', ['sun'], ['cause', 'global', 'warming']],
    ['Are vaccines a cause of autism?', 'Vaccines are a cause of autism.', ['vaccine'], ['cause', 'autism']],
    ['Is the loss of the ice sheet accelerating?', 'The loss of the ice sheet is accelerating.', ['loss', 'ice', 'sheet'], ['accelerate']],
    // An existential keeps "there" first; the link asked about is not the subject.
    ['Is there a link between coffee and cancer?', 'There is a link between coffee and cancer.', ['coffee', 'cancer'], ['link']],
    // An adverb that leads on to the predicate leaves the -ing noun in the subject.
    [
      'Is breast cancer screening really effective?',
      'Breast cancer screening is really effective.',
      ['breast', 'cancer', 'screening'],
      ['really', 'effective'],
    ],
    ['Is government spending still rising?', 'Government spending is still rising.', ['government', 'spending'], ['still']],
    // A preposition inside the subject after do/does/did, and after a sentence-initial gerund (found trying
    // a folder of one's own: "Does working from home reduce productivity?" had no proposition at all).
    ['Does working from home reduce productivity?', 'Working from home does reduce productivity.', ['work', 'home'], ['reduce', 'productivity']],
    ['Does exposure to lead lower IQ?', 'Exposure to lead does lower IQ.', ['exposure', 'lead'], ['low', 'iq']],
    ['Do people in cities live longer?', 'People in cities do live longer.', ['people', 'city'], ['live', 'longer']],
    ['Does living near a highway cause asthma?', 'Living near a highway does cause asthma.', ['live', 'near', 'highway'], ['cause', 'asthma']],
    ['Is working from home less productive?', 'Working from home is less productive.', ['work', 'home'], ['less', 'productive']],
    ['Is running bad for the knees?', 'Running is bad for the knees.', ['running'], ['bad', 'knee']],
    // After is/are a preposition after the subject is still the predicate's.
    [
      'Are older adults at higher risk of dying from COVID-19?',
      'Older adults are at higher risk of dying from COVID-19.',
      ['old', 'adult'],
      ['high', 'risk', 'die', 'covid-19'],
    ],
    // Modals take the statement's bare verb, as do/does/did do ("Can exercise lower blood pressure?" had no
    // proposition; "Can COVID-19 spread through the air?" read "COVID-19 spread can through the air.").
    ['Can exercise lower blood pressure?', 'Exercise can lower blood pressure.', ['exercise'], ['low', 'blood', 'pressure']],
    ['Could vitamin D prevent COVID-19?', 'Vitamin D could prevent COVID-19.', ['vitamin', 'd'], ['prevent', 'covid-19']],
    ['Can the virus survive on surfaces for days?', 'The virus can survive on surfaces for days.', ['virus'], ['survive', 'surface', 'day']],
    ['Must vaccines be stored cold?', 'Vaccines must be stored cold.', ['vaccine'], ['store', 'cold']],
    ['Can wind turbines harm bird populations?', 'Wind turbines can harm bird populations.', ['wind', 'turbine'], ['harm', 'bird', 'population']],
    ['Will the Arctic be ice-free in summer by 2040?', 'The Arctic will be ice-free in summer by 2040.', ['arctic'], ['ice', 'free', 'summer', '2040']],
    // No word after the subject reads as a verb: no proposition, rather than "Dogs smell can cancer.".
    ['Can dogs smell cancer?', undefined, ['dog', 'smell', 'cancer'], []],
    // A verb the tagger reads as a noun stays in a modal question's subject (relevance weighs it; see question.ts).
    ['Can COVID-19 spread through the air?', 'COVID-19 can spread through the air.', ['covid-19', 'spread'], ['thru', 'air']],
    ['Will sea levels rise by a metre this century?', 'Sea levels will rise by a metre this century.', ['sea', 'level', 'rise'], ['meter', 'century']],
    // A noun-verb before the preposition the subject ran on through ("COVID-19 spreads through the airs"
    // read "airs" as the verb: "COVID-19 spread through the does air.").
    ['Does COVID-19 spread through the air?', 'COVID-19 does spread through the air.', ['covid-19'], ['spread', 'thru', 'air']],
    // Found asking a sweep of everyday questions (2026-11-30): each read wrongly or not at all before.
    ["Doesn't exercise improve mood?", 'Exercise does improve mood.', ['exercise'], ['improve', 'mood']],
    ["Isn't sea ice declining?", 'Sea ice is declining.', ['sea', 'ice'], ['decline']],
    ['Check whether coffee causes cancer.', 'Coffee causes cancer.', ['coffee'], ['cause', 'cancer']],
    ['Are cats or dogs better for mental health?', 'Cats or dogs are better for mental health.', ['cat', 'dog'], ['good', 'mental', 'health']],
    ['Is the hole in the ozone layer shrinking?', 'The hole in the ozone layer is shrinking.', ['hole', 'ozone', 'layer'], ['shrink']],
    ['Is fracking contaminating groundwater?', 'Fracking is contaminating groundwater.', ['fracking'], ['contaminating', 'groundwater']],
    ['Can a high-fibre diet prevent colon cancer?', 'A high-fibre diet can prevent colon cancer.', ['high', 'fiber', 'diet'], ['prevent', 'colon', 'cancer']],
    ['Is low-dose aspirin safe for older adults?', 'Low-dose aspirin is safe for older adults.', ['low', 'dose', 'aspirin'], ['safe', 'old', 'adult']],
    ['Does ultra-processed food raise mortality?', 'Ultra-processed food does raise mortality.', ['ultra-processed', 'food'], ['raise', 'mortality']],
    // Effect verbs the tagger reads as nouns, and an effect verb before a gerund object.
    ['Does exercise benefit older adults?', 'Exercise does benefit older adults.', ['exercise'], ['benefit', 'old', 'adult']],
    ['Does the gut microbiome influence mood?', 'The gut microbiome does influence mood.', ['gut', 'microbiome'], ['influence', 'mood']],
    ['Does peer influence affect smoking?', 'Peer influence does affect smoking.', ['peer', 'influence'], ['affect', 'smoking']],
    ['Does alcohol impair driving?', 'Alcohol does impair driving.', ['alcohol'], ['impair', 'drive']],
    // A comparative's "than" is the predicate's; the subject's noun phrase ran on through the object.
    [
      'Do cities experience higher temperatures than rural areas?',
      'Cities do experience higher temperatures than rural areas.',
      ['city'],
      ['experience', 'high', 'temperature', 'rural', 'area'],
    ],
    // An activity before a final adjective; a flat adverb or a linking verb keeps the progressive.
    ['Is plastic recycling effective?', 'Plastic recycling is effective.', ['plastic', 'recycling'], ['effective']],
    ['Are bees declining worldwide?', 'Bees are declining worldwide.', ['bee'], ['decline', 'worldwide']],
    ['Is the situation getting worse?', 'The situation is getting worse.', ['situation'], ['get', 'bad']],
    // A relative clause belongs to the subject.
    [
      'Do children who eat breakfast perform better at school?',
      'Children who eat breakfast do perform better at school.',
      ['child', 'eat', 'breakfast'],
      ['perform', 'good', 'school'],
    ],
    ['Do people who exercise live longer?', 'People who exercise do live longer.', ['people', 'exercise'], ['live', 'longer']],
    ['Are people who smoke at higher risk?', 'People who smoke are at higher risk.', ['people', 'smoke'], ['high', 'risk']],
    [
      'Do patients that take statins have fewer heart attacks?',
      'Patients that take statins do have fewer heart attacks.',
      ['patient', 'take', 'statin'],
      ['few', 'heart', 'attack'],
    ],
    ['Is the claim that vaccines cause autism true?', 'The claim that vaccines cause autism is true.', ['vaccine', 'cause', 'autism'], []],
    // The compound keeps its -ing noun when a later word is the predicate.
    [
      'Are coral bleaching events becoming more frequent?',
      'Coral bleaching events are becoming more frequent.',
      ['coral', 'bleach', 'event'],
      ['become', 'more', 'frequent'],
    ],
    ['Is the bird nesting season starting earlier?', 'The bird nesting season is starting earlier.', ['bird', 'nest', 'season'], ['start', 'earlier']],
    ['What causes coral reef decline?', undefined, ['coral', 'reef'], ['cause', 'decline']],
    ['coral reef decline causes', undefined, ['coral', 'reef'], ['decline', 'cause']],
  ];
  for (const [q, proposition, subject, aspects] of cases) {
    const a = analyzeQuestion(q);
    assert.equal(a.proposition, proposition, q);
    assert.deepEqual(a.subjectTerms, subject, q);
    assert.deepEqual(a.aspectTerms, aspects, q);
  }
  assert.equal(analyzeQuestion('Do face masks reduce the spread of COVID-19?').head, 'mask');
  const ja = analyzeQuestion('海面上昇は加速しているか？');
  assert.equal(ja.proposition, '海面上昇は加速している。');
  assert.equal(ja.subject, '海面上昇');
  // A polite verb keeps its ます (the bare stem "下げ" is no sentence); "…は何か" asks what, not whether.
  assert.equal(analyzeQuestion('運動は血圧を下げますか').proposition, '運動は血圧を下げます。');
  assert.equal(analyzeQuestion('睡眠不足は記憶を損なうのですか').proposition, '睡眠不足は記憶を損なう。');
  assert.equal(analyzeQuestion('温暖化の原因は何か').proposition, undefined);
  assert.equal(analyzeQuestion('温暖化の原因は何ですか？').proposition, undefined);
  assert.equal(analyzeQuestion('なぜサンゴは白化するのか').proposition, undefined);
});

test('the kind of question picks the perspective templates: a science question sends no market or competitors query', () => {
  assert.equal(questionKind('Are coral reefs dying because of climate change?'), 'science');
  assert.equal(questionKind('Is TypeScript better than JavaScript for large projects?'), 'technology');
  assert.equal(questionKind('Should the minimum wage be raised?'), 'policy');
  assert.equal(questionKind('Did the Roman Empire fall because of lead poisoning?'), 'history');
  assert.equal(questionKind('サンゴ礁は気候変動で死滅しているのか'), 'science');
  const science = wideQueries({
    topics: [
      { language: 'en', topic: 'coral reefs dying' },
      { language: 'ja', topic: 'サンゴ礁 死滅' },
    ],
    templatesPerPerspective: 3,
    kind: 'science',
  }).map((q) => q.text);
  assert.ok(
    science.every((t) => !/\b(?:market|competitors?|industry|versus)\b|市場|競合|業界/.test(t)),
    science.join('; '),
  );
  assert.ok(science.includes('coral reefs dying mechanism') && science.includes('サンゴ礁 死滅 原因'));
  assert.ok(wideQueries({ topics: [{ language: 'en', topic: 'rust' }], templatesPerPerspective: 1, kind: 'technology' }).some((q) => q.text === 'rust market'));
});

test('relevance: about the subject and what is asked — an IPCC sentence about climate change is not relevant to coral reefs', () => {
  const q = analyzeQuestion('Are coral reefs dying because of climate change?');
  const texts = [
    'Mass coral bleaching killed 29% of shallow-water corals on the Great Barrier Reef in 2016.',
    'Rising ocean temperatures caused by climate change are the main threat to coral reefs.',
    'The IPCC concluded that climate change is very likely caused by human greenhouse gas emissions.',
    'Climate change will increase the frequency of droughts and floods.',
    'Coral reefs grow 1 to 3 cm per year in shallow tropical water.',
  ];
  const terms = texts.map((t) => normalizeClaim({ text: t, source: 't' }).terms);
  const w = termWeights(terms);
  const r = terms.map((t) => claimRelevance(q, t, w).relevance);
  assert.ok(r[0]! >= 0.3 && r[1]! >= 0.3, r.join());
  assert.ok(r[2]! < 0.3 && r[3]! < 0.3, r.join());
  // About the subject but not about what is asked: below the threshold.
  assert.ok(r[4]! < 0.3, r.join());
});

test('verdict: the claim-status table over judged evidence', () => {
  const e = (stance: 'supports' | 'refutes', source: string, confidence = 0.9) => ({ stance, confidence, trustLevel: 'ACADEMIC' as const, source });
  assert.equal(verdictOf([e('supports', 'a'), e('supports', 'b')]).verdict, 'supported');
  assert.equal(verdictOf([e('refutes', 'a'), e('refutes', 'b')]).verdict, 'refuted');
  assert.equal(verdictOf([e('supports', 'a'), e('supports', 'b'), e('refutes', 'c'), e('refutes', 'd')]).verdict, 'mixed');
  const none = verdictOf([]);
  assert.deepEqual([none.verdict, none.confidence], ['insufficient evidence', 1]);
  assert.equal(verdictOf([{ stance: 'supports', confidence: 0.6, trustLevel: 'LOW', source: 'a' }]).verdict, 'insufficient evidence');
});

test('markdown helpers (core/format): text escaped, quotes escaped so they render verbatim, links only to http(s)', () => {
  assert.equal(mdText('a [b](c) <script>\n|x|'), 'a \\[b\\](c) \\<script\\> \\|x\\|');
  assert.equal(mdQuote('line one\nline two [1]'), '“line one line two \\[1\\]”');
  assert.equal(mdLink('Coral reef', 'https://en.wikipedia.org/wiki/Coral_reef'), '[Coral reef](<https://en.wikipedia.org/wiki/Coral_reef>)');
  assert.equal(mdLink('x', 'javascript:alert(1)'), 'x (javascript:alert(1))');
});

/** Relevance of each text to the question, term weights counted over the texts themselves. */
function relevanceOf(question: string, texts: string[]): number[] {
  const q = analyzeQuestion(question);
  const terms = texts.map((t) => normalizeClaim({ text: t, source: 't' }).terms);
  const w = termWeights(terms);
  return terms.map((t) => claimRelevance(q, t, w).relevance);
}

test('relevance on the second blind sample\'s errors: a named subject must be named, children are pediatric, "help" is read in outcomes', () => {
  assert.deepEqual(analyzeQuestion('Is the Greenland ice sheet melting?').names, ['greenland']);
  const ice = relevanceOf('Is the Greenland ice sheet melting?', [
    'Surface melting of the Greenland ice sheet doubled between 1990 and 2010.',
    'Accumulation of snowfall on the Antarctic ice sheet is projected to outpace losses from melting.',
  ]);
  assert.ok(ice[0]! >= 0.3 && ice[1]! < 0.3, ice.join());
  const kids = relevanceOf('Are children at lower risk of severe COVID-19?', [
    'Three deaths were reported among the pediatric cases included in this analysis.',
    'Most adults over 70 years had at least one chronic condition.',
  ]);
  assert.ok(kids[0]! >= 0.3 && kids[1]! < 0.3, kids.join());
  const drug = relevanceOf('Does hydroxychloroquine help patients with COVID-19?', [
    'Two hydroxychloroquine recipients reported serious adverse events.',
    'The price of chloroquine rose in several countries in March.',
  ]);
  assert.ok(drug[0]! >= 0.3 && drug[1]! < 0.3, drug.join());
});

test('relevance on the third blind sample\'s errors: a claim must say what is asked (the predicate), "young adults" are not "older adults", "effective" is not met by harms', () => {
  assert.equal(analyzeQuestion('Is Antarctica losing ice?').predicate, 'lose');
  assert.equal(analyzeQuestion('Are hurricanes becoming stronger because of climate change?').predicate, 'strong');
  const ice = relevanceOf('Is Antarctica losing ice?', [
    'Antarctica lost about 150 billion tonnes of ice per year between 2002 and 2016.',
    "The world's largest potential source of sea level rise is the East Antarctic ice sheet, which holds enough ice to raise sea levels by 53 m.",
    // Other claims of the pool, so that "ice" is as common as it is in a run's claims.
    'Sea ice covers about 7% of the ocean.',
    'Ice cores record past temperatures.',
    'Glacier ice flows downhill under its own weight.',
    'Arctic sea ice reached a record low in 2012.',
  ]);
  assert.ok(ice[0]! >= 0.3, ice.join());
  // Without the predicate ("lose" or a near word) a claim holds only part of what is asked: its aspect share is halved.
  const q = analyzeQuestion('Is Antarctica losing ice?');
  const pool = ['Antarctica holds enough ice to raise sea levels by 58 m.', 'Sea ice covers about 7% of the ocean.', 'Ice cores record past temperatures.'].map(
    (t) => normalizeClaim({ text: t, source: 't' }).terms,
  );
  const w = termWeights(pool);
  const { predicate: _, ...noPredicate } = q;
  const withRule = claimRelevance(q, pool[0]!, w);
  const without = claimRelevance(noPredicate, pool[0]!, w);
  assert.ok(Math.abs(withRule.aspect - without.aspect / 2) < 0.002 && withRule.relevance < without.relevance, `${withRule.aspect} ${without.aspect}`);
  const age = relevanceOf('Are older adults at higher risk of dying from COVID-19?', [
    'Older adults had a higher risk of death from COVID-19 than any other age group.',
    'COVID-19 has become a leading cause of death among young adults, with a higher risk of dying than from overdoses.',
  ]);
  assert.ok(age[0]! >= 0.3 && age[1]! < 0.3, age.join());
  const drug = relevanceOf('Is remdesivir effective against COVID-19?', [
    'Remdesivir shortened the time to recovery and was effective in adults hospitalized with COVID-19.',
    'Adverse events were reported in 102 of 155 remdesivir recipients.',
  ]);
  assert.ok(drug[0]! >= 0.3 && drug[1]! < 0.3, drug.join());
});
