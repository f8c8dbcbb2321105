import { test } from 'node:test';
import assert from 'node:assert/strict';
import { determineClaimStatus, statusAxesFromEvidence } from '../../policy/index.js';
import { DEFAULT_RESEARCH_BUDGET, budgetLine, engineTaskBudget, parseBudgetSpec, widePagesPerQuery } from './budget.js';
import { exceptionsQuery, majorReasons, negateStatement, refutationSearches, selectMajorClaims } from './major-claims.js';
import { PERSPECTIVE_KEYS, questionTopic, wideQueries } from './perspectives.js';
import { clipQuery } from './query-text.js';
import { isTitleText } from '../../extract/index.js';
import { ANSWER_CLOSEST_QUOTES, closestQuotes, standsAlone } from './answer.js';
import { shownVerdict, verdictConfidenceText, type EvidenceView, judgeFields, ORIGIN_JUDGE, modelJudge, unverifiedCorpora } from '../../core/index.js';
import { pickQuote } from './quotes.js';
import { biasFlags, freshness, scoreEvidence, UNDATED_FRESHNESS } from './scoring.js';
import { finalStatus, riskLevel } from './status.js';
import type { NormalizedClaimItem } from './artifacts.js';
import { STRINGS } from './language.js';
import { MAX_OTHER_NAME_QUERIES, otherNameTopics } from './run-research.js';

test('the topic is the question without question words; Japanese question endings are cut', () => {
  assert.equal(questionTopic('Is sea level rise accelerating?', 'en'), 'sea level rise accelerating');
  assert.equal(questionTopic('What are the effects of ocean acidification on coral reefs?', 'en'), 'effects ocean acidification coral reefs');
  assert.equal(questionTopic('海面上昇は加速しているか？', 'ja'), '海面上昇は加速している');
  assert.equal(questionTopic('量子コンピュータとは何ですか', 'ja'), '量子コンピュータ');
  assert.equal(questionTopic('Why?', 'en'), 'Why');
});

test('WIDE has seven perspectives with 2–3 templates each, in every topic language', () => {
  const q = wideQueries({ topics: [{ language: 'en', topic: 'sea level rise' }], templatesPerPerspective: 2 });
  assert.equal(q.length, 14);
  assert.deepEqual([...new Set(q.map((x) => x.perspective))], [...PERSPECTIVE_KEYS]);
  assert.equal(q[0]!.text, 'sea level rise technology');
  const both = wideQueries({
    topics: [
      { language: 'en', topic: 'sea level rise' },
      { language: 'ja', topic: '海面上昇' },
    ],
    templatesPerPerspective: 3,
  });
  assert.equal(both.length, 42);
  assert.ok(both.some((x) => x.text === '海面上昇 リスク' && x.perspective === 'risks'));
  assert.equal(wideQueries({ topics: [{ language: 'en', topic: 't' }], templatesPerPerspective: 9 }).length, 21);
});

test('WIDE also searches the question with its subject named otherwise (English topic, at most two), none without a thesaurus', () => {
  const table: Readonly<Record<string, string[]>> = { 'vitamin c': ['ascorbic acid'], 'vitamin d': ['calciferol', 'ergocalciferol', 'cholecalciferol'] };
  const thesaurus = { name: 'table', synonyms: (term: string) => table[term] };
  const topics = [
    { language: 'en' as const, topic: 'Does vitamin C shorten the common cold?' },
    { language: 'ja' as const, topic: 'ビタミンCは風邪を短くするか' },
  ];
  assert.deepEqual(otherNameTopics(topics, thesaurus), ['Does ascorbic acid shorten the common cold?']);
  assert.deepEqual(otherNameTopics(topics, undefined), []);
  assert.equal(otherNameTopics([{ language: 'en', topic: 'Does vitamin D prevent fractures?' }], thesaurus).length, MAX_OTHER_NAME_QUERIES);
  assert.deepEqual(otherNameTopics([{ language: 'ja', topic: 'ビタミンCは風邪を短くするか' }], thesaurus), []);
});

