import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isContradiction } from '../../policy/index.js';
import { conflictSeverity, conflictType } from './conflicts.js';
import { ReportScorer } from './report-scorer.js';
import {
  consistencyScore,
  countUnverifiedStatements,
  coverageMetrics,
  coverageScore,
  estimateEntityDiversity,
  normalizeContentLength,
  reliabilityScore,
  sectionMetric,
  totalScore,
} from './scoring-formulas.js';
import { fixedStance, makeReport, negationStance } from './test-support/doubles.js';
import type { SourceReference } from './types.js';

const close = (actual: number, expected: number, msg?: string): void => assert.ok(Math.abs(actual - expected) < 1e-9, `${msg ?? ''} ${actual} ≠ ${expected}`);

const src = (url: string, reliabilityScore?: number): SourceReference => ({
  url,
  title: url,
  fetchedAt: '2025-01-01T00:00:00Z',
  ...(reliabilityScore !== undefined ? { reliabilityScore } : {}),
});

test('consistency: 1 − Σ severity/5 × confidence × 0.1, floored at 0', () => {
  assert.equal(consistencyScore([]), 1);
  // 5/5 × 1 × 0.1 = 0.1; 2/5 × 0.5 × 0.1 = 0.02 → 0.88
  close(
    consistencyScore([
      { severity: 5, confidence: 1 },
      { severity: 2, confidence: 0.5 },
    ]),
    0.88,
  );
  // 3/5 × 0.8 × 0.1 = 0.048
  close(consistencyScore([{ severity: 3, confidence: 0.8 }]), 0.952);
  // eleven full penalties pass 1: floored
  assert.equal(consistencyScore(Array.from({ length: 11 }, () => ({ severity: 5, confidence: 1 }))), 0);
});

test('reliability: mean of the sources’ trust scores; an unscored source counts as UNVERIFIED (0.30); none → 0', () => {
  assert.equal(reliabilityScore([]), 0);
  close(reliabilityScore([src('a', 0.4), src('b', 0.9), src('c')]), (0.4 + 0.9 + 0.3) / 3);
  // A BLOCKED source (0) stays 0: the seed's `|| 0.5` would have turned it into 0.5.
  close(reliabilityScore([src('a', 0), src('b', 1)]), 0.5);
});

test('content length: rises to 1 at 1,000, plateau to 5,000, falls to 0.5 at 10,000, 0.5 beyond', () => {
  assert.equal(normalizeContentLength(0), 0);
  assert.equal(normalizeContentLength(500), 0.5);
  assert.equal(normalizeContentLength(999), 0.999);
  assert.equal(normalizeContentLength(1000), 1);
  assert.equal(normalizeContentLength(5000), 1);
  assert.equal(normalizeContentLength(7500), 0.75);
  assert.equal(normalizeContentLength(10000), 0.5);
  assert.equal(normalizeContentLength(25000), 0.5);
});

test('coverage metrics on a hand-computed Japanese report', () => {
  const body = [
    '# 題',
    '## 概要',
    '### 詳細',
    '2020年と2021年に Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa が「発表」した。',
    'https://a.example/1 https://a.example/2 https://a.example/3 https://a.example/4 https://a.example/5',
  ].join('\n');
  const content = body.padEnd(2000, '。');
  const report = { content, sources: [src('a'), src('b'), src('c'), src('d')] };
  const m = coverageMetrics(report, 'ja');
  close(m.sourceCount, 0.4); // 4 / 10
  assert.equal(m.contentLength, 1); // 2,000 characters
  close(m.sectionCount, 0.3); // 3 headings / 10
  // years 2 → 0.4 capped 0.25; capitalised words 10 → 0.25; quotes 1 → 0.2; URLs 5 → 0.25
  close(m.entityDiversity, 0.95);
  close(coverageScore(report, 'ja'), 0.4 * 0.3 + 1 * 0.2 + 0.3 * 0.2 + 0.95 * 0.3); // 0.665
  // English patterns: bare years and “” quotes
  // years 2 → 0.25 (0.4 capped); capitalised words In, Alpha → 0.25; one quote → 0.2; no URL
  close(estimateEntityDiversity('In 1990 and 2020 “x” said Alpha.', 'en'), 0.25 + 0.25 + 0.2);
});

test('sections over ten are capped at 1 (the seed would let coverage pass 1)', () => {
  assert.equal(sectionMetric(Array.from({ length: 25 }, (_, i) => `## s${i}`).join('\n')), 1);
  assert.equal(sectionMetric('#### deep\n#not a heading\n## one'), 0.1);
});

