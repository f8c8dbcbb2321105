// search_log.md in the seed's format (検索ログ): a header with the run's times and search count, the
// summary table (# | Phase | genre | query | main sources | results), statistics and the errors.
import { mdText } from '../../core/index.js';
import { engineBudget } from './budget.js';
import type { RunContext } from './context.js';
import { perspectiveLabel, type PerspectiveKey } from './perspectives.js';
import type { TaskSnapshot } from './snapshot.js';
import { warningsBesideFailures, type SearchEntry } from './state.js';

export const SEARCH_LOG_FILE = 'search_log.md';
/** Sources named per row. */
export const LOG_SOURCES_PER_ROW = 3;

/** Queries, titles and errors come from pages and providers: escaped for Markdown (core/format). */
const cell = (s: string): string => mdText(s);

function localTime(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const p = (x: number): string => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The end as HH:MM when the run ends the day it started (the seed's `YYYY-MM-DD HH:MM〜HH:MM`). */
function endTime(start: string, end: string): string {
  const a = localTime(start);
  const b = localTime(end);
  return a.slice(0, 10) === b.slice(0, 10) ? b.slice(11) : b;
}

/** The genre of a WIDE search of the question in its subject's other names (run-research.ts otherNameTopics). */
export const OTHER_NAME_GENRE = 'other_name';

export function genreLabel(ctx: RunContext, e: SearchEntry): string {
  const t = ctx.strings;
  if (e.phase === 'wide' && e.genre === 'core') return t.genreCore;
  if (e.phase === 'wide' && e.genre === OTHER_NAME_GENRE) return t.genreOtherName;
  if (e.phase === 'wide' && e.perspective) return perspectiveLabel(ctx.state.kind, ctx.state.language, e.perspective as PerspectiveKey);
  if (e.phase === 'deep') {
    const g = ctx.state.normalize?.gaps.find((x) => x.gap_id === e.gapId);
    const what = g?.kind === 'perspective' && g.perspective ? perspectiveLabel(ctx.state.kind, ctx.state.language, g.perspective) : (g?.description ?? e.genre);
    return `${t.genreGap} ${e.gapId ?? ''}: ${what.length > 60 ? `${what.slice(0, 57)}…` : what}`;
  }
  if (e.phase === 'verify' && (e.genre === 'negation' || e.genre === 'exceptions' || e.genre === 'critique')) return t.genreRefute[e.genre];
  return e.genre;
}

/** The phase column of a send-back search (VERIFY sent its claim back to DEEP). */
export const SEND_BACK_PHASE = 'DEEP ← VERIFY';

/** The send-back decision (send-back.ts): each major claim VERIFY left UNSUPPORTED or CONTESTED, and what was done. */
function sendBackLines(ctx: RunContext): string[] {
  const sb = ctx.state.sendBack;
  if (!sb || sb.claims.length === 0) return [];
  const ja = ctx.state.language === 'ja';
  const ran = ctx.state.entries.filter((e) => sb.entryKeys.includes(e.key) && (e.status === 'done' || e.status === 'failed')).length;
  return [
    '',
    `## ${ja ? '差し戻し（VERIFY → DEEP）' : 'Send-back (VERIFY → DEEP)'}`,
    ja ? `ラウンド ${sb.round}: 検索 ${ran}/${sb.entryKeys.length} 件実行` : `Round ${sb.round}: ${ran} of ${sb.entryKeys.length} searches run`,
    ...sb.claims.map((c) => {
      const after = c.statusAfter ? ` → ${c.statusAfter}` : '';
      const what = c.sent ? (ja ? '差し戻し' : 'sent back') : ja ? '差し戻しなし' : 'not sent back';
      return `- ${c.claimId} (${c.status}${after}) “${cell(c.statement)}”: ${what}${c.gapId ? ` [${c.gapId}]` : ''} — ${cell(c.reason)}`;
    }),
  ];
}

export function renderSearchLog(ctx: RunContext, snap: TaskSnapshot): string {
  const t = ctx.strings;
  const s = ctx.state;
  const titles = new Map(snap.pages.map((p) => [p.pageId, p.title ?? p.url]));
  const ran = s.entries.filter((e) => e.status === 'done' || e.status === 'failed');
  const lines = [
    `# ${t.logTitle}: ${cell(s.question)}`,
    t.logRun(localTime(s.startedAt), endTime(s.startedAt, s.finishedAt ?? ctx.now().toISOString()), ran.length, t.method),
    '',
    `## ${t.logSummary}`,
    `| ${t.logColumns.join(' | ')} |`,
    '|:-:|:------|:---------|:-------|:---------------|:--------:|',
  ];
  ran.forEach((e, i) => {
    const sources = e.newPageIds.slice(0, LOG_SOURCES_PER_ROW).map((id) => titles.get(id) ?? id);
    const more = e.newPageIds.length > LOG_SOURCES_PER_ROW ? ` +${e.newPageIds.length - LOG_SOURCES_PER_ROW}` : '';
    const query = `${e.text}${e.refute ? ' (refute)' : ''}${e.status === 'failed' ? ' ✗' : ''}`;
    const results = e.resultsFound !== undefined ? String(e.resultsFound) : e.resumed ? `— (${t.logResumed})` : '—';
    lines.push(
      `| ${i + 1} | ${e.sendBack ? SEND_BACK_PHASE : e.phase.toUpperCase()} | ${cell(genreLabel(ctx, e))} | ${cell(query)} | ${cell(sources.join('; ') + more) || '—'} | ${results} |`,
    );
  });
  const b = engineBudget(ctx.deps.engine, s.taskId);
  const failed = ran.filter((e) => e.status === 'failed');
  const errors = [
    ...failed.map((e) => `- ${e.phase.toUpperCase()} “${cell(e.text)}”: ${cell(e.error ?? '')}`),
    ...warningsBesideFailures(s)
      .filter((w) => w.category !== 'warning')
      .map((w) => `- ${w.source} (${w.code}): ${cell(w.message)}`),
  ];
  const skipped = s.entries.filter((e) => e.status === 'skipped');
  lines.push(...sendBackLines(ctx));
  lines.push(
    '',
    `## ${t.logStats}`,
    t.logTotal(ran.length),
    t.logSent(b.queriesUsed),
    t.logUnique(snap.pages.length),
    t.logErrorsCount(errors.length),
    ...(skipped.length > 0
      ? [`- ${s.language === 'ja' ? `未実行（重複・予算）: ${skipped.length}件` : `Not run (duplicate or budget): ${skipped.length}`}`]
      : []),
    '',
    `## ${t.logErrors}`,
    ...(errors.length > 0 ? errors : [t.logNoErrors]),
  );
  return `${lines.join('\n')}\n`;
}
