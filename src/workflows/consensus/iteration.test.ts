import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildAgentReport, type ReadSource } from './agent-report.js';
import { generateFinalReport, keyFindingLines } from './final-report.js';
import { buildNextContext, improvementPercent, initialContext, shouldTerminateEarly, unresolvedQuestionsOf } from './iteration.js';
import { makeReport } from './test-support/doubles.js';
import type { IterationResult, ReportScore, SourceReference } from './types.js';

const score = (reportId: string, totalScore: number, extra: Partial<ReportScore> = {}): ReportScore => ({
  reportId,
  totalScore,
  consistencyScore: 1,
  reliabilityScore: 0.5,
  coverageScore: 0.5,
  conflicts: [],
  unverifiedCount: 0,
  ...extra,
});

/** An iteration whose reports have these totals; the first is selected. */
function iteration(n: number, totals: number[]): IterationResult {
  const scores = totals.map((t, i) => score(`r${n}-${i}`, t));
  return {
    iteration: n,
    agentReports: [],
    scores,
    consensusReport: '',
    selectionReason: 'x',
    durationMs: 0,
    selectedReportId: scores[0]!.reportId,
  };
}

test('improvement is relative to the previous best, in percent; 0 after a zero score', () => {
  assert.ok(Math.abs(improvementPercent(0.5, 0.51) - 2) < 1e-9);
  assert.equal(improvementPercent(0, 0.5), 0);
});

test('early termination after two consecutive best-score improvements under 5 %', () => {
  // 0.50 → 0.51 (+2 %) → 0.52 (+1.96 %): stop.
  assert.equal(shouldTerminateEarly([iteration(1, [0.5, 0.1]), iteration(2, [0.3, 0.51]), iteration(3, [0.52])], 0.05), true);
  // 0.50 → 0.60 (+20 %) → 0.61 (+1.7 %): one slow step only.
  assert.equal(shouldTerminateEarly([iteration(1, [0.5]), iteration(2, [0.6]), iteration(3, [0.61])], 0.05), false);
  // 0.50 → 0.51 → 0.56 (+9.8 %): the latest step is fast.
  assert.equal(shouldTerminateEarly([iteration(1, [0.5]), iteration(2, [0.51]), iteration(3, [0.56])], 0.05), false);
  // A fall is an improvement under 5 % too.
  assert.equal(shouldTerminateEarly([iteration(1, [0.5]), iteration(2, [0.45]), iteration(3, [0.44])], 0.05), true);
  // Two iterations are never enough to see two consecutive steps.
  assert.equal(shouldTerminateEarly([iteration(1, [0.5]), iteration(2, [0.5])], 0.05), false);
  // The threshold is the configured one: +9.8 % is slow under a 10 % threshold.
  assert.equal(shouldTerminateEarly([iteration(1, [0.5]), iteration(2, [0.51]), iteration(3, [0.56])], 0.1), true);
});

test('unresolved questions: questions, [要検証]/[unverified] labels, 今後の課題; URLs and headings ignored', () => {
  const report = [
    '# Title?',
    '- [要検証] 「海面は上昇している。」 [2]',
    '- [unverified] “Sea level rose 20 cm.” [3] (also stated in [4])',
    'Why did it happen? Nobody knows.',
    '今後の課題：観測網の拡充',
    '- [1] Page — https://example.org/page?id=3 (reliability 40%)',
  ].join('\n');
  assert.deepEqual(unresolvedQuestionsOf(report), ['Why did it happen?', '海面は上昇している', 'Sea level rose 20 cm.', '観測網の拡充']);
});

