// The final report (seed 004 §2.1.2 generateFinalReport): executive summary, process, the selected
// report of the last iteration, key findings of every iteration, and the sources by reliability.
import { mdInline, NonRetryableError } from '../../core/index.js';
import { consensusAnswerLines, type ConsensusAnswer } from './answer.js';
import { KEY_FINDINGS_HEADINGS, messagesFor } from './messages.js';
import { keyFindingLine } from './agent-report.js';
import type { IterationResult, ReportLanguage, ReportScore, SourceReference } from './types.js';

/** Sources listed at least (the seed's 20); sources cited by the key findings are always listed. */
export const MAX_LISTED_SOURCES = 20;
/** Key findings kept across iterations (seed: 10). */
export const MAX_FINAL_FINDINGS = 10;

/** Score of the report each iteration selected (the tie-breaker may select below the best total). */
export function selectedScore(iteration: IterationResult): ReportScore {
  const s = iteration.scores.find((x) => x.reportId === iteration.selectedReportId);
  if (!s)
    throw new NonRetryableError(`iteration ${iteration.iteration}: selected report ${iteration.selectedReportId} has no score`, { code: 'score_missing' });
  return s;
}

function pct(x: number): string {
  return (x * 100).toFixed(1);
}

/** Every heading pushed down two levels, so an agent report sits under "## 詳細レポート". */
export function demoteHeadings(markdown: string): string {
  return markdown.replace(/^(#{1,4})(\s)/gm, '##$1$2');
}

/** Lines of the key-findings section of a report (seed extractKeyFindings: up to the next heading). */
export function keyFindingLines(report: string, language: ReportLanguage): string[] {
  const heading = KEY_FINDINGS_HEADINGS[language];
  const at = report.indexOf(`${heading}\n`);
  if (at < 0) return [];
  const body = report.slice(at + heading.length + 1);
  const end = body.search(/^#/m);
  return (end < 0 ? body : body.slice(0, end))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

export interface FinalReportInput {
  iterations: IterationResult[];
  finalScore: ReportScore;
  language: ReportLanguage;
  /** The verdict on the topic's proposition, shown first when there is one. */
  answer?: ConsensusAnswer;
}

export function generateFinalReport(input: FinalReportInput): string {
  const { iterations, language } = input;
  const m = messagesFor(language);
  const last = iterations[iterations.length - 1]!;
  const scores = iterations.map((it) => selectedScore(it).totalScore);

  // Sources of every agent report, unique by URL, most reliable first; numbered R1, R2… for the findings.
  const all = new Map<string, SourceReference>();
  for (const it of iterations) for (const r of it.agentReports) for (const s of r.sources) if (!all.has(s.url)) all.set(s.url, s);
  const byReliability = [...all.values()].sort((a, b) => (b.reliabilityScore ?? 0) - (a.reliabilityScore ?? 0));

  // Key findings of every iteration's selected report, cited by R-numbers: from the report's findings as
  // data; a report that has only its text (as the seed's agents write) is read for them, its [n] rewritten.
  const cited = new Set<string>();
  /** A finding once (by `key`), the sources it cites, and its line given how a source is cited. */
  const findings: Array<{ key: string; urls: string[]; line: (cite: (url: string) => string) => string }> = [];
  const add = (f: (typeof findings)[number]): void => void (findings.some((x) => x.key === f.key) || findings.push(f));
  for (const it of iterations) {
    const selected = it.agentReports.find((r) => r.reportId === it.selectedReportId);
    if (selected?.keyFindings) {
      for (const f of selected.keyFindings)
        add({
          key: JSON.stringify([f.unverified, f.quote, f.sourceUrl, f.otherSourceUrls]),
          urls: [f.sourceUrl, ...f.otherSourceUrls],
          line: (cite) => keyFindingLine(f, cite, language),
        });
      continue;
    }
    for (const text of keyFindingLines(it.consensusReport, language)) {
      const urls: string[] = [];
      const rewritten = text.replace(/\[(\d+)\]/g, (whole, n: string) => {
        const src = selected?.sources[Number(n) - 1];
        if (!src) return whole;
        urls.push(src.url);
        return `{{${src.url}}}`;
      });
      add({ key: rewritten, urls, line: (cite) => rewritten.replace(/\{\{(.+?)\}\}/g, (_, url: string) => cite(url)) });
    }
  }
  const kept = findings.slice(0, MAX_FINAL_FINDINGS);
  for (const f of kept) for (const u of f.urls) cited.add(u);
  const listed = byReliability.filter((s, i) => i < MAX_LISTED_SOURCES || cited.has(s.url));
  const label = new Map(listed.map((s, i) => [s.url, `R${i + 1}`]));
  const citeR = (url: string): string => `[${label.get(url) ?? mdInline(url)}]`;
  // No finding at all: the section says so (an agent report's own "none found" line is not a finding).
  const keyFindings = kept.length > 0 ? kept.map((f) => f.line(citeR)).join('\n') : m.noFindings;

  const initial = scores[0]!;
  const final = input.finalScore.totalScore;
  const improvement = initial > 0 ? (((final - initial) / initial) * 100).toFixed(1) : '0.0';
  const executiveSummary = m.executiveSummary({ iterations: iterations.length, initial: pct(initial), final: pct(final), improvement });
  const processOverview = iterations.map((it, i) => m.processLine({ n: i + 1, score: pct(scores[i]!), reason: it.selectionReason })).join('\n');
  const sourceList = listed
    .map((s) => `- [${label.get(s.url)}] ${m.referenceLine({ title: s.title, url: s.url, reliability: ((s.reliabilityScore ?? 0) * 100).toFixed(0) })}`)
    .join('\n');

  return [
    m.finalTitle,
    '',
    ...(input.answer ? consensusAnswerLines(input.answer, language) : []),
    m.executiveSummaryHeading,
    '',
    executiveSummary,
    '',
    m.processHeading,
    '',
    processOverview,
    '',
    m.detailedHeading,
    '',
    demoteHeadings(last.consensusReport).trimEnd(),
    '',
    m.findingsHeading,
    '',
    keyFindings,
    '',
    m.referencesHeading,
    '',
    sourceList,
    '',
    m.footer({ iterations: iterations.length, score: pct(final) }),
    '',
  ].join('\n');
}
