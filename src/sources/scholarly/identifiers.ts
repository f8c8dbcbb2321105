// Scholarly identifiers (DOI, PMID, arXiv, Semantic Scholar, OpenAlex): parsing what a user typed and
// normalizing what an API returned, so that the same paper from two sources meets under one key.
import { InvalidInputError, type Identifiers } from '../../core/index.js';

export const SCHOLARLY_ID_KINDS = ['doi', 'pmid', 'arxiv', 's2', 'openalex'] as const;
export type ScholarlyIdKind = (typeof SCHOLARLY_ID_KINDS)[number];

export interface ScholarlyId {
  kind: ScholarlyIdKind;
  /** Normalized value: DOI lower-cased without resolver prefix, arXiv id without version, `W…` for OpenAlex. */
  value: string;
}

const DOI_CORE = /^10\.\d{4,9}\/\S+$/;
const ARXIV_NEW = /^(\d{4}\.\d{4,5})(v\d+)?$/i;
const ARXIV_OLD = /^([a-z-]+(?:\.[a-z]{2})?\/\d{7})(v\d+)?$/i;
const S2_SHA = /^[0-9a-f]{40}$/i;
const OPENALEX_WORK = /^W\d+$/i;
/** arXiv's own DOIs (DataCite) carry the arXiv id: 10.48550/arXiv.2101.00001. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;

/** Strips closing punctuation a DOI picked out of prose usually drags along, keeping balanced brackets. */
function trimTrailing(value: string): string {
  let v = value;
  for (;;) {
    const before = v;
    v = v.replace(/[.,;:'"!?>]+$/, '');
    for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']] as const) {
      if (v.endsWith(close) && v.split(open).length < v.split(close).length) v = v.slice(0, -1);
    }
    if (v === before) return v;
  }
}

/** Lower-cased DOI without `doi:` or resolver URL; undefined when the text is not a DOI. */
export function normalizeDoi(raw: string): string | undefined {
  let v = raw.trim();
  v = v.replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '').replace(/^doi:\s*/i, '');
  if (/%2f/i.test(v)) {
    try {
      v = decodeURIComponent(v);
    } catch {
      return undefined;
    }
  }
  v = trimTrailing(v).toLowerCase();
  return DOI_CORE.test(v) ? v : undefined;
}

/** arXiv id without `arXiv:`, URL or version suffix (versions are one paper); undefined when not an id. */
export function normalizeArxivId(raw: string): string | undefined {
  let v = raw.trim().replace(/^arxiv:\s*/i, '');
  const url = /^(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?$/i.exec(v);
  if (url) v = url[1]!;
  const doi = ARXIV_DOI.exec(v);
  if (doi) v = doi[1]!;
  const m = ARXIV_NEW.exec(v) ?? ARXIV_OLD.exec(v);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** PubMed id (digits only) from `PMID:123`, a PubMed URL or bare digits; undefined otherwise. */
export function normalizePmid(raw: string): string | undefined {
  let v = raw.trim().replace(/^pmid:\s*/i, '');
  const url = /^(?:https?:\/\/)?(?:pubmed\.ncbi\.nlm\.nih\.gov|(?:www\.)?ncbi\.nlm\.nih\.gov\/pubmed)\/(\d+)\/?$/i.exec(v);
  if (url) v = url[1]!;
  return /^\d{1,9}$/.test(v) && !/^0+$/.test(v) ? String(Number(v)) : undefined;
}

/** OpenAlex work id `W…` from a bare id or an openalex.org URL; undefined otherwise. */
export function normalizeOpenAlexId(raw: string): string | undefined {
  const v = raw.trim().replace(/^openalex:\s*/i, '').replace(/^https?:\/\/(?:api\.)?openalex\.org\/(?:works\/)?/i, '');
  return OPENALEX_WORK.test(v) ? v.toUpperCase() : undefined;
}

/** Semantic Scholar paper id (40 hex) or `CorpusId:N`; undefined otherwise. */
export function normalizeS2Id(raw: string): string | undefined {
  const v = raw.trim().replace(/^s2:\s*/i, '');
  if (S2_SHA.test(v)) return v.toLowerCase();
  const corpus = /^corpusid:(\d+)$/i.exec(v);
  return corpus ? `CorpusId:${corpus[1]}` : undefined;
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
  const prefixed = /^(doi|pmid|arxiv|s2|openalex):\s*(.+)$/i.exec(raw);
  if (prefixed) {
    const kind = prefixed[1]!.toLowerCase() as ScholarlyIdKind;
    const value = NORMALIZERS[kind](kind === 'doi' || kind === 'arxiv' ? raw : prefixed[2]!);
    if (value) return { kind, value };
    throw new InvalidInputError(`not a valid ${kind} identifier: ${JSON.stringify(input)}`, { code: 'identifier_invalid', details: { input, kind } });
  }
  // Order matters: an arXiv DOI is a DOI; digits alone are a PMID; arXiv's new ids look like decimals.
  for (const kind of ['doi', 'arxiv', 'openalex', 's2', 'pmid'] as const) {
    const value = NORMALIZERS[kind](raw);
    if (value) return { kind, value };
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
  const arxiv = ARXIV_DOI.test(identifiers.doi) ? normalizeArxivId(identifiers.doi) : undefined;
  return arxiv ? { ...identifiers, arxiv } : identifiers;
}
