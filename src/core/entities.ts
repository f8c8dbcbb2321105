// The evidence graph's entities (DESIGN.md "Data model"). Plain data: no behaviour, no I/O. The ones
// the engine's views carry are inferred from their zod schemas (schemas/entities.ts, schemas/graph-entities.ts).
import type { z } from 'zod';
import type { budgetSchema, identifiersSchema, storedErrorSchema, taskSchema } from './schemas/entities.js';
import type {
  DECISION_RELEVANCES,
  citesEdgeSchema,
  claimSchema,
  claimSlotsSchema,
  contradictsEdgeSchema,
  locatorSchema,
  pageSchema,
  stanceEdgeSchema,
  edgeJudgeSchema,
  statusAxesSchema,
} from './schemas/graph-entities.js';
import type { AuthKind, AuthStatus, QueryMode, QueryOrigin, QueryStatus, TrustLevel, TrustOrigin } from './enums.js';

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
  /** The caller's own id for this search (SearchOptions.clientKey), set when the query is recorded and never changed. */
  clientKey?: string;
}

export type Identifiers = z.infer<typeof identifiersSchema>;

export type Page = z.infer<typeof pageSchema>;

export type Locator = z.infer<typeof locatorSchema>;

export interface Fragment {
  id: string;
  pageId: string;
  text: string;
  locator: Locator;
  quotable: boolean;
}

export type ClaimSlots = z.infer<typeof claimSlotsSchema>;

export type DecisionRelevance = (typeof DECISION_RELEVANCES)[number];

/** What a claim's status was decided on (schemas/graph-entities.ts). */
export type StatusAxes = z.infer<typeof statusAxesSchema>;

export type Claim = z.infer<typeof claimSchema>;

/** Who decided a stance edge: its own sentence, a model (backend, calibration version), a person. */
export type EdgeJudge = z.infer<typeof edgeJudgeSchema>;
/** fragment → claim: the fragment supports, refutes or is neutral to the claim. */
export type StanceEdge = z.infer<typeof stanceEdgeSchema>;
/** page → page citation. */
export type CitesEdge = z.infer<typeof citesEdgeSchema>;
/** claim ↔ claim contradiction with the trust levels of both sides. */
export type ContradictsEdge = z.infer<typeof contradictsEdgeSchema>;
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
