// The research run's artifacts (seed 001 Artifacts共通ルール): every artifact file carries id,
// created_at, scope, assumptions and open_questions; claims carry claim_id, statement, scope and
// decision_relevance; evidence carries source_id, quote, supports|refutes and quality_score. The zod
// schemas are the source of the JSON Schemas published in schemas/research/ (a test keeps them equal).
import { z } from 'zod';
import { CLAIM_STATUSES, TRUST_LEVELS } from '../../core/index.js';
import { closestQuoteSchema } from '../answer/index.js';
import { PERSPECTIVE_KEYS } from './perspectives.js';

const relevance = z.enum(['high', 'medium', 'low']);
const isoTime = z.string().describe('ISO 8601 time');
const locatorSchema = z.strictObject({
  headingPath: z.array(z.string()).optional(),
  paragraph: z.number().int().optional(),
  sentence: z.number().int().optional(),
  charStart: z.number().int().optional(),
  charEnd: z.number().int().optional(),
});

/** Meta every artifact carries (seed 001). */
const artifactMeta = {
  id: z.string().min(1).describe('Artifact id: <run id>:<artifact>'),
  created_at: isoTime,
  scope: z.string().describe('What the artifact covers: question, providers, languages'),
  assumptions: z.array(z.string()).describe('What the run took as given (trust levels, purpose, language limits)'),
  open_questions: z.array(z.string()).describe('What the run could not settle (open gaps, unverified major claims)'),
  run_id: z.string(),
  task_id: z.string(),
  question: z.string(),
  language: z.enum(['ja', 'en']),
};

export const rawClaimSchema = z.strictObject({
  raw_claim_id: z.string(),
  text: z.string().describe('The claim as extracted from the source sentence'),
  source: z.string().describe('URL of the source (corpus://<corpus>/<id> for local documents)'),
  source_title: z.string().nullable(),
  published_at: z.string().nullable(),
  claim_id: z.string().describe('The engine claim it became'),
  perspective: z.enum(PERSPECTIVE_KEYS).nullable().describe('Perspective of the WIDE search that first found it'),
});

export const normalizedClaimSchema = z.strictObject({
  claim_id: z.string(),
  statement: z.string(),
  scope: z.string(),
  decision_relevance: relevance,
  slots: z.strictObject({ subject: z.string().optional(), predicate: z.string().optional(), object: z.string().optional(), time: z.string().optional() }),
  fingerprint: z.string(),
  language: z.enum(['ja', 'en']),
  negated: z.boolean(),
  features: z.array(z.string()),
  merged_claim_ids: z.array(z.string()).describe('Engine claims merged into this one (near-duplicates)'),
  raw_claim_ids: z.array(z.string()),
  sources: z.array(z.string()),
  relevance: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "Relevance to the question: about its subject and what is asked of it, terms weighted by rarity, mixed for an English question with the encoder's cosines of question and claim and of question and the claim's document title (docs/guide.md, NORMALIZE); relevant from 0.3",
    ),
  perspective: z.enum(PERSPECTIVE_KEYS).nullable(),
});

export const gapSchema = z.strictObject({
  gap_id: z.string(),
  kind: z.enum(['perspective', 'claim']),
  perspective: z.enum(PERSPECTIVE_KEYS).nullable(),
  claim_id: z.string().nullable(),
  description: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'closed', 'exhausted']),
  queries_run: z.number().int().min(0),
  sub_question_id: z.string(),
});

export const subQuestionSchema = z.strictObject({
  sub_question_id: z.string(),
  gap_id: z.string(),
  question: z.string(),
  queries: z.array(z.string()).describe('The mechanical DEEP queries for the gap, in the order they run'),
});

export const evidenceSchema = z.strictObject({
  evidence_id: z.string(),
  claim_id: z.string(),
  source_id: z.string().describe('Page id of the source in the task'),
  url: z.string(),
  title: z.string().nullable(),
  quote: z.string().describe('Verbatim sentence of the source'),
  stance: z.enum(['supports', 'refutes']),
  supports: z.boolean(),
  refutes: z.boolean(),
  quality_score: z.number().min(0).max(1).describe('freshness × authority × bias'),
  freshness: z.number().min(0).max(1),
  authority: z.number().min(0).max(1),
  bias: z.number().min(0).max(1),
  bias_flags: z.array(z.string()),
  tier: z.enum(TRUST_LEVELS),
  confidence: z.number().min(0).max(1).describe('Stance model confidence (1 for the sentence the claim was taken from)'),
  model: z.string().nullable(),
  locator: locatorSchema,
  published_at: z.string().nullable(),
  read_as: z
    .string()
    .optional()
    .describe('The claim as the stance model read it against this quote, when in the name the quote uses for its subject (a statement asked to verify)'),
  part: z.literal(true).optional().describe("The quote states part of the claim, not all of it: another source's claim that the claim entails"),
});