test('total = 0.5 consistency + 0.3 reliability + 0.2 coverage; unverified labels counted', () => {
  close(totalScore({ consistencyScore: 0.88, reliabilityScore: 0.5, coverageScore: 0.665 }), 0.44 + 0.15 + 0.133);
  assert.equal(countUnverifiedStatements('[要検証] a [未確認] b [UNVERIFIED] c （要確認） d [unverified] e'), 5);
  assert.equal(countUnverifiedStatements('nothing to see'), 0);
});

test('conflict typing, severity and the tolerance threshold', () => {
  assert.equal(conflictType({ years: [2010], numbers: ['2010'] }, { years: [2020], numbers: ['2020'] }), 'outdated');
  assert.equal(conflictType({ years: [], numbers: ['1.8'] }, { years: [], numbers: ['3.2'] }), 'inconsistency');
  assert.equal(conflictType({ years: [], numbers: [] }, { years: [], numbers: ['3'] }), 'contradiction');
  assert.equal(conflictSeverity({ type: 'contradiction', highRelevance: false, bothHighTrust: false, anyLowReliability: true }), 3);
  assert.equal(conflictSeverity({ type: 'contradiction', highRelevance: true, bothHighTrust: true, anyLowReliability: false }), 5);
  assert.equal(conflictSeverity({ type: 'outdated', highRelevance: false, bothHighTrust: false, anyLowReliability: true }), 1);
  const j = (refutes: number, neutral: number) => ({
    stance: 'refutes' as const,
    confidence: refutes,
    scores: { supports: 1 - refutes - neutral, refutes, neutral },
    decisiveSentence: '',
  });
  assert.equal(isContradiction(j(0.5, 0.45), 0.1), false); // leads by 0.05 < 0.1: tolerated
  assert.equal(isContradiction(j(0.6, 0.3), 0.1), true);
  assert.equal(isContradiction({ ...j(0.6, 0.3), stance: 'neutral' }, 0.1), false);
});

test('ReportScorer: a contradiction between two reports is found by the stance model and scored on both', async () => {
  const a = makeReport({
    id: 'r1',
    agentId: 1,
    sources: [src('https://x.example/a', 0.4)],
    claims: [{ text: 'Arctic sea ice extent declined during recent decades.', sourceUrl: 'https://x.example/a' }],
  });
  const b = makeReport({
    id: 'r2',
    agentId: 2,
    sources: [src('https://y.example/b', 0.4)],
    claims: [{ text: 'Arctic sea ice extent did not decline during recent decades.', sourceUrl: 'https://y.example/b' }],
  });
  const c = makeReport({
    id: 'r3',
    agentId: 3,
    sources: [src('https://x.example/a', 0.4)],
    // Same source as r1: one source never conflicts with itself.
    claims: [{ text: 'Arctic sea ice extent did not decline during recent decades at all.', sourceUrl: 'https://x.example/a' }],
  });
  const stance = negationStance({ refutes: 0.8 });
  const scores = await new ReportScorer({ judge: stance, language: 'en' }).scoreReports([a, b, c]);
  const [s1, s2, s3] = scores;
  assert.equal(s1!.conflicts.length, 1);
  assert.equal(s2!.conflicts.length, 1);
  assert.equal(s3!.conflicts.length, 0); // contradicts r1 but quotes the same source; agrees with r2
  const conflict = s1!.conflicts[0]!;
  assert.equal(conflict.type, 'contradiction');
  assert.equal(conflict.severity, 3); // contradiction 4, −1 for LOW-trust sides (medium decision relevance: no +1)
  assert.equal(conflict.confidence, 0.8);
  assert.equal(conflict.statement1.reportId, 'r1');
  assert.equal(conflict.statement2.reportId, 'r2');
  assert.equal(conflict.statement2.source, 'https://y.example/b');
  assert.equal(s2!.conflicts.find((c2) => c2.statement2.reportId === 'r1')!.conflictId, conflict.conflictId);
  close(s1!.consistencyScore, 1 - (3 / 5) * 0.8 * 0.1); // 0.952
  close(s2!.consistencyScore, 1 - (3 / 5) * 0.8 * 0.1);
  assert.equal(s3!.consistencyScore, 1);
  close(s1!.reliabilityScore, 0.4);
  assert.deepEqual(s1!.sourceUrls, ['https://x.example/a']);
  close(s1!.totalScore, s1!.consistencyScore * 0.5 + 0.4 * 0.3 + s1!.coverageScore * 0.2);
});

