// Identifier enrichment (seed 000 Phase 3): DOIs, PMIDs and arXiv ids seen anywhere are looked up in
// every scholarly source that understands them, merged into canonical papers (metadata + abstract),
// and, when configured, given an open-access location. Identifiers learnt on the way (S2 gives the
// DOI of a PMID) are asked of the other sources in a bounded number of extra rounds.
import type { EventSink, Paper, ScholarlySource } from '../../core/index.js';
import { errorOfCategory, formatScholarlyId, identifierList, type OpenAccessLocator, type ScholarlyId } from '../scholarly/index.js';
import { createPaperIndex, type CanonicalPaper } from './canonical-index.js';
import { allSourcesFailed, runSource, type SourceOutcome, type SourceWarning } from './source-outcome.js';

/** Identifiers resolved at most per call; the rest are returned in `skipped`, never dropped silently. */
export const MAX_ENRICH_IDENTIFIERS = 50;
/** Extra rounds that ask other sources about identifiers learnt in the previous round. */
export const DEFAULT_EXPANSION_ROUNDS = 1;

export interface EnrichIdentifiersOptions {
  ids: ScholarlyId[];
  sources: ScholarlySource[];
  /** Unpaywall or another locator, asked for papers that have a DOI but no open-access URL. */
  openAccess?: OpenAccessLocator;
  signal?: AbortSignal;
  timeoutMs?: number;
  events?: EventSink;
  maxIdentifiers?: number;
  expansionRounds?: number;
}

export interface EnrichResult {
  papers: CanonicalPaper[];
  /** Each input identifier that ended in a canonical paper, with that paper's key. */
  resolved: Array<{ id: string; key: string }>;
  /** Input identifiers no source knew (or whose sources failed: see warnings). */
  unresolved: string[];
  /** Input identifiers beyond maxIdentifiers, not looked up. */
  skipped: string[];
  outcomes: SourceOutcome[];
  warnings: SourceWarning[];
}

function supports(source: ScholarlySource, id: ScholarlyId): boolean {
  return (source.lookupKinds ?? []).includes(id.kind);
}

async function lookUp(source: ScholarlySource, ids: string[], ctx: { signal: AbortSignal; onWarning: (m: string) => void }): Promise<Paper[]> {
  if (source.getPapers) return (await source.getPapers(ids, ctx)).filter((p): p is Paper => p !== undefined);
  const out: Paper[] = [];
  for (const id of ids) {
    const p = await source.getPaper(id, ctx);
    if (p) out.push(p);
  }
  return out;
}

function mergeOutcome(into: Map<string, SourceOutcome>, o: SourceOutcome): void {
  const prev = into.get(o.source);
  if (!prev) return void into.set(o.source, { ...o });
  prev.count += o.count;
  if (o.status === 'failed' && prev.status === 'ok') {
    prev.status = 'failed';
    if (o.error) prev.error = o.error;
  }
}

