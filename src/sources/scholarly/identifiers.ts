// Scholarly identifiers (DOI, PMID, arXiv, Semantic Scholar, OpenAlex): parsing what a user typed and
// normalizing what an API returned, so that the same paper from two sources meets under one key.
import { InvalidInputError, type Identifiers } from '../../core/index.js';
import { arxivIdFromValue, identifiersFromUrl, isArxivDoi, parseDoi, parseOpenAlexId, parseS2Id, pmidFromValue } from '../../extract/index.js';

export const SCHOLARLY_ID_KINDS = ['doi', 'pmid', 'arxiv', 's2', 'openalex'] as const;
export type ScholarlyIdKind = (typeof SCHOLARLY_ID_KINDS)[number];

export interface ScholarlyId {
  kind: ScholarlyIdKind;
  /** Normalized value: DOI lower-cased without resolver prefix, arXiv id without version, `W…` for OpenAlex. */
  value: string;
}

/**
 * Lower-cased DOI without `doi:` or resolver URL; undefined when the value holds no DOI. The parsing
 * is extract/identifiers' (parseDoi), the one parser of identifiers.
 */
export function normalizeDoi(raw: string): string | undefined {
  return parseDoi(raw);
}

/** arXiv id without `arXiv:`, URL or version suffix (versions are one paper); undefined when not an id. */
export function normalizeArxivId(raw: string): string | undefined {
  return arxivIdFromValue(raw)?.id;
}

/** PubMed id (digits, no leading zeros) from `PMID:123`, a PubMed URL or bare digits; undefined otherwise. */
export function normalizePmid(raw: string): string | undefined {
  return pmidFromValue(raw);
}

/** OpenAlex work id `W…` from a bare id or an openalex.org URL; undefined otherwise. */
export function normalizeOpenAlexId(raw: string): string | undefined {
  return parseOpenAlexId(raw);
}

/** Semantic Scholar paper id (40 hex) or `CorpusId:N`; undefined otherwise. */
export function normalizeS2Id(raw: string): string | undefined {
  return parseS2Id(raw);
}

const NORMALIZERS: Record<ScholarlyIdKind, (raw: string) => string | undefined> = {
  doi: normalizeDoi,
  pmid: normalizePmid,
  arxiv: normalizeArxivId,
  s2: normalizeS2Id,
  openalex: normalizeOpenAlexId,
};

/**
 * Parses an identifier as a user writes it: `doi:…`, `pmid:…`, `arxiv:…`, `s2:…`, `openalex:…`, a
 * doi.org / arxiv.org / pubmed / openalex.org URL, a bare DOI, arXiv id, S2 sha, `W…` id or PMID
 * digits. Throws InvalidInputError naming the input when it is none of these.
 */
export function parseScholarlyId(input: string): ScholarlyId {
  const raw = input.trim();
  const colon = raw.indexOf(':');
  const label = colon > 0 ? raw.slice(0, colon).toLowerCase() : '';
  const kind = SCHOLARLY_ID_KINDS.find((k) => k === label);
  if (kind) {
    // Each normalizer reads (and drops) its own `kind:` label.
    const value = NORMALIZERS[kind](raw);
    if (value) return { kind, value };
    throw new InvalidInputError(`not a valid ${kind} identifier: ${JSON.stringify(input)}`, { code: 'identifier_invalid', details: { input, kind } });
  }
  if (/^https?:\/\//i.test(raw)) {
    // A URL names its identifier by host and path (a publisher's /doi/…/full, PubMed, arXiv, S2, OpenAlex).
    for (const found of identifiersFromUrl(raw)) {
      const k = SCHOLARLY_ID_KINDS.find((x) => x === found.type);
      if (k) return { kind: k, value: found.value };
    }
  } else {
    // Order matters: an arXiv DOI is a DOI; digits alone are a PMID; arXiv's new ids look like decimals.
    for (const k of ['doi', 'arxiv', 'openalex', 's2', 'pmid'] as const) {
      const value = NORMALIZERS[k](raw);
      if (value) return { kind: k, value };
    }
  }
  throw new InvalidInputError(
    `not a recognised paper identifier: ${JSON.stringify(input)} (expected a DOI, PMID, arXiv id, Semantic Scholar id or OpenAlex W-id, optionally prefixed like doi:, pmid:, arxiv:)`,
    { code: 'identifier_invalid', details: { input } },
  );
}

/** `kind:value`, the form used in keys, logs and CLI output. */
export function formatScholarlyId(id: ScholarlyId): string {
  return `${id.kind}:${id.value}`;
}

/** The identifiers of a record as a list, in merge priority order (DOI, PMID, arXiv, S2, OpenAlex). */
export function identifierList(identifiers: Identifiers): ScholarlyId[] {
  const out: ScholarlyId[] = [];
  for (const kind of ['doi', 'pmid', 'arxiv', 's2', 'openalex'] as const) {
    const v = identifiers[kind];
    if (v) out.push({ kind, value: v });
  }
  return out;
}

/** Adds an arXiv id implied by an arXiv DOI (10.48550/arXiv.…) when the record has none. */
export function withImpliedIds(identifiers: Identifiers): Identifiers {
  if (identifiers.arxiv || !identifiers.doi) return identifiers;
  const arxiv = isArxivDoi(identifiers.doi) ? normalizeArxivId(identifiers.doi) : undefined;
  return arxiv ? { ...identifiers, arxiv } : identifiers;
}