test('--budget reads keys, a bare number as seconds, and rejects the rest', () => {
  assert.deepEqual(parseBudgetSpec('pages=80,seconds=300'), { ...DEFAULT_RESEARCH_BUDGET, pages: 80, seconds: 300 });
  assert.deepEqual(parseBudgetSpec('120'), { ...DEFAULT_RESEARCH_BUDGET, seconds: 120 });
  assert.deepEqual(parseBudgetSpec('90s, queries=40'), { ...DEFAULT_RESEARCH_BUDGET, seconds: 90, queries: 40 });
  for (const bad of ['pages=0', 'minutes=3', 'pages=x', 'pages=3s']) assert.throws(() => parseBudgetSpec(bad), { category: 'invalid_input' }, bad);
  assert.equal(widePagesPerQuery({ pages: 40, queries: 100, seconds: 60 }, 14), 1);
  assert.equal(widePagesPerQuery({ pages: 200, queries: 100, seconds: 60 }, 14), 5);
});

const item = (statement: string, extra: Partial<NormalizedClaimItem> = {}): NormalizedClaimItem => ({
  claim_id: `clm_${statement.length}`,
  statement,
  scope: 'x',
  decision_relevance: 'low',
  slots: {},
  fingerprint: 'f',
  language: 'en',
  negated: false,
  features: [],
  merged_claim_ids: [],
  raw_claim_ids: [],
  sources: [],
  relevance: 0.5,
  perspective: null,
  ...extra,
});

test('major claims: high relevance, strong assertions, numeric comparisons, rankings, legal/safety/finance', () => {
  assert.deepEqual(majorReasons(item('a', { decision_relevance: 'high' })), ['decision_relevance_high']);
  assert.deepEqual(majorReasons(item('x is the best', { features: ['strong_assertion'] })), ['strong_assertion']);
  assert.deepEqual(majorReasons(item('x is 3 times more than y', { features: ['numeric', 'comparison'] })), ['numeric_comparison']);
  assert.deepEqual(majorReasons(item('the largest glacier')), ['ranking']);
  assert.deepEqual(majorReasons(item('日本最大の湖')), ['ranking']);
  assert.deepEqual(majorReasons(item('x', { features: ['high_stakes'] })), ['high_stakes']);
  const picked = selectMajorClaims([
    item('the largest one', { relevance: 0.4 }),
    item('plain', { relevance: 0.9 }),
    item('the top one here', { relevance: 0.9 }),
    item('the first', { relevance: 0.1 }),
  ]);
  assert.deepEqual(
    picked.map((p) => p.claim.statement),
    ['the top one here', 'the largest one'],
  );
});

