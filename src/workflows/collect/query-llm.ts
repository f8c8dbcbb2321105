// Query generation by a configured LLM (any OpenAI-compatible chat model, injected). The answer must
// be JSON `{"queries": [...]}`; an answer that does not parse, or parses to no query, is a
// RetryableError carrying the raw answer's first 500 characters. There is no fallback (seed 003 §1):
// the seed's old fixed queries ("<kw> research statistics", …) are never substituted.
import { z } from 'zod';
import { RetryableError, isAbortError, isLyraError, type LyraError } from '../../core/index.js';
import { RAW_ANSWER_CHARS } from './limits.js';
import { uniqueQueries, type PlannedQuery } from './query-templates.js';

/** The part of a chat client that query generation needs (models/llm's ChatClient has it). */
export interface QueryLlm {
  readonly model: string;
  complete(request: {
    messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
    maxTokens?: number;
    signal?: AbortSignal;
  }): Promise<{ content: string }>;
}

export const QUERY_SYSTEM_PROMPT = [
  'You write search queries that find primary sources — peer-reviewed papers, official statistics, government and',
  'intergovernmental reports, standards — for an article. Write each query in the language of the keyword, short',
  '(2–8 words), without site: or other operators. Answer with JSON only, in exactly this form:',
  '{"queries": [{"query": "<query>", "section": "<one outline section, copied exactly, or null>"}]}',
].join(' ');

export function queryPrompt(options: { keyword: string; sections: string[]; maxQueries: number }): string {
  const outline = options.sections.length > 0 ? options.sections.map((s, i) => `${i + 1}. ${s}`).join('\n') : '(no outline)';
  return `Keyword: ${options.keyword}\nOutline sections:\n${outline}\n\nWrite at most ${options.maxQueries} queries: some for the keyword as a whole, and at least one for each outline section.`;
}

const answerSchema = z.object({
  queries: z.array(z.union([z.string(), z.object({ query: z.string(), section: z.string().nullish() })])),
});

/** The JSON inside an answer: bare, or in one ``` fenced block (some servers add fences). */
function jsonText(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return (fenced ? fenced[1]! : content).trim();
}

function unparsable(reason: string, raw: string, cause?: unknown): RetryableError {
  const head = raw.slice(0, RAW_ANSWER_CHARS);
  return new RetryableError(`query generation: ${reason}; raw answer: ${JSON.stringify(head)}`, {
    code: 'query_generation_unparsable',
    details: { raw_response: head },
    cause,
  });
}

/** Parses an LLM answer into planned queries; throws RetryableError (`query_generation_unparsable`) on anything else. */
export function parseQueryAnswer(
  raw: string,
  options: { sections: string[]; maxQueries: number },
): { queries: PlannedQuery[]; dropped: number; unknownSections: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(jsonText(raw));
  } catch (cause) {
    throw unparsable(`the answer is not JSON (${(cause as Error).message})`, raw, cause);
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success)
    throw unparsable(
      `the answer is not {"queries": [...]} (${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`,
      raw,
    );
  const bySection = new Map(options.sections.map((s) => [s.toLowerCase(), s]));
  const unknownSections: string[] = [];
  const planned = parsed.data.queries.map((q): PlannedQuery => {
    if (typeof q === 'string') return { query: q };
    if (!q.section) return { query: q.query };
    const section = bySection.get(q.section.trim().toLowerCase());
    if (!section) unknownSections.push(q.section);
    return section ? { query: q.query, section } : { query: q.query };
  });
  const { kept, dropped } = uniqueQueries(planned, options.maxQueries);
  if (kept.length === 0) throw unparsable('the answer holds no query (empty result)', raw);
  return { queries: kept, dropped, unknownSections };
}

/** Asks the LLM for queries. Its own errors keep their category; anything untyped becomes retryable. */
export async function llmQueries(options: {
  llm: QueryLlm;
  keyword: string;
  sections: string[];
  maxQueries: number;
  maxTokens: number;
  signal?: AbortSignal;
}): Promise<{ queries: PlannedQuery[]; dropped: number; unknownSections: string[] }> {
  let content: string;
  try {
    const answer = await options.llm.complete({
      messages: [
        { role: 'system', content: QUERY_SYSTEM_PROMPT },
        { role: 'user', content: queryPrompt(options) },
      ],
      maxTokens: options.maxTokens,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    content = answer.content;
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    if (isLyraError(error)) throw error as LyraError;
    throw new RetryableError(`query generation: LLM ${options.llm.model} failed: ${(error as Error).message}`, {
      code: 'query_generation_failed',
      cause: error,
    });
  }
  return parseQueryAnswer(content, options);
}
