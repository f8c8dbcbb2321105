// A page of a task's materials sized for a reader that pays for every byte (an AI client over MCP):
// claims with the fields asked for, the strongest quotes cut around their decisive sentence, the
// contested pairs, counterevidence entries, sources and citations that those claims touch, and a
// byte budget the page stays within. The full text of any quote is one call away (fragmentIds).
import type { Claim, Edge, Locator, Page, Task } from '../entities.js';
import type { ClaimStatus, Stance, TrustLevel } from '../enums.js';
import type { ContestedPair, CounterevidenceEntry, SourceView } from './engine.js';

/** Claim fields a page can carry (the id always comes). */
export const CLAIM_FIELDS = [
  'statement', 'slots', 'scope', 'decisionRelevance', 'status', 'confidence', 'uncertainty', 'controversy', 'rationale', 'axes', 'conditions',
  'relaxationReason', 'counts', 'supporting', 'refuting', 'origins',
] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];

/** Fields of a page unless `fields` says otherwise: what a writer needs to weigh and quote a claim. */
export const DEFAULT_CLAIM_FIELDS: readonly ClaimField[] = [
  'statement', 'decisionRelevance', 'status', 'confidence', 'uncertainty', 'controversy', 'conditions', 'counts', 'supporting', 'refuting', 'origins',
];

export interface MaterialsPageOptions {
  /** Position in the claim order (relevance, then confidence, then id; the same on every call). */
  offset?: number;
  /** Claims at most (the byte budget may stop the page earlier). */
  limit?: number;
  /** Only these claims (in the claim order), instead of the whole task. */
  claimIds?: readonly string[];
  fields?: readonly ClaimField[];
  /** Supporting and refuting quotes (each) and contested pairs per claim, strongest first. */
  perClaim?: number;
  /** Longest quote, in characters, cut around the decisive sentence. */
  quoteChars?: number;
  /** Largest page, in bytes of its JSON; at least one claim (or fragment) always comes. */
  maxBytes?: number;
  /** Adds the page's subgraph: its claims, their edges, the citations among its pages. */
  includeGraph?: boolean;
  /** Returns these fragments whole (the claim page is left empty). */
  fragmentIds?: readonly string[];
}

export interface EvidenceBrief {
  edgeId: string;
  stance: Stance;
  confidence: number;
  fragmentId: string;
  /** The fragment text, verbatim; when longer than quoteChars, the part around the decisive sentence. */
  quote: string;
  /** Where the quote sits in the fragment, [start, end) in characters (present when it was cut). */
  quoteSpan?: [number, number];
  /** Length of the whole fragment in characters. */
  fragmentChars: number;
  /** Where the decisive sentence sits in `quote`, [start, end), when it was found there. */
  decisiveSpan?: [number, number];
  locator: Locator;
  pageId: string;
  trustLevel: TrustLevel;
  model?: string;
}

/** A correction a person or client made to the claim (a rejection is shown, never hidden). */
export interface ClaimFeedbackView {
  rejected: boolean;
  by: string;
  at: string;
  reason: string;
  feedbackId: string;
}

export interface ClaimBrief {
  id: string;
  statement?: string;
  slots?: Claim['slots'];
  scope?: string;
  decisionRelevance?: Claim['decisionRelevance'];
  status?: ClaimStatus;
  confidence?: number;
  uncertainty?: number;
  controversy?: number;
  rationale?: string;
  axes?: Claim['axes'];
  conditions?: string[];
  relaxationReason?: string;
  /** Every edge of the claim counted, and the contested pairs it is part of. */
  counts?: { supports: number; refutes: number; neutral: number; contested: number };
  supporting?: EvidenceBrief[];
  refuting?: EvidenceBrief[];
  /** Page ids the claim was extracted from (details in `pages`). */
  origins?: string[];
  feedback?: ClaimFeedbackView;
}

export interface FragmentText {
  id: string;
  pageId: string;
  text: string;
  locator: Locator;
}

export interface MaterialsPage {
  /** The task without its configuration snapshot. */
  task: Omit<Task, 'configSnapshot'>;
  claims: ClaimBrief[];
  /** Contested pairs touching the page's claims (at most perClaim per claim). */
  contested: ContestedPair[];
  /** Citations among the page's sources. */
  citations: Array<{ fromPageId: string; toPageId: string; influential: boolean; relevance: number }>;
  /** Counterevidence searches of the page's claims. */
  counterevidenceLog: CounterevidenceEntry[];
  /** Every source the page refers to (evidence and origins), with bibliographic details. */
  pages: SourceView[];
  /** With fragmentIds: those fragments whole, as many as the byte budget holds. */
  fragments?: FragmentText[];
  /** With fragmentIds: the ones the byte budget left for another call. */
  fragmentsLeft?: string[];
  /** With includeGraph: the page's claims as stored, their edges and the citations among its pages. */
  graph?: { pages: Page[]; claims: Claim[]; edges: Edge[] };
  paging: {
    offset: number;
    limit: number;
    /** Claims (or fragments) on this page. */
    returned: number;
    totalClaims: number;
    /** Offset of the next page; absent on the last one. */
    nextOffset?: number;
    /** What ended the page: the claim limit, the byte budget or the end of the claims. */
    stoppedBy: 'limit' | 'bytes' | 'end';
    bytes: number;
    maxBytes: number;
  };
}
