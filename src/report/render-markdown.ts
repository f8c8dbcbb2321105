// Materials as Markdown for people: claims with status and quoted evidence, contradictions,
// citations, the counterevidence log and the sources. Quotes are verbatim (long ones are cut with …).
// Every value from a page or a file goes through core/format (mdInline, mdText, mdCell, mdLink).
import {
  mdCell,
  mdInline,
  mdLink,
  mdText,
  type ClaimMaterial,
  type EvidenceView,
  type Locator,
  type Materials,
  type SourceView,
  isOriginModel,
} from '../core/index.js';

/** Characters of a fragment quoted when the stance model named no decisive sentence. */
export const MD_QUOTE_CHARS = 400;

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
const cell = mdCell;

export function formatLocator(l: Locator): string {
  const parts: string[] = [];
  if (l.headingPath && l.headingPath.length > 0) parts.push(l.headingPath.join(' › '));
  if (l.paragraph !== undefined) parts.push(`¶${l.paragraph}`);
  if (l.sentence !== undefined) parts.push(`sentence ${l.sentence}`);
  if (l.charStart !== undefined) parts.push(`chars ${l.charStart}–${l.charEnd ?? '?'}`);
  return parts.join(', ') || 'no locator';
}

function sourceLabel(s: SourceView): string {
  return `${mdLink(s.title ?? s.url, s.url)} · ${mdInline(s.domain)} · ${s.trustLevel}${s.publishedAt ? ` · ${mdInline(s.publishedAt)}` : ''}`;
}

function quoteOf(e: EvidenceView): string {
  if (e.decisiveSentence) return oneLine(e.decisiveSentence);
  const q = oneLine(e.quote);
  return q.length > MD_QUOTE_CHARS ? `${q.slice(0, MD_QUOTE_CHARS)}…` : q;
}

function evidenceLines(title: string, list: EvidenceView[]): string[] {
  if (list.length === 0) return [];
  const out = [`**${title} (${list.length})**`, ''];
  for (const e of list) {
    out.push(
      `> ${mdText(quoteOf(e))}`,
      `> — ${sourceLabel(e.source)} · ${mdInline(formatLocator(e.locator))} · ${isOriginModel(e) ? 'stated by the source' : `${e.stance} ${e.confidence.toFixed(2)}`}`,
      '',
    );
  }
  return out;
}

function claimSection(c: ClaimMaterial, n: number): string[] {
  return [
    `### ${n}. ${mdInline(c.statement)}${c.sideClaim ? ' (side claim)' : ''}`,
    '',
    `- **${c.status ?? 'PENDING'}** · confidence ${c.confidence.toFixed(2)} ± ${c.uncertainty.toFixed(2)} · controversy ${c.controversy.toFixed(2)} · decision relevance ${c.decisionRelevance} · \`${c.id}\``,
    ...(c.rationale ? [`- rationale: ${mdInline(c.rationale)}`] : []),
    ...(c.conditions.length > 0 ? [`- conditions: ${mdInline(c.conditions.join('; '))}`] : []),
    `- evidence: ${c.counts.supports} supporting, ${c.counts.refutes} refuting, ${c.counts.neutral} neutral`,
    '',
    ...evidenceLines('Supporting', c.supporting),
    ...evidenceLines('Refuting', c.refuting),
  ];
}

export function renderMaterialsMarkdown(m: Materials): string {
  const { offset, limit, totalClaims, sideClaims } = m.paging;
  const shown = m.claims.length;
  const side = sideClaims > 0 ? ` (${sideClaims} side claims: sentences of the pages read for the claim asked, not part of its answer)` : '';
  const lines: string[] = [
    `# Materials: ${mdInline(m.task.question)}`,
    '',
    `Task \`${m.task.id}\` · ${m.task.status} · ${totalClaims} claims${side}${shown < totalClaims ? ` (showing ${offset + 1}–${offset + shown}; next offset ${offset + limit})` : ''} · ${m.pages.length} sources`,
    '',
    '## Claims',
    '',
    ...(shown === 0 ? ['No claims yet.', ''] : m.claims.flatMap((c, i) => claimSection(c, offset + i + 1))),
  ];
  if (m.contested.length > 0) {
    lines.push('## Contradictions', '', '| claim | other claim | type | trust levels |', '|---|---|---|---|');
    for (const p of m.contested) lines.push(`| \`${p.claimId}\` | \`${p.otherClaimId}\` | ${p.type} | ${p.trustLevel} vs ${p.otherTrustLevel} |`);
    lines.push('');
  }
  if (m.citations.length > 0) {
    lines.push('## Citations', '', '| from | to | influential | relevance |', '|---|---|---|---|');
    for (const c of m.citations)
      lines.push(`| ${cell(c.from.title ?? c.from.url)} | ${cell(c.to.title ?? c.to.url)} | ${c.influential ? 'yes' : 'no'} | ${c.relevance.toFixed(2)} |`);
    lines.push('');
  }
  if (m.counterevidenceLog.length > 0) {
    lines.push('## Counterevidence log', '', '| claim | queries | found | impact |', '|---|---|---|---|');
    for (const e of m.counterevidenceLog)
      lines.push(`| \`${e.claim_id}\` | ${cell(e.search_queries.join('; '))} | ${e.found_counterevidence ? 'yes' : 'no'} | ${e.impact_on_status ?? '-'} |`);
    lines.push('');
  }
  lines.push('## Sources', '', '| # | source | domain | trust | type | published |', '|---|---|---|---|---|---|');
  m.pages.forEach((s, i) =>
    lines.push(`| ${i + 1} | ${mdLink(s.title ?? s.url, s.url)} | ${cell(s.domain)} | ${s.trustLevel} | ${s.sourceType} | ${cell(s.publishedAt)} |`),
  );
  return `${lines.join('\n')}\n`;
}
