// What INTEGRATE builds once and the report, its HTML page and the answer section read: its own module,
// so the renderers import its shape without importing integrate.ts, which imports them.
import type { Answer } from '../answer/index.js';
import type { EvidenceItemArtifact, NormalizedClaimItem, ResearchArtifacts, VerifiedClaimItem } from './artifacts.js';
import type { TaskSnapshot } from './snapshot.js';

export interface IntegrationModel {
  snapshot: TaskSnapshot;
  /** The answer on the question (research_run.json, the report's first section). */
  answer: Answer;
  verified: VerifiedClaimItem[];
  evidence: Map<string, EvidenceItemArtifact>;
  normalizedById: Map<string, NormalizedClaimItem>;
  artifacts: ResearchArtifacts;
}
