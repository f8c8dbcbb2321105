// research_run.json in a run folder: the pointer to the run's task (written when the run starts, read
// by --resume) and, once the run is done, its status and its answer (a public contract; JSON Schema in
// schemas/research/research_run.schema.json).
import { z } from 'zod';
import { reportDocumentSchema } from '../../report/index.js';
import { answerJsonSchema, answerSchema } from '../answer/index.js';

export const researchRunSchema = z.strictObject({
  run_id: z.string(),
  task_id: z.string(),
  question: z.string().optional(),
  started_at: z.string().optional(),
  store: z.string().optional().describe('The SQLite store holding the task'),
  status: z.enum(['completed', 'stopped']).optional().describe('Absent while the run is going on'),
  answer: answerSchema.nullable().optional().describe('The answer on the question (see answer.schema.json); null for a stopped run'),
  report_claim_ids: z
    .array(z.string())
    .optional()
    .describe('The claim id of each numbered claim heading of the report, in order (### 1. … is the first); absent for a stopped run'),
  report_html_csp: z.string().optional().describe("The Content-Security-Policy the run's report.html was written under (its inline style and script by hash)"),
});
export type ResearchRunFile = z.infer<typeof researchRunSchema>;

/** The schemas published beside the artifacts: the answer, research_run.json and the report's document. */
export const RESEARCH_CONTRACT_SCHEMAS = ['answer', 'research_run', 'report_document'] as const;

export function researchContractJsonSchema(name: (typeof RESEARCH_CONTRACT_SCHEMAS)[number]): Record<string, unknown> {
  if (name === 'answer') return answerJsonSchema();
  if (name === 'report_document') {
    const { $schema, ...doc } = z.toJSONSchema(reportDocumentSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
    return {
      $schema,
      $id: 'https://github.com/lyra-research/lyra/schemas/research/report_document.schema.json',
      title: 'Lyra research report as data (<topic>_report.json)',
      description:
        'The report of a `lyra research` run as a document of blocks and inline pieces, each piece text (never Markdown or HTML); report.md and the UI render it.',
      ...doc,
    };
  }
  const { $schema, ...rest } = z.toJSONSchema(researchRunSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return {
    $schema,
    $id: 'https://github.com/lyra-research/lyra/schemas/research/research_run.schema.json',
    title: 'Lyra research run pointer and answer (research_run.json)',
    description: 'research_run.json in a `lyra research` run folder: the task it belongs to, and once done its status and answer.',
    ...rest,
  };
}