test('ReportScorer: unrelated statements are never sent to the stance model; a near-tie is tolerated', async () => {
  const a = makeReport({ id: 'r1', claims: [{ text: 'Volcanic eruptions cooled the climate in 1816.', sourceUrl: 'u1' }] });
  const b = makeReport({ id: 'r2', claims: [{ text: 'Coral reefs host a quarter of marine species.', sourceUrl: 'u2' }] });
  const stance = negationStance();
  const scores = await new ReportScorer({ judge: stance, language: 'en' }).scoreReports([a, b]);
  assert.equal(stance.pairs.length, 0);
  assert.deepEqual(
    scores.map((s) => s.conflicts.length),
    [0, 0],
  );

  const c = makeReport({ id: 'r3', claims: [{ text: 'Global sea level rose 20 cm since 1900.', sourceUrl: 'u3' }] });
  const d = makeReport({ id: 'r4', claims: [{ text: 'Global sea level rose 25 cm since 1900.', sourceUrl: 'u4' }] });
  const nearTie = fixedStance({ stance: 'refutes', confidence: 0.45, scores: { supports: 0.1, refutes: 0.45, neutral: 0.45 } });
  assert.deepEqual(
    (await new ReportScorer({ judge: nearTie, language: 'en' }).scoreReports([c, d])).map((s) => s.conflicts.length),
    [0, 0],
  );
  const clear = fixedStance({ stance: 'refutes', confidence: 0.7, scores: { supports: 0.1, refutes: 0.7, neutral: 0.2 } });
  const [sc] = await new ReportScorer({ judge: clear, language: 'en' }).scoreReports([c, d]);
  assert.equal(sc!.conflicts[0]!.type, 'inconsistency'); // same year, different figures
  assert.match(sc!.conflicts[0]!.resolution ?? '', /figures differ/);
});

test('ReportScorer: statements are read from the content when a report carries no claims', async () => {
  const a = makeReport({
    id: 'r1',
    content: '## Findings\n\n- [unverified] “Permafrost thaw releases large amounts of methane into the atmosphere every year.” [1]\n',
  });
  const b = makeReport({
    id: 'r2',
    content: '## Findings\n\n- “Permafrost thaw does not release large amounts of methane into the atmosphere every year.” [2]\n',
  });
  const scores = await new ReportScorer({ judge: negationStance(), language: 'en' }).scoreReports([a, b]);
  assert.equal(scores[0]!.conflicts.length, 1);
  assert.equal(scores[0]!.conflicts[0]!.statement1.source, 'report:r1');
});

test("relevance to the topic multiplies the seed's total: an off-topic report without conflicts loses to an on-topic one", async () => {
  const { ReportScorer } = await import('./report-scorer.js');
  const { makeReport, negationStance } = await import('./test-support/doubles.js');
  const src = (u: string) => ({ url: u, title: u, fetchedAt: 't', reliabilityScore: 0.4 });
  const coral = makeReport({
    id: 'coral',
    sources: [src('https://a.example/1')],
    claims: [
      'Coral reefs declined by half since 1985.',
      'Mass bleaching killed a third of the coral reefs in 2016.',
      'Ocean warming causes coral reef bleaching.',
      'Coral reef decline is driven by heat stress.',
      'Coral reefs lost 14% of their coral between 2009 and 2018.',
    ].map((text) => ({ text, sourceUrl: 'https://a.example/1' })),
  });
  const wind = makeReport({
    id: 'wind',
    sources: [src('https://b.example/1')],
    claims: ['Wind power capacity doubled between 2010 and 2020.', 'Wind turbines cost less than coal plants.', 'Offshore wind farms grew by 20% in 2019.'].map(
      (text) => ({ text, sourceUrl: 'https://b.example/1' }),
    ),
  });
  const scores = await new ReportScorer({ judge: negationStance() }).scoreReports([coral, wind], { topic: 'coral reef decline causes', language: 'en' });
  const [c, w] = scores;
  assert.ok(c!.relevanceScore! >= 0.6, String(c!.relevanceScore));
  assert.equal(w!.relevanceScore, 0);
  assert.ok(c!.totalScore > w!.totalScore);
  assert.equal(w!.totalScore, 0);
});