test('refutation searches: the claim negated, its exceptions, the critique through verifyClaim', () => {
  assert.equal(negateStatement('Sea level rise is accelerating.', 'en'), 'Sea level rise is not accelerating');
  assert.equal(negateStatement('Sea level rise has not accelerated.', 'en'), 'Sea level rise has accelerated');
  assert.equal(negateStatement('Glaciers melt.', 'en'), 'it is not true that Glaciers melt');
  assert.equal(negateStatement('海面上昇は加速している。', 'ja'), '海面上昇 加速 とは言えない');
  assert.equal(negateStatement('海面上昇は加速していない。', 'ja'), '海面上昇 加速');
  assert.equal(
    exceptionsQuery({ slots: { subject: 'sea level', object: 'cities' }, statement: 'x', language: 'en' }),
    'sea level cities exception limitation fails',
  );
  const r = refutationSearches(item('Sea level rise is accelerating.'));
  assert.deepEqual(
    r.map((x) => [x.kind, x.refute, x.verify]),
    [
      ['negation', false, false],
      ['exceptions', false, false],
      ['critique', true, true],
    ],
  );
  assert.equal(r[2]!.text, 'Sea level rise is accelerating');
  assert.equal(clipQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')).split(' ').length, 20);
});

test('evidence quality = freshness × authority × bias', () => {
  const ref = new Date('2026-01-01T00:00:00Z');
  assert.equal(freshness(undefined, ref), UNDATED_FRESHNESS);
  assert.equal(freshness('2026-01-01', ref), 1);
  assert.ok(Math.abs(freshness('2016-01-01', ref) - 0.5) < 0.01);
  assert.equal(freshness('1900-01-01', ref), 0.5);
  assert.deepEqual(biasFlags({ quote: 'We believe this revolutionary method works.', selfSource: true }), [
    'self_source',
    'opinion_language',
    'promotional_language',
  ]);
  const s = scoreEvidence({ trustLevel: 'ACADEMIC', publishedAt: '2026-01-01', quote: 'It rose.', selfSource: false, reference: ref });
  assert.deepEqual(s, { freshness: 1, authority: 0.9, bias: 1, flags: [], quality: 0.9 });
  assert.equal(scoreEvidence({ trustLevel: 'LOW', quote: 'It rose.', selfSource: true, reference: ref }).quality, 0.224);
});

test('quotes are verbatim: the decisive sentence when it occurs, else the closest sentence of the fragment', () => {
  const quote = 'Sea level rose 20 cm. Glaciers shrank fast. Coral bleached.';
  assert.deepEqual(pickQuote({ quote, decisiveSentence: 'Glaciers shrank fast.' }, 'glaciers'), { text: 'Glaciers shrank fast.', sentence: 1 });
  assert.deepEqual(pickQuote({ quote, decisiveSentence: 'not in the text' }, 'Coral bleached widely'), { text: 'Coral bleached.', sentence: 2 });
  assert.ok(quote.includes(pickQuote({ quote }, 'sea level').text));
  // The edge's stored span decides, where the sentence's text would be found elsewhere first.
  const twice = 'Coral bleached. Sea level rose 20 cm. Coral bleached.';
  assert.deepEqual(pickQuote({ quote: twice, decisiveSentence: 'Coral bleached.', decisiveSpan: [38, 53] }, 'coral'), { text: 'Coral bleached.', sentence: 2 });
  assert.deepEqual(pickQuote({ quote: twice, decisiveSentence: 'Coral bleached.' }, 'coral'), { text: 'Coral bleached.', sentence: 0 });
});

test('statuses: the engine table status stands; relaxation lifts one step only for low-risk overview use', () => {
  const axes = statusAxesFromEvidence(
    [
      { stance: 'supports', confidence: 0.9, trustLevel: 'LOW', source: 'a' },
      { stance: 'supports', confidence: 0.9, trustLevel: 'LOW', source: 'b' },
    ],
    { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false },
  );
  const d = determineClaimStatus(axes);
  assert.equal(d.status, 'CONDITIONED');
  assert.equal(axes.independentSupport, 2);
  const claim = { status: d.status, rationale: d.rationale, conditions: d.conditions, axes };
  const relaxed = finalStatus(claim, { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'medium' });
  assert.equal(relaxed.status, 'VERIFIED');
  assert.equal(relaxed.tableStatus, 'CONDITIONED');
  assert.match(relaxed.relaxationReason!, /relaxed CONDITIONED→VERIFIED/);
  assert.equal(finalStatus(claim, { riskLevel: 'low', purpose: 'decision', decisionRelevance: 'medium' }).status, 'CONDITIONED');
  assert.equal(finalStatus(claim, { riskLevel: 'medium', purpose: 'overview', decisionRelevance: 'medium' }).status, 'CONDITIONED');
  assert.equal(finalStatus(claim, { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'high' }).status, 'CONDITIONED');
  const contestedAxes = statusAxesFromEvidence(
    [
      { stance: 'supports', confidence: 0.9, trustLevel: 'ACADEMIC', source: 'a' },
      { stance: 'refutes', confidence: 0.9, trustLevel: 'ACADEMIC', source: 'b' },
    ],
    { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false },
  );
  const contested = determineClaimStatus(contestedAxes);
  assert.equal(
    finalStatus(
      { status: contested.status, rationale: contested.rationale, conditions: [], axes: contestedAxes },
      { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'low' },
    ).status,
    'CONTESTED',
  );
  // Without recorded axes the engine's status stands and the reason is given.
  assert.deepEqual(
    [
      finalStatus({ ...claim, axes: undefined }, { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'medium' }).status,
      finalStatus({ ...claim, axes: undefined }, { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'medium' }).note,
    ],
    ['CONDITIONED', 'relaxation not evaluated: the engine recorded no axes for the claim'],
  );
  assert.match(
    finalStatus({ status: 'UNSUPPORTED', conditions: [] }, { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'low' }).rationale,
    /no rationale/,
  );
  assert.equal(riskLevel({ highStakes: true, major: false }), 'high');
  assert.equal(riskLevel({ highStakes: false, major: true }), 'medium');
});

test('relevance: the share of the question terms a claim holds, a long question counting at most six', async () => {
  const { relevanceTo } = await import('./snapshot.js');
  assert.equal(relevanceTo([['sea', 'level', 'rise', 'accelerate']], ['sea', 'level', 'coral']), 0.5);
  assert.equal(relevanceTo([['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']], ['a', 'b', 'c']), 0.5);
  assert.equal(relevanceTo([['a', 'b'], ['x']], ['x']), 1);
  assert.equal(relevanceTo([[]], ['x']), 0);
});

test('an answer quote must stand alone: sentences leaning on the one before are neither counted nor quoted (quick-start audit)', () => {
  // The quick-start answer quoted this as support for "coral reefs are dying because of climate change".
  assert.equal(standsAlone('Similar rapid adaption may protect coral reefs from global warming.', 'en'), false);
  assert.equal(standsAlone('It reduces mortality by 20%.', 'en'), false);
  assert.equal(standsAlone("During this time, half of the reef's coral died.", 'en'), false);
  assert.equal(standsAlone('これは気候変動によるものである。', 'ja'), false);
  // A study's own frame and a definite description stand alone.
  assert.equal(standsAlone('These findings suggest that vitamin D reduces the risk of infection.', 'en'), true);
  assert.equal(standsAlone('Other environmental pressures on the reef include runoff and climate change accompanied by mass coral bleaching.', 'en'), true);
  assert.equal(standsAlone('Coral reef systems have been in decline worldwide.', 'en'), true);
});

test('an "insufficient evidence" answer says what would change it from what was judged: none passed, passed but not counted, too little, both ways, an open question', () => {
  const facts = { judged: 16, passedByJudge: 0, supporting: 0, refuting: 0, openQuestion: false };
  for (const language of ['en', 'ja'] as const) {
    const t = STRINGS[language];
    const cases = [
      t.answerChange('insufficient evidence', { ...facts, judged: 0 }),
      t.answerChange('insufficient evidence', facts),
      t.answerChange('insufficient evidence', { ...facts, passedByJudge: 3 }),
      t.answerChange('insufficient evidence', { ...facts, passedByJudge: 3, supporting: 2 }),
      t.answerChange('insufficient evidence', { ...facts, passedByJudge: 3, supporting: 1, refuting: 1 }),
      t.answerChange('insufficient evidence', { ...facts, judged: 0, supporting: 1, openQuestion: true }),
    ];
    assert.equal(new Set(cases).size, cases.length, `each case its own words (${language})`);
    assert.ok(cases[1]!.includes('16') && !cases[0]!.includes('16'), cases[1]);
    assert.ok(cases[2]!.includes('3') && cases[2]!.includes('16'), cases[2]);
  }
  const en = (f: Partial<typeof facts>): string => STRINGS.en.answerChange('insufficient evidence', { ...facts, ...f });
  assert.match(en({}), /None of the 16 judged passage\(s\) passed the judge's bar: .*read the sources before taking the evidence to be absent/);
  assert.match(en({ passedByJudge: 3 }), /3 of the 16 judged passage\(s\) passed the judge's bar but none was counted: each does not name/);
  assert.match(en({ passedByJudge: 3, supporting: 2 }), /too few, or from sources too low in trust/);
  assert.match(en({ passedByJudge: 3, supporting: 1, refuting: 1 }), /point both ways/);
  assert.match(
    en({ openQuestion: true, supporting: 1 }),
    /^More sources, or sources of higher trust, backing or refuting the relevant claims would answer it\.$/,
  );
  assert.match(
    STRINGS.ja.answerChange('insufficient evidence', { ...facts, passedByJudge: 3 }),
    /16件の箇所のうち3件は判定モデルの基準を満たしましたが、質問の主題を含まない、BLOCKEDのソースのものである、または前の文に依存するため、いずれも数えていません/,
  );
  for (const f of [{ passedByJudge: 3 }, { supporting: 2 }, { supporting: 1, refuting: 1 }, { openQuestion: true }]) assert.doesNotMatch(en(f), /None of the/);
});

test('an "insufficient evidence" answer shows no confidence figure — never "1.00 (high)" — but what was searched and judged (newcomer issue, item 1)', () => {
  // verdictOf gives 1 − max(E, refutation): 1 when nothing was found.
  const none = { verdict: 'insufficient evidence', confidence: 1 };
  assert.equal(verdictConfidenceText({ ...none, judged: 0, searched: 1 }), 'nothing relevant found to judge (0 passages judged, 1 source searched)');
  assert.equal(verdictConfidenceText({ ...none, judged: 12, searched: 3 }), "no passage passed the judge's bar (12 passages judged, 3 sources searched)");
  assert.equal(verdictConfidenceText({ verdict: 'supported', confidence: 0.834 }), 'confidence 0.83');
  // Passages that passed the bar, from too little to decide (one's own folder at LOW trust, 2026-11-28), or both ways.
  assert.equal(
    verdictConfidenceText({ ...none, judged: 10, searched: 1, passed: { supporting: 2, refuting: 0 } }),
    "what passed the judge's bar is too little for a verdict (2 sources for, 0 against, 10 passages judged, 1 source searched)",
  );
  assert.equal(
    verdictConfidenceText({ ...none, judged: 10, searched: 1, passed: { supporting: 2, refuting: 1 } }),
    "what passed the judge's bar points both ways (2 sources for, 1 against, 10 passages judged, 1 source searched)",
  );
  assert.equal(
    verdictConfidenceText({ ...none, judged: 12, searched: 3, passed: { supporting: 0, refuting: 0 }, passedByJudge: 2 }),
    "what passed the judge's bar was not counted (2 passages passed, none counted, 12 passages judged, 3 sources searched)",
  );
  assert.equal(
    verdictConfidenceText({ ...none, judged: 12, searched: 3, passed: { supporting: 0, refuting: 0 }, passedByJudge: 0 }),
    "no passage passed the judge's bar (12 passages judged, 3 sources searched)",
  );
  // An open question judges no passage against a proposition: its claims are what it has.
  assert.equal(verdictConfidenceText({ ...none, searched: 1, claims: 4 }), 'the relevant claims do not settle it (4 relevant claims, 1 source searched)');
  const basis = { relevant_claims: 4, judged_passages: 0, sources_searched: ['corpus x'], supporting_sources: 1, refuting_sources: 0 };
  assert.deepEqual(shownVerdict({ ...none, basis: { ...basis, method: 'relevant_claims' } }), { ...none, searched: 1, claims: 4 });
  for (const language of ['en', 'ja'] as const) {
    const line = STRINGS[language].noFigureLine({ ...none, judged: 0, searched: 2 }, 'X');
    assert.ok(!/1\.00|high|高/.test(line), line);
    assert.ok(line.includes('2') && line.endsWith('X'), line);
  }
  assert.match(verdictConfidenceText({ ...none, judged: 5 }, 'ja'), /判定 5 件/);
  assert.match(
    verdictConfidenceText({ ...none, judged: 5, passed: { supporting: 1, refuting: 1 } }, 'ja'),
    /^判定の基準を満たした箇所が支持と反証に分かれている（支持するソース 1、反証するソース 1、判定 5 件）$/,
  );
});

test('closest quotes: the neutral passages in the order given, each once, origins, unscored and uncitable ones out, at most three, with the side each leans to', () => {
  const view = (id: string, text: string, scores: EvidenceView['scores'], extra: Partial<EvidenceView> = {}): EvidenceView => ({
    edgeId: id,
    stance: 'neutral',
    confidence: scores ? scores.neutral : 1,
    fragmentId: `frg_${id}`,
    quote: text,
    locator: {},
    source: { pageId: `pg_${id}`, url: `corpus://c/${id}`, domain: 'c', trustLevel: 'ACADEMIC', sourceType: 'academic_paper', primary: true },
    ...judgeFields(modelJudge('embedded')),
    ...(scores ? { scores } : {}),
    ...extra,
  });
  const views = [
    // Headings state nothing: never shown, however the judge scored them.
    view('h', 'Speech and airborne transmission', { supports: 0.45, refutes: 0.05, neutral: 0.5 }),
    view('j', 'サンゴの白化と海水温', { supports: 0.05, refutes: 0.42, neutral: 0.53 }),
    // A source's own title passes the loose "states something" test (a plural noun, a participle) but is a
    // heading all the same (found trying a folder of one's own).
    view(
      't',
      'Microplastics in the North Atlantic',
      { supports: 0.1, refutes: 0.24, neutral: 0.66 },
      {
        source: {
          pageId: 'pg_t',
          url: 'corpus://c/t',
          domain: 'c',
          trustLevel: 'ACADEMIC',
          sourceType: 'academic_paper',
          primary: true,
          title: 'Microplastics in the North Atlantic',
        },
      },
    ),
    view('a', 'Normal speaking causes airborne virus transmission.', { supports: 0.41, refutes: 0.05, neutral: 0.54 }),
    view('o', 'The claim as stated in its own source.', { supports: 1, refutes: 0, neutral: 0 }, judgeFields(ORIGIN_JUDGE)),
    view('b', 'Droplets were not detected beyond two metres.', { supports: 0.1, refutes: 0.35, neutral: 0.55 }, { locator: { paragraph: 2, sentence: 0 } }),
    view('a', 'Normal speaking causes airborne virus transmission.', { supports: 0.41, refutes: 0.05, neutral: 0.54 }),
    view('n', 'No scores were kept for this one.', undefined),
    view('x', 'A blocked page says whatever it says.', { supports: 0.3, refutes: 0.1, neutral: 0.6 }),
    view('c', 'Singing produced more aerosol than speaking.', { supports: 0.3, refutes: 0.05, neutral: 0.65 }, { readAs: 'Vocalising spreads the virus.' }),
    view('d', 'Coughing produced the most particles.', { supports: 0.2, refutes: 0.05, neutral: 0.75 }),
  ];
  const out = closestQuotes(views, { textOf: (e) => e.quote, citable: (e) => e.edgeId !== 'x', linkOf: () => null });
  assert.equal(out.length, ANSWER_CLOSEST_QUOTES);
  assert.deepEqual(
    out.map((q) => [q.quote, q.leans, q.stance_confidence]),
    [
      ['Normal speaking causes airborne virus transmission.', 'supports', 0.41],
      ['Droplets were not detected beyond two metres.', 'refutes', 0.35],
      ['Singing produced more aerosol than speaking.', 'supports', 0.3],
    ],
  );
  // Each keeps where it sits in its source: two quotes of one document are told apart in the References.
  assert.deepEqual(out[1]!.locator, { paragraph: 2, sentence: 0 });
  // A passage judged against the proposition in its subject's other name says so.
  assert.equal(out[2]!.read_as, 'Vocalising spreads the virus.');
  assert.equal(out[0]!.read_as, undefined);
});

test("a passage that is its source's title is a heading, compared case- and spacing-blind without closing punctuation", () => {
  assert.ok(isTitleText('Sleep deprivation and memory: a randomised trial', 'Sleep deprivation and memory: a randomised trial'));
  assert.ok(isTitleText('microplastics in the  North Atlantic.', 'Microplastics in the North Atlantic'));
  assert.ok(!isTitleText('Microplastics were found in the North Atlantic.', 'Microplastics in the North Atlantic'));
  assert.ok(!isTitleText('Microplastics in the North Atlantic', undefined));
});

test('budgets: an empty --budget is an error, not a silent default; the larger budget of the engine task is explained (newcomer issue, item 9)', () => {
  for (const empty of ['', '  ', ', ,']) assert.throws(() => parseBudgetSpec(empty), /--budget: empty; expected pages=N/);
  const b = parseBudgetSpec('seconds=40,pages=10');
  assert.deepEqual(engineTaskBudget(b), { maxPages: 11, maxQueries: b.queries + 1, maxSeconds: 120 });
  const line = budgetLine(b);
  assert.match(line, /pages=10,queries=\d+,seconds=40/);
  assert.match(line, /engine task shows pages 11 .* 120 s \(3× the run's, so the run's own phase deadlines always act first\)/);
});

test("the report says how to vouch for one's own corpus when its documents were read as UNVERIFIED (own-folder trial: trust kept a right verdict out)", () => {
  const pages = [
    { url: 'corpus://vitd/vitd/vital-trial.md', trustLevel: 'UNVERIFIED' as const },
    { url: 'corpus://vitd/vitd/meta-analysis.html', trustLevel: 'UNVERIFIED' as const },
    { url: 'corpus://papers/a.pdf', trustLevel: 'ACADEMIC' as const },
    { url: 'corpus://my%20notes/n.txt', trustLevel: 'UNVERIFIED' as const },
    { url: 'https://example.org/post', trustLevel: 'UNVERIFIED' as const },
  ];
  assert.deepEqual(unverifiedCorpora(pages), ['my notes', 'vitd']);
  assert.deepEqual(unverifiedCorpora(pages.slice(2, 3)), []);
  assert.match(STRINGS.en.corpusTrustHint(['vitd']), /corpus vitd .*--corpus vitd --trust-level academic/);
  assert.match(STRINGS.en.corpusTrustHint(['a', 'b']), /corpus a, b .*--corpus <name> --trust-level academic/);
  assert.match(STRINGS.ja.corpusTrustHint(['vitd']), /コーパス vitd .*--corpus vitd --trust-level academic/);
});

test('the confidence line names its band in the report language (the JSON keeps high / medium / low)', () => {
  assert.equal(STRINGS.en.confidenceLine('0.71', 'high', 'X'), 'Confidence 0.71 (high). X');
  assert.equal(STRINGS.ja.confidenceLine('0.71', 'high', 'X'), '確信度 0.71（高）。X');
  assert.equal(STRINGS.ja.confidenceLine('0.45', 'low', 'X'), '確信度 0.45（低）。X');
});
