// The other language's topic for WIDE (seed 001: queries in the question's language and the other
// one): a chat model (models.llm) translates the search phrase. An empty or failed answer is an
// error the run reports as a warning — never a guessed translation.
import { NonRetryableError } from '../../core/index.js';
import type { QueryTranslator } from './types.js';

/** Longest text sent for translation and longest answer accepted, in characters. */
export const MAX_TRANSLATION_CHARS = 500;

export interface ChatCompleter {
  readonly model: string;
  complete(request: { messages: Array<{ role: 'system' | 'user'; content: string }>; maxTokens?: number; signal?: AbortSignal }): Promise<{ content: string }>;
}

const NAMES = { en: 'English', ja: 'Japanese' } as const;

export function createChatTranslator(chat: ChatCompleter): QueryTranslator {
  return {
    name: `llm:${chat.model}`,
    async translate({ text, to, signal }) {
      const input = text.slice(0, MAX_TRANSLATION_CHARS);
      const answer = await chat.complete({
        messages: [
          { role: 'system', content: `Translate the user's web search query into ${NAMES[to]}. Answer with the translated query only: no quotes, no explanation.` },
          { role: 'user', content: input },
        ],
        maxTokens: 128,
        ...(signal ? { signal } : {}),
      });
      const out = answer.content.split('\n')[0]!.replace(/^["'「『]+|["'」』]+$/g, '').trim();
      if (out === '' || out.length > MAX_TRANSLATION_CHARS) {
        throw new NonRetryableError(`translator ${chat.model}: unusable translation of ${JSON.stringify(input)}: ${JSON.stringify(answer.content.slice(0, 200))}`, { code: 'translation_invalid' });
      }
      return out;
    },
  };
}
