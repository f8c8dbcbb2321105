// A page of a task's materials sized for a reader that pays for every byte (an AI client over MCP):
// claims with the fields asked for, the strongest quotes cut around their decisive sentence, the
// contested pairs, counterevidence entries, sources and citations that those claims touch, and a
// byte budget the page stays within. The full text of any quote is one call away (fragmentIds).
// The page's shapes are zod schemas (schemas/materials-page.ts); the types here are inferred from them.
import type { z } from 'zod';
import type { claimBriefSchema, claimFeedbackViewSchema, evidenceBriefSchema, fragmentTextSchema, materialsPageSchema } from '../schemas/materials-page.js';

/** Claim fields a page can carry (the id always comes). */
export const CLAIM_FIELDS = [
  'statement',
  'slots',
  'scope',
  'decisionRelevance',
  'status',
  'confidence',
  'uncertainty',
  'controversy',
  'rationale',
  'axes',
  'conditions',
  'relaxationReason',
  'counts',
  'supporting',
  'refuting',
  'origins',
] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];

/** Fields of a page unless `fields` says otherwise: what a writer needs to weigh and quote a claim. */
export const DEFAULT_CLAIM_FIELDS: readonly ClaimField[] = [
  'statement',
  'decisionRelevance',
  'status',
  'confidence',
  'uncertainty',
  'controversy',
  'conditions',
  'counts',
  'supporting',
  'refuting',
  'origins',
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

export type EvidenceBrief = z.infer<typeof evidenceBriefSchema>;
/** A correction a person or client made to the claim (a rejection is shown, never hidden). */
export type ClaimFeedbackView = z.infer<typeof claimFeedbackViewSchema>;
export type ClaimBrief = z.infer<typeof claimBriefSchema>;
export type FragmentText = z.infer<typeof fragmentTextSchema>;
export type MaterialsPage = z.infer<typeof materialsPageSchema>;