/** The axes of seed 001's threshold table, as the engine recorded them for the claim. */
export const statusAxesSchema = z.strictObject({
  evidence: z.number(),
  coverage: z.number(),
  agreement: z.number(),
  recency: z.number(),
  traceability: z.number(),
  refutation: z.number(),
  independentSupport: z.number().int(),
  contestedByHighTrust: z.boolean(),
});

export const verifiedClaimSchema = z.strictObject({
  claim_id: z.string(),
  statement: z.string(),
  scope: z.string(),
  decision_relevance: relevance,
  status: z.enum(CLAIM_STATUSES),
  table_status: z.enum(CLAIM_STATUSES).describe('Status from the threshold table before any relaxation'),
  rationale: z.string(),
  axes: statusAxesSchema.nullable().describe('What the table status was decided on (null for a claim the graph has not judged)'),
  conditions: z.array(z.string()),
  supporting_evidence_ids: z.array(z.string()),
  refuting_evidence_ids: z.array(z.string()),
  relaxation_reason: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  major: z.boolean(),
  major_reasons: z.array(z.string()),
  refutation_searched: z.boolean(),
  relevance: z.number().min(0).max(1),
  contested_with: z.array(z.string()),
  question_proposition: z
    .boolean()
    .describe("True for the question's own proposition, verified for the answer (research_run.json answer.proposition): no source stated it"),
  closest: z
    .array(closestQuoteSchema)
    .max(1)
    .optional()
    .describe(
      "A relevant claim that no other source's passage supports or refutes past the judge's bar: the passage of another source the judge came closest to calling, left neutral, for the reader to judge (absent otherwise)",
    ),
});

export const counterevidenceEntrySchema = z.strictObject({
  claim_id: z.string(),
  search_queries: z.array(z.string()),
  search_scope: z.string(),
  found_counterevidence: z.boolean(),
  impact_on_status: z.string().nullable(),
});

function artifactFile<T extends z.ZodType>(name: string, item: T) {
  return z.strictObject({ artifact: z.literal(name), ...artifactMeta, items: z.array(item) });
}

export const RESEARCH_ARTIFACT_SCHEMAS = {
  raw_claims: artifactFile('raw_claims', rawClaimSchema),
  normalized_claims: artifactFile('normalized_claims', normalizedClaimSchema),
  gaps: artifactFile('gaps', gapSchema),
  sub_questions: artifactFile('sub_questions', subQuestionSchema),
  evidence: artifactFile('evidence', evidenceSchema),
  verified_claims: artifactFile('verified_claims', verifiedClaimSchema),
  counterevidence_log: artifactFile('counterevidence_log', counterevidenceEntrySchema),
} as const;

export type ResearchArtifactName = keyof typeof RESEARCH_ARTIFACT_SCHEMAS;
export const RESEARCH_ARTIFACT_NAMES = Object.keys(RESEARCH_ARTIFACT_SCHEMAS) as ResearchArtifactName[];

export type RawClaimItem = z.infer<typeof rawClaimSchema>;
export type NormalizedClaimItem = z.infer<typeof normalizedClaimSchema>;
export type GapItem = z.infer<typeof gapSchema>;
export type SubQuestionItem = z.infer<typeof subQuestionSchema>;
export type EvidenceItemArtifact = z.infer<typeof evidenceSchema>;
export type VerifiedClaimItem = z.infer<typeof verifiedClaimSchema>;
export type CounterevidenceItem = z.infer<typeof counterevidenceEntrySchema>;
export type ArtifactMeta = Omit<z.infer<typeof RESEARCH_ARTIFACT_SCHEMAS.raw_claims>, 'artifact' | 'items'>;
export type ResearchArtifacts = { [K in ResearchArtifactName]: z.infer<(typeof RESEARCH_ARTIFACT_SCHEMAS)[K]> };

/** The file an artifact is written to in the run folder. */
export function artifactFileName(name: ResearchArtifactName): string {
  return `${name}.json`;
}

/** Draft 2020-12 JSON Schema of one artifact file, as published in schemas/research/<name>.schema.json. */
export function researchArtifactJsonSchema(name: ResearchArtifactName): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(RESEARCH_ARTIFACT_SCHEMAS[name], { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return {
    $schema,
    $id: `https://github.com/lyra-research/lyra/schemas/research/${name}.schema.json`,
    title: `Lyra research artifact: ${name} (seed 001)`,
    description: `${artifactFileName(name)} in a \`lyra research\` run folder.`,
    ...rest,
  };
}
