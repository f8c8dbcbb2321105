// The evidence graph's entities (DESIGN.md "Data model"). Plain data: no behaviour, no I/O. The ones
// the engine's views carry are inferred from their zod schemas (schemas/entities.ts).
import type { z } from 'zod';
import type { budgetSchema, identifiersSchema, storedErrorSchema, taskSchema } from './schemas/entities.js';
import type {
  AuthKind,
  AuthStatus,
  ClaimStatus,
  ContradictionType,
  FetchStatus,
  QueryMode,
  QueryOrigin,
  QueryStatus,
  SourceType,
  Stance,
  TrustLevel,
  TrustOrigin,
} from './enums.js';

/** ISO-8601 timestamp string (UTC). */
export type IsoTime = string;

export type Budget = z.infer<typeof budgetSchema>;

export type Task = z.infer<typeof taskSchema>;

export interface QueryMetrics {
  harvestRate?: number;
  novelty?: number;
  duplicateRate?: number;
  satisfaction?: number;
  pagesFound?: number;
  pagesFetched?: number;
  usefulFragments?: number;
}

/** Why a query failed, as data: its category and code decide what a reader or a workflow does with it. */
export type StoredError = z.infer<typeof storedErrorSchema>;

export interface Query {
  id: string;
  taskId: string;
  text: string;
  mode: QueryMode;
  origin: QueryOrigin;
  status: QueryStatus;
  attempts: number;
  /** A line for people: the failure ("category: message"), why it waits ("pending: …") or was cancelled. */
  lastError?: string;
  /** The failure of the last attempt, as data (set with status failed, and while a retry waits). */
  error?: StoredError;
  metrics: QueryMetrics;
  createdAt: IsoTime;
  finishedAt?: IsoTime;
}

export type Identifiers = z.infer<typeof identifiersSchema>;

export interface Page {
  id: string;
  taskId?: string;
  /** Normalized URL (core/url.ts); unique per task. */
  url: string;
  domain: string;
  title?: string;
  sourceType: SourceType;
  fetchStatus: FetchStatus;
  fetchedAt?: IsoTime;
  contentHash?: string;
  publishedAt?: string;
  authors: string[];
  organization?: string;
  identifiers: Identifiers;
  abstractOnly: boolean;
  /** Trust level of the domain when the page was used. */
  trustLevel: TrustLevel;
  createdAt: IsoTime;
}

export interface Locator {
  headingPath?: string[];
  paragraph?: number;
  sentence?: number;
  charStart?: number;
  charEnd?: number;
}

export interface Fragment {
  id: string;
  pageId: string;
  text: string;
  locator: Locator;
  quotable: boolean;
}

export interface ClaimSlots {
  subject?: string;
  predicate?: string;
  object?: string;
  time?: string;
}

export type DecisionRelevance = 'high' | 'medium' | 'low';

/**
 * The measures a claim's status is decided on (seed 001's threshold table, policy/claim-status), kept
 * with the claim as data: workflows that re-apply the table (relaxation) and reports that explain a
 * status read these, never the rationale's words.
 */
export interface StatusAxes {
  evidence: number;
  coverage: number;
  agreement: number;
  recency: number;
  traceability: number;
  /** Strength of the refutation, the same noisy-OR over refuting sources. */
  refutation: number;
  /** Independent sources (registrable domains) with supporting evidence. */
  independentSupport: number;
  /** A contradiction between two ACADEMIC-or-higher sources touches the claim (seed 000 CONTESTED). */
  contestedByHighTrust: boolean;
}

export interface Claim {
  /** `clm_` + hash of the normalized statement (core/ids.ts). */
  id: string;
  taskId?: string;
  statement: string;
  slots: ClaimSlots;
  scope?: string;
  decisionRelevance: DecisionRelevance;
  status?: ClaimStatus;
  confidence?: number;
  rationale?: string;
  /** What the status was decided on (set with the status by the graph's recompute). */
  axes?: StatusAxes;
  conditions: string[];
  relaxationReason?: string;
  createdAt: IsoTime;
}

interface EdgeBase {
  id: string;
  taskId?: string;
  createdAt: IsoTime;
}

/** fragment → claim: the fragment supports, refutes or is neutral to the claim. */
export interface StanceEdge extends EdgeBase {
  kind: Stance;
  fragmentId: string;
  claimId: string;
  confidence: number;
  /**
   * The judge's probability of each class. A `neutral` edge keeps them, so a reader (or a later,
   * stricter or looser threshold) can see how close the judge came to supports or refutes.
   */
  scores?: Record<Stance, number>;
  /** The sentence of the fragment that decided the stance. */
  decisiveSentence?: string;
  model?: string;
}

/** page → page citation. */
export interface CitesEdge extends EdgeBase {
  kind: 'cites';
  fromPageId: string;
  toPageId: string;
  influential: boolean;
  relevance: number;
}

/** claim ↔ claim contradiction with the trust levels of both sides. */
export interface ContradictsEdge extends EdgeBase {
  kind: 'contradicts';
  claimId: string;
  otherClaimId: string;
  contradictionType: ContradictionType;
  trustLevel: TrustLevel;
  otherTrustLevel: TrustLevel;
}

export type Edge = StanceEdge | CitesEdge | ContradictsEdge;

export interface DomainState {
  domain: string;
  trustLevel: TrustLevel;
  origin: TrustOrigin;
  originalTrustLevel: TrustLevel;
  blockedAt?: IsoTime;
  reason?: string;
  causingClaimIds: string[];
  acceptedCount: number;
  rejectedCount: number;
  canRestore: boolean;
  restoreVia?: string;
  updatedAt: IsoTime;
}

export interface Checkpoint {
  taskId: string;
  stepKey: string;
  payload: unknown;
  updatedAt: IsoTime;
}

export interface AuthItem {
  id: string;
  taskId?: string;
  url: string;
  domain: string;
  kind: AuthKind;
  status: AuthStatus;
  detail?: string;
  createdAt: IsoTime;
}