export async function enrichIdentifiers(options: EnrichIdentifiersOptions): Promise<EnrichResult> {
  const max = options.maxIdentifiers ?? MAX_ENRICH_IDENTIFIERS;
  const unique = [...new Map(options.ids.map((id) => [formatScholarlyId(id), id])).values()];
  const wanted = unique.slice(0, max);
  const skipped = unique.slice(max).map(formatScholarlyId);
  const index = createPaperIndex();
  const asked = new Map<string, Set<string>>(options.sources.map((s) => [s.name, new Set<string>()]));
  const outcomes = new Map<string, SourceOutcome>();
  const warnings: SourceWarning[] = [];
  const rounds = 1 + (options.expansionRounds ?? DEFAULT_EXPANSION_ROUNDS);

  let pending: ScholarlyId[] = wanted;
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    const calls = options.sources
      .map((s) => ({ s, ids: pending.filter((id) => supports(s, id) && !asked.get(s.name)!.has(formatScholarlyId(id))).map(formatScholarlyId) }))
      .filter((c) => c.ids.length > 0);
    if (calls.length === 0) break;
    for (const c of calls) c.ids.forEach((id) => asked.get(c.s.name)!.add(id));
    const runs = await Promise.all(
      calls.map((c) =>
        runSource(
          {
            source: c.s.name,
            signal: options.signal,
            timeoutMs: options.timeoutMs,
            events: options.events,
            what: `lookup ${c.ids.slice(0, 3).join(', ')}${c.ids.length > 3 ? ` (+${c.ids.length - 3})` : ''}`,
          },
          (ctx) => lookUp(c.s, c.ids, ctx),
          (p) => p.length,
        ),
      ),
    );
    const touched = new Set<string>();
    for (const r of runs) {
      mergeOutcome(outcomes, r.outcome);
      warnings.push(...r.warnings);
      for (const p of r.value ?? []) {
        index.add(p);
        touched.add(`${p.source}\u0000${p.id}`);
        // A source is never asked again about identifiers it has just returned itself.
        for (const id of identifierList(p.identifiers)) asked.get(p.source)?.add(formatScholarlyId(id));
      }
    }
    // Identifiers the papers found this round carry now, that some source has not been asked about yet.
    const current = index.papers().filter((c) => c.records.some((r) => touched.has(`${r.source}\u0000${r.id}`)));
    pending = current
      .flatMap((c) => identifierList(c.identifiers))
      .filter((id) => options.sources.some((s) => supports(s, id) && !asked.get(s.name)!.has(formatScholarlyId(id))));
  }

  if (options.openAccess) await addOpenAccess(index.papers(), options, outcomes, warnings);

  const resolved: EnrichResult['resolved'] = [];
  const unresolved: string[] = [];
  for (const id of wanted) {
    const c = index.find(id);
    if (c) resolved.push({ id: formatScholarlyId(id), key: c.key });
    else unresolved.push(formatScholarlyId(id));
  }
  return { papers: index.papers(), resolved, unresolved, skipped, outcomes: [...outcomes.values()], warnings };
}

async function addOpenAccess(
  papers: CanonicalPaper[],
  options: EnrichIdentifiersOptions,
  outcomes: Map<string, SourceOutcome>,
  warnings: SourceWarning[],
): Promise<void> {
  const locator = options.openAccess!;
  const need = papers.filter((p) => p.identifiers.doi && !p.openAccessUrl);
  if (need.length === 0) return;
  const run = await runSource(
    { source: locator.name, signal: options.signal, timeoutMs: options.timeoutMs, events: options.events, what: `open-access lookup of ${need.length} DOIs` },
    async (ctx) => {
      let found = 0;
      for (const p of need) {
        const loc = await locator.findOpenAccess(p.identifiers.doi!, ctx);
        if (!loc?.url) continue;
        found += 1;
        p.openAccessUrl = loc.url;
        if (!p.sources.includes(locator.name)) p.sources.push(locator.name);
        p.records.push({ source: locator.name, id: loc.doi, url: loc.url });
      }
      return found;
    },
    (n) => n,
  );
  mergeOutcome(outcomes, run.outcome);
  warnings.push(...run.warnings);
}

export interface LookupPaperOptions extends Omit<EnrichIdentifiersOptions, 'ids' | 'maxIdentifiers'> {
  id: ScholarlyId;
}

export interface LookupPaperResult {
  paper?: CanonicalPaper;
  outcomes: SourceOutcome[];
  warnings: SourceWarning[];
}

/**
 * One paper by identifier, merged from every source that knows it. Not finding it is a result only
 * when every asked source answered; when the paper is missing and a source failed, that is an error.
 */
export async function lookupPaper(options: LookupPaperOptions): Promise<LookupPaperResult> {
  const r = await enrichIdentifiers({ ...options, ids: [options.id] });
  const paper = r.resolved.length > 0 ? r.papers.find((p) => p.key === r.resolved[0]!.key) : undefined;
  const failed = r.outcomes.filter((o) => o.status === 'failed');
  if (!paper && failed.length > 0) {
    const answered = r.outcomes.filter((o) => o.status === 'ok').map((o) => o.source);
    const what = `lookup ${formatScholarlyId(options.id)}`;
    if (answered.length === 0) throw allSourcesFailed(what, r.outcomes);
    const failure = failed.map((o) => `${o.source}: ${o.error?.message}`).join('; ');
    throw errorOfCategory(
      failed.some((o) => o.error?.category === 'retryable') ? 'retryable' : 'non_retryable',
      `${what}: not found in ${answered.join(', ')}, and ${failure}`,
      {
        code: 'lookup_incomplete',
        details: { failures: failed.map((o) => ({ source: o.source, ...o.error })) },
      },
    );
  }
  return { ...(paper ? { paper } : {}), outcomes: r.outcomes, warnings: r.warnings };
}
