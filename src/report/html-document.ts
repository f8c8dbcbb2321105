// The evidence report as data for the HTML renderers (report.html beside a research report,
// `lyra task materials --format html`, the browser UI): what a reader sees — the answer, the claims
// with their status, rationale and verbatim quotes, contested pairs — with every text still raw.
// Escaping happens once, where HTML is written (core/format htmlText / htmlAttr / htmlLink).
import type { ClaimStatus, ContradictionType, ShownVerdictInput, TrustLevel } from '../core/index.js';
import type { ReportBlock } from './document.js';

export type HtmlClaimStatus = ClaimStatus | 'PENDING';

/** Display order of the claim groups (pending last: not judged yet). */
export const HTML_STATUS_ORDER: readonly HtmlClaimStatus[] = ['VERIFIED', 'CONDITIONED', 'CONTESTED', 'REFUTED', 'UNSUPPORTED', 'PENDING'];

export interface HtmlSource {
  /** The address the task knows (corpus://… for a local document). */
  url: string;
  /** The real http(s) address when one is known (a built-in corpus document's article). */
  link?: string;
  title?: string;
  domain: string;
  trustLevel: TrustLevel;
}

export interface HtmlQuote {
  /** Verbatim from the source (cut with … when long, never reworded). */
  text: string;
  stance: 'supports' | 'refutes';
  /** A neutral passage shown as closest: the side it leans to (`confidence` is that side's probability). */
  leans?: 'supports' | 'refutes';
  /** The sentence the claim was extracted from (not a judgement). */
  stated: boolean;
  /** The judge's confidence of the stance (1 for a stated sentence or a person's correction). */
  confidence: number;
  /** Who judged: the stance model, `origin`, or `feedback:<author>`. */
  model?: string;
  source: HtmlSource;
  /** The locator in words (heading path, paragraph, sentence). */
  locator: string;
  edgeId?: string;
  /** In the document's language, what the judge read when not the claim as stated (its subject's other name). */
  readAs?: string;
  /** In the document's language, when the quote states part of the claim, not all of it. */
  part?: string;
}

export interface HtmlClaim {
  id: string;
  statement: string;
  status: HtmlClaimStatus;
  confidence: number;
  /** Why the claim has its status, in words. */
  rationale?: string;
  conditions: string[];
  supporting: HtmlQuote[];
  refuting: HtmlQuote[];
  /**
   * A relevant claim that no other source's passage supports or refutes: the passage the judge came closest
   * to calling (neutral, `leans` set), for the reader to judge. Absent otherwise.
   */
  closest?: HtmlQuote[];
  /** Rejected by feedback (kept, marked). */
  rejected?: { by: string; reason: string; at: string };
}

export interface HtmlAnswer {
  /** The verdict as people read it, in the report's language ("Insufficient evidence"). */
  verdict: string;
  /**
   * The verdict as data with what was judged (core/format shownVerdict): whether a confidence figure is
   * shown, or what was searched and judged instead. The label above never decides that.
   */
  shown: ShownVerdictInput;
  proposition?: string;
  confidence: number;
  summary: string;
  whatWouldChange?: string;
  for: HtmlQuote[];
  against: HtmlQuote[];
  /** With "insufficient evidence": the neutral passages the judge came closest to calling either way. */
  closest?: HtmlQuote[];
  /** An open question with nothing for or against: its most relevant claims' own sentences, none confirmed by another source. */
  unconfirmed?: HtmlQuote[];
  /** The checked prose answer's kept sentences, when a chat model wrote one. */
  prose?: string;
}

export interface HtmlContestedPair {
  claimId: string;
  otherClaimId: string;
  type: ContradictionType;
  trustLevel: TrustLevel;
  otherTrustLevel: TrustLevel;
}

export interface HtmlReportDocument {
  lang: 'en' | 'ja';
  question: string;
  /** One line each under the title: task, run time, sources searched… */
  meta: string[];
  answer?: HtmlAnswer;
  claims: HtmlClaim[];
  /** Claims of the task (the document may show fewer). */
  totalClaims: number;
  contested: HtmlContestedPair[];
  /**
   * When no claim reaches the relevance cut: the claims read that come nearest, nearest first, with the
   * heading and note in the document's language (the Markdown report's "Nearest claims" section).
   */
  nearest?: { heading: string; note: string; claims: Array<{ statement: string; relevance: string; status: HtmlClaimStatus }> };
  /** The Markdown report's Limitations (open gaps, failed searches, warnings, trust), with its heading in the document's language. */
  limitations?: { heading: string; blocks: ReportBlock[] };
}

/** Colours shared by the report and the browser UI: claim status and source trust level. */
export const STATUS_COLOURS: Readonly<Record<HtmlClaimStatus, string>> = {
  VERIFIED: '#1a7f37',
  CONDITIONED: '#0a7e8c',
  CONTESTED: '#c2410c',
  REFUTED: '#b91c1c',
  UNSUPPORTED: '#6b7280',
  PENDING: '#a3a3a3',
};
export const TRUST_COLOURS: Readonly<Record<TrustLevel, string>> = {
  PRIMARY: '#1e3a8a',
  GOVERNMENT: '#2563eb',
  ACADEMIC: '#7c3aed',
  TRUSTED: '#0d9488',
  LOW: '#d97706',
  UNVERIFIED: '#9ca3af',
  BLOCKED: '#111827',
};
export const STANCE_COLOURS = { supports: '#16a34a', refutes: '#dc2626', stated: '#9ca3af', contradicts: '#9333ea', cites: '#64748b' } as const;
