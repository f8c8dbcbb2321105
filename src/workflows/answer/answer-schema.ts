// The answer to a question as data — a public contract: `answer` in research_run.json and in the
// `lyra research --json` result (JSON Schema in schemas/research/answer.schema.json, generated from
// this zod schema; regenerate with `node --import tsx scripts/write-research-schemas.ts`).
import { z } from 'zod';
import { TRUST_LEVELS, locatorSchema } from '../../core/index.js';
import { ANSWER_VERDICTS } from './verdict.js';

export const answerQuoteSchema = z.strictObject({
  quote: z.string().describe('The sentence quoted verbatim from the source'),
  url: z.string().describe('The source as the task knows it (corpus://<corpus>/<id> for local documents)'),
  link: z.string().nullable().describe("The source's real address when the corpus knows one (the example corpus: its Wikipedia article)"),
  title: z.string().nullable(),
  tier: z.enum(TRUST_LEVELS).describe('Trust level of the source'),
  stance_confidence: z.number().min(0).max(1).describe("The stance model's confidence that the quote supports (for) or refutes (against) the proposition"),
  evidence_id: z.string().nullable().describe('The evidence item in evidence.json, when the quote is one'),
  citation: z.number().int().min(1).nullable().describe("The quote's number in the report's References"),
  locator: z
    .strictObject(locatorSchema.shape)
    .optional()
    .describe(
      'Where the quote sits in its source (heading path, paragraph, sentence, characters), when known: two quotes of one document are told apart by it',
    ),
  read_as: z
    .string()
    .optional()
    .describe(
      'The proposition as the judge read it against this quote, when in the name the quote uses for its subject ("Ascorbic acid does…" for "Vitamin C does…")',
    ),
});

export const closestQuoteSchema = answerQuoteSchema.extend({
  stance_confidence: z
    .number()
    .min(0)
    .max(1)
    .describe("The stance model's probability for the side the passage leans to, under the bar that would have made it a supporting or refuting quote"),
  leans: z.enum(['supports', 'refutes']).describe('The side the neutral passage leans to'),
});

export const unconfirmedQuoteSchema = answerQuoteSchema.omit({ stance_confidence: true, read_as: true }).extend({
  claim_id: z.string().describe('The claim in verified_claims.json'),
  status: z.string().describe("The claim's status (UNSUPPORTED, UNVERIFIED…): no second source confirmed or refuted it"),
  relevance: z.number().min(0).max(1).describe("The claim's relevance to the question"),
});

export const proseSentenceSchema = z.strictObject({
  text: z.string(),
  quotes: z.array(z.number().int().min(1)).describe('Numbers (1-based, into for then against) of the quotes the sentence cites'),
  kept: z.boolean().describe('False: removed as unsupported by the quotes it cites'),
  judgement: z.enum(['supports', 'refutes', 'neutral', 'no_quote']).describe('The stance judge on the sentence against its quotes; no_quote: it cites none'),
  confidence: z.number().min(0).max(1).nullable(),
});

export const answerBasisSchema = z.strictObject({
  method: z
    .enum(['proposition_judged', 'relevant_claims', 'none'])
    .describe(
      'proposition_judged: the stance model judged the passages most relevant to the proposition; relevant_claims: an open question, answered by its relevant claims; none: nothing relevant was found',
    ),
  summary: z.string().describe('One sentence on what the verdict rests on'),
  what_would_change: z.string().describe('What evidence would change the verdict'),
  sources_searched: z.array(z.string()).describe('The sources the run searched (providers and corpora)'),
  relevant_claims: z.number().int().min(0),
  judged_passages: z.number().int().min(0).describe('Passages judged against the proposition'),
  passed_passages: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Of those, the passages the judge called supporting or refuting, counted for the verdict or not (one not naming the question's subject, from a BLOCKED source or leaning on the sentence before it is not); absent for an open question and in runs written before it",
    ),
  supporting_sources: z.number().int().min(0),
  refuting_sources: z.number().int().min(0),
  support: z.number().min(0).max(1).describe('E: noisy-OR of trust × stance confidence over independent supporting sources'),
  refutation: z.number().min(0).max(1).describe('The same over refuting sources'),
  stance_model: z.string().nullable(),
});

export const answerSchema = z.strictObject({
  question: z.string(),
  proposition: z.string().nullable().describe('The statement a yes/no question asks about; null for an open question'),
  verdict: z.enum(ANSWER_VERDICTS),
  confidence: z.number().min(0).max(1).describe('How strongly the evidence backs the verdict (see docs/guide.md)'),
  for: z.array(answerQuoteSchema).describe('The strongest quotes supporting the proposition, strongest first (at most 5)'),
  against: z.array(answerQuoteSchema).describe('The strongest quotes refuting it (at most 5)'),
  closest: z
    .array(closestQuoteSchema)
    .describe(
      'With the verdict "insufficient evidence" after judged passages: the passages the stance model came closest to calling supporting or refuting, all left neutral (at most 3); empty otherwise. Absent from runs written before it existed (read as empty).',
    )
    .default([]),
  unconfirmed: z
    .array(unconfirmedQuoteSchema)
    .describe(
      'An open question answered "insufficient evidence" with no quote for or against: its most relevant claims, each quoted from the source that states it, that no other source confirmed (at most 3); empty otherwise. Absent from runs written before it existed (read as empty).',
    )
    .default([]),
  basis: answerBasisSchema,
  prose: z
    .strictObject({
      model: z.string(),
      judge: z.string().describe('The stance model that checked each sentence'),
      sentences: z.array(proseSentenceSchema),
    })
    .nullable()
    .describe('The prose answer written by models.llm, checked sentence by sentence; null without a chat model'),
});

export type AnswerQuote = z.infer<typeof answerQuoteSchema>;
export type ClosestQuote = z.infer<typeof closestQuoteSchema>;
export type UnconfirmedQuote = z.infer<typeof unconfirmedQuoteSchema>;
export type ProseSentence = z.infer<typeof proseSentenceSchema>;
export type Answer = z.infer<typeof answerSchema>;

/** Draft 2020-12 JSON Schema of the answer, as published in schemas/research/answer.schema.json. */
export function answerJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(answerSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return {
    $schema,
    $id: 'https://github.com/lyra-research/lyra/schemas/research/answer.schema.json',
    title: 'Lyra answer to a research question',
    description:
      "`answer` in research_run.json and in the `lyra research --json` result: the verdict on the question's proposition, the strongest quotes for and against, its basis and, with models.llm, the checked prose answer.",
    ...rest,
  };
}
