// Citation graph one hop out (seed 000 Phase 5: S2 + OpenAlex, not S2 alone): references or citing
// works of one paper from every source that has them, merged into canonical papers. A link is
// influential when any source says so (only Semantic Scholar knows; OpenAlex says false).
import { InvalidInputError, type EventSink, type ScholarlySource } from '../../core/index.js';
import { formatScholarlyId, parseScholarlyId, type ScholarlyId } from '../scholarly/index.js';
import { createPaperIndex, type CanonicalPaper } from './canonical-index.js';
import { enrichIdentifiers } from './enrich.js';
import { allSourcesFailed, runSource, type SourceOutcome, type SourceWarning } from './source-outcome.js';

export type CitationDirection = 'references' | 'citations';

export interface CollectCitationsOptions {
  /** The seed paper, as a user writes an identifier (`doi:…`, `W…`, a sha …). */
  id: string;
  direction: CitationDirection;
  /** All configured sources: those with citation data are asked; the rest help resolve the seed's ids. */
  sources: ScholarlySource[];
  /** Links asked of each source. */
  limit: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  events?: EventSink;
}

export interface CitationEntry {
  paper: CanonicalPaper;
  influential: boolean;
  /** Sources that listed this link. */
  via: string[];
}

export interface CitationsResult {
  id: string;
  direction: CitationDirection;
  links: CitationEntry[];
  outcomes: SourceOutcome[];
  warnings: SourceWarning[];
}

const ID_PREFERENCE: ReadonlyArray<ScholarlyId['kind']> = ['doi', 'pmid', 'arxiv', 's2', 'openalex'];

function pickId(source: ScholarlySource, ids: ScholarlyId[]): ScholarlyId | undefined {
  const kinds = source.lookupKinds ?? [];
  for (const kind of ID_PREFERENCE) {
    const id = ids.find((i) => i.kind === kind);
    if (id && kinds.includes(kind)) return id;
  }
  return undefined;
}

export async function collectCitations(options: CollectCitationsOptions): Promise<CitationsResult> {
  const seed = parseScholarlyId(options.id);
  const method = options.direction === 'references' ? 'getReferences' : 'getCitations';
  const capable = options.sources.filter((s) => typeof s[method] === 'function');
  if (capable.length === 0) {
    throw new InvalidInputError(`citations: no enabled source has ${options.direction} (enable scholarly.semantic_scholar or scholarly.openalex)`, {
      code: 'no_sources',
    });
  }
  const warnings: SourceWarning[] = [];
  const outcomes: SourceOutcome[] = [];
  // A seed id some capable source cannot read (an S2 sha for OpenAlex) is first resolved to its other ids.
  let ids: ScholarlyId[] = [seed];
  if (capable.some((s) => !pickId(s, ids))) {
    const r = await enrichIdentifiers({
      ids: [seed],
      sources: options.sources,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      events: options.events,
      expansionRounds: 0,
    });
    warnings.push(...r.warnings);
    const c = r.papers.find((p) => p.key === r.resolved[0]?.key);
    if (c) ids = [seed, ...(Object.entries(c.identifiers) as Array<[ScholarlyId['kind'], string]>).map(([kind, value]) => ({ kind, value }))];
  }

  const calls = capable.map((s) => ({ s, id: pickId(s, ids) }));
  for (const c of calls.filter((c) => !c.id)) {
    warnings.push({
      source: c.s.name,
      category: 'partial',
      code: 'identifier_unsupported',
      message: `${c.s.name}: cannot read ${formatScholarlyId(seed)} and no other identifier of the paper is known; not asked`,
    });
  }
  const runs = await Promise.all(
    calls
      .filter((c): c is { s: ScholarlySource; id: ScholarlyId } => c.id !== undefined)
      .map((c) =>
        runSource(
          {
            source: c.s.name,
            signal: options.signal,
            timeoutMs: options.timeoutMs,
            events: options.events,
            what: `${options.direction} of ${formatScholarlyId(c.id)}`,
          },
          (ctx) => c.s[method]!(formatScholarlyId(c.id), { limit: options.limit, ...ctx }),
          (l) => l.length,
        ),
      ),
  );
  for (const r of runs) {
    outcomes.push(r.outcome);
    warnings.push(...r.warnings);
  }
  if (runs.length === 0 || outcomes.every((o) => o.status === 'failed')) throw allSourcesFailed(`${options.direction} of ${formatScholarlyId(seed)}`, outcomes);

  const index = createPaperIndex();
  const flags = new Map<string, { influential: boolean; via: Set<string> }>();
  const recordKey = (source: string, id: string): string => `${source}\u0000${id}`;
  for (const r of runs) {
    for (const link of r.value ?? []) {
      index.add(link.paper);
      const k = recordKey(link.paper.source, link.paper.id);
      const f = flags.get(k) ?? { influential: false, via: new Set<string>() };
      f.influential ||= link.influential;
      f.via.add(link.paper.source);
      flags.set(k, f);
    }
  }
  const links = index.papers().map((paper, order) => {
    const fs = paper.records.map((rec) => flags.get(recordKey(rec.source, rec.id))).filter((f) => f !== undefined);
    return { paper, influential: fs.some((f) => f.influential), via: [...new Set(fs.flatMap((f) => [...f.via]))], order };
  });
  links.sort((a, b) => Number(b.influential) - Number(a.influential) || b.via.length - a.via.length || a.order - b.order);
  return { id: formatScholarlyId(seed), direction: options.direction, links: links.map(({ order: _order, ...l }) => l), outcomes, warnings };
}