test('buildNextContext: covered sources united, areas under 0.7 in the topic language, at most 5 questions', () => {
  const current = { ...initialContext('海面上昇'), coveredSources: ['u1'] };
  const s = score('r', 0.5, { consistencyScore: 0.69, reliabilityScore: 0.7, coverageScore: 0.2, sourceUrls: ['u1', 'u2'] });
  const report = Array.from({ length: 7 }, (_, i) => `- [要検証] 主張${i}`).join('\n');
  const next = buildNextContext(current, report, s, 'ja');
  assert.equal(next.iteration, 2);
  assert.equal(next.isInitial, false);
  assert.equal(next.previousConsensus, report);
  assert.equal(next.previousScore, s);
  assert.deepEqual(next.coveredSources, ['u1', 'u2']);
  assert.deepEqual(next.areasToDeepen, ['情報の整合性確認', '調査範囲の拡大']);
  assert.deepEqual(next.unresolvedQuestions, ['主張0', '主張1', '主張2', '主張3', '主張4']);
  assert.equal(next.topic, '海面上昇');
  assert.deepEqual(buildNextContext(current, '', s, 'en').areasToDeepen, ['consistency check', 'broader coverage']);
});

test('final report: seed §2.1.2 sections, the selected report’s score, findings cited by R-number', () => {
  const sources = [
    { url: 'https://a.example/x', title: 'Low page', fetchedAt: 't', reliabilityScore: 0.3 },
    { url: 'https://b.example/y', title: 'High [page]', fetchedAt: 't', reliabilityScore: 0.9 },
  ];
  const content = '# T — agent 1\n\n## Key findings\n\n- “A is B.” [1]\n- “C is D.” [2]\n\n## Sources\n\n- [1] Low page\n';
  const report = makeReport({ id: 'r1', content, sources });
  const other = makeReport({ id: 'r2', agentId: 2, content: '# other', sources: [] });
  // The tie-breaker picked r1 although r2 has the best total: the final score is r1's.
  const it: IterationResult = {
    iteration: 1,
    agentReports: [report, other],
    scores: [score('r2', 0.7), score('r1', 0.695)],
    consensusReport: content,
    selectionReason: 'Tie-breaker: highest consistency score (1.000)',
    durationMs: 1,
    selectedReportId: 'r1',
  };
  assert.deepEqual(keyFindingLines(content, 'en'), ['- “A is B.” [1]', '- “C is D.” [2]']);
  const text = generateFinalReport({ iterations: [it], finalScore: it.scores[1]!, language: 'en' });
  const headings = text.split('\n').filter((l) => /^##? /.test(l));
  assert.deepEqual(headings, ['# Research report', '## Executive summary', '## Research process', '## Detailed report', '## Key findings', '## Sources']);
  assert.match(text, /- \*\*Iteration 1\*\*: score 69\.5% \(Tie-breaker: highest consistency score \(1\.000\)\)/);
  assert.match(text, /\*Final Score: 69\.5%\*/);
  assert.match(text, /^#### Key findings$/m); // the agent report's headings sit under "## Detailed report"
  // Sources by reliability: b (0.9) is R1, a (0.3) is R2; findings cite them so.
  assert.match(text, /- \[R1\] \[High &#91;page&#93;\]\(<https:\/\/b\.example\/y>\) \(reliability: 90%\)/);
  assert.match(text, /## Key findings\n\n- “A is B\.” \[R2\]\n- “C is D\.” \[R1\]/);
  const ja = generateFinalReport({
    iterations: [{ ...it, consensusReport: content.replace('## Key findings', '## 主要な発見') }],
    finalScore: it.scores[1]!,
    language: 'ja',
  });
  assert.deepEqual(
    ja.split('\n').filter((l) => /^##? /.test(l)),
    ['# 調査レポート', '## エグゼクティブサマリー', '## 調査プロセス', '## 詳細レポート', '## 主要な発見', '## 参照ソース'],
  );
  assert.match(ja, /本調査は1回の反復合議プロセスを経て完了しました。初回スコア69\.5%から最終スコア69\.5%まで、0\.0%の品質向上を達成しました。/);
  assert.match(ja, /\(信頼度: 90%\)/);
});

test('the final report takes a report’s key findings from its data, not from its text: the Sources list numbers them', () => {
  const sources: SourceReference[] = [
    { url: 'https://a.example/x', title: 'Low page', fetchedAt: 't', reliabilityScore: 0.3 },
    { url: 'https://b.example/y', title: 'High page', fetchedAt: 't', reliabilityScore: 0.9 },
  ];
  // The text says one thing, the data another: the data wins (the text is only read for a report without data).
  const content = '# T — agent 1\n\n## Key findings\n\n- “Text only.” [1]\n\n## Sources\n\n- [1] Low page\n';
  const report = {
    ...makeReport({ id: 'r1', content, sources }),
    keyFindings: [{ quote: 'A is B.', sourceUrl: 'https://a.example/x', otherSourceUrls: ['https://b.example/y'], unverified: false }],
  };
  const it: IterationResult = {
    iteration: 1,
    agentReports: [report],
    scores: [score('r1', 0.7)],
    consensusReport: content,
    selectionReason: 'best total',
    durationMs: 1,
    selectedReportId: 'r1',
  };
  const text = generateFinalReport({ iterations: [it], finalScore: it.scores[0]!, language: 'en' });
  // The final report's own section (the agent report's, demoted to ####, sits under Detailed report).
  const findings = text.slice(text.indexOf('\n## Key findings\n'), text.indexOf('\n## Sources\n'));
  assert.match(findings, /^\n## Key findings\n\n- “A is B\.” \[R2\] \(also stated in \[R1\]\)\n/);
  assert.doesNotMatch(findings, /Text only/);
});

test('a built agent report gives the same final report from its key findings as data as from its text; with none, the section says none was found', () => {
  const read = (url: string, title: string, text: string, reliabilityScore: number): ReadSource => ({
    doc: { url, title, text, fetchedAt: 't' },
    ref: { url, title, fetchedAt: 't', reliabilityScore, trustLevel: reliabilityScore >= 0.8 ? 'ACADEMIC' : 'LOW' },
  });
  const sources = [
    read('https://a.example/1', 'Sea level A', 'Global sea level rise accelerated to 4.5 mm per year in 2023 according to NOAA.', 0.4),
    read(
      'https://b.example/2',
      'Sea level B',
      'Global sea level rise accelerated to 4.5 mm per year in 2023 according to NOAA.\n\nCoastal flooding increased in 2022 in many cities.',
      0.9,
    ),
    // The same page as a second result: one source, not two.
    read('https://a.example/1', 'Sea level A again', 'Global sea level rise accelerated to 4.5 mm per year in 2023 according to NOAA.', 0.4),
  ];
  const final = (withData: boolean, built: ReturnType<typeof buildAgentReport>): string => {
    const report = {
      ...makeReport({ id: 'r1', content: built.content, sources: sources.map((x) => x.ref) }),
      ...(withData ? { keyFindings: built.keyFindings } : {}),
    };
    const it: IterationResult = {
      iteration: 1,
      agentReports: [report],
      scores: [score('r1', 0.7)],
      consensusReport: built.content,
      selectionReason: 'best total',
      durationMs: 1,
      selectedReportId: 'r1',
    };
    return generateFinalReport({ iterations: [it], finalScore: it.scores[0]!, language: 'en' });
  };
  const options = { topic: 'sea level rise', language: 'en' as const, agentId: 1, modifiers: [], queries: ['sea level rise'] };
  const built = buildAgentReport({ ...options, sources });
  assert.ok(built.keyFindings.length > 0);
  for (const f of built.keyFindings)
    assert.ok(!f.otherSourceUrls.includes(f.sourceUrl) && new Set(f.otherSourceUrls).size === f.otherSourceUrls.length, JSON.stringify(f));
  assert.equal(final(true, built), final(false, built));
  const none = buildAgentReport({ ...options, topic: 'volcanic eruptions on Io', sources: sources.slice(0, 1) });
  assert.deepEqual(none.keyFindings, []);
  assert.match(final(true, none), /\n## Key findings\n\n- No statement about the topic was found\.\n/);
});
