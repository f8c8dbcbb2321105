// Output schema of get_materials: one MaterialsPage (core/interfaces/materials-page.ts), snake_case.
import { z } from 'zod';
import { CLAIM_STATUSES, CONTRADICTION_TYPES, STANCES, TRUST_LEVELS } from '../../core/index.js';
import { sourceViewSchema, taskSchema } from './views.js';

const num = z.number();
const span = z.tuple([num, num]);

export const evidenceBriefSchema = z.looseObject({
  edge_id: z.string(),
  stance: z.enum(STANCES),
  confidence: num,
  fragment_id: z.string(),
  quote: z.string(),
  quote_span: span.optional(),
  fragment_chars: num,
  decisive_span: span.optional(),
  locator: z.looseObject({}),
  page_id: z.string(),
  trust_level: z.enum(TRUST_LEVELS),
  model: z.string().optional(),
});

export const claimBriefSchema = z.looseObject({
  id: z.string(),
  statement: z.string().optional(),
  slots: z.looseObject({}).optional(),
  scope: z.string().optional(),
  decision_relevance: z.string().optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
  confidence: num.optional(),
  uncertainty: num.optional(),
  controversy: num.optional(),
  rationale: z.string().optional(),
  axes: z.looseObject({}).optional(),
  conditions: z.array(z.string()).optional(),
  relaxation_reason: z.string().optional(),
  counts: z.looseObject({ supports: num, refutes: num, neutral: num, contested: num }).optional(),
  supporting: z.array(evidenceBriefSchema).optional(),
  refuting: z.array(evidenceBriefSchema).optional(),
  origins: z.array(z.string()).optional(),
  feedback: z.looseObject({ rejected: z.boolean(), by: z.string(), at: z.string(), reason: z.string(), feedback_id: z.string() }).optional(),
});

export const materialsPageSchema = z.looseObject({
  task: taskSchema,
  claims: z.array(claimBriefSchema),
  contested: z.array(z.looseObject({ claim_id: z.string(), other_claim_id: z.string(), type: z.enum(CONTRADICTION_TYPES), trust_level: z.enum(TRUST_LEVELS), other_trust_level: z.enum(TRUST_LEVELS) })),
  citations: z.array(z.looseObject({ from_page_id: z.string(), to_page_id: z.string(), influential: z.boolean(), relevance: num })),
  counterevidence_log: z.array(z.looseObject({ claim_id: z.string(), search_queries: z.array(z.string()), search_scope: z.string(), found_counterevidence: z.boolean(), impact_on_status: z.string().nullable() })),
  pages: z.array(sourceViewSchema),
  fragments: z.array(z.looseObject({ id: z.string(), page_id: z.string(), text: z.string(), locator: z.looseObject({}) })).optional(),
  fragments_left: z.array(z.string()).optional(),
  graph: z.looseObject({ pages: z.array(z.looseObject({})), claims: z.array(z.looseObject({})), edges: z.array(z.looseObject({})) }).optional(),
  paging: z.looseObject({
    offset: num, limit: num, returned: num, total_claims: num, next_offset: num.optional(), stopped_by: z.enum(['limit', 'bytes', 'end']), bytes: num, max_bytes: num,
  }),
  resources: z.looseObject({ materials: z.string(), graph: z.string() }),
});
