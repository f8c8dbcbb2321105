// Mirror queries (seed 002: 言語横断ミラークエリ) need a model that can translate: the configured
// OpenAI-compatible chat model (`models.llm`), asked for a JSON answer. Without one, expansion skips
// the mirror with a visible warning; a failed translation is a warning too, never a guessed query.
import { z } from 'zod';
import { InvalidInputError } from '../core/index.js';
import type { Translator } from '../core/index.js';
import type { ChatClient } from '../models/index.js';
import type { LyraConfig } from './config/index.js';
import { chatClientOf } from './llm.js';

/** Longest text sent for translation (a query, not a document). */
export const MAX_TRANSLATE_CHARS = 1_000;

const LANGUAGE_NAMES = { en: 'English', ja: 'Japanese' } as const;
const answerSchema = z.strictObject({
  translation: z
    .string()
    .min(1)
    .max(4 * MAX_TRANSLATE_CHARS),
});

export function createLlmTranslator(client: ChatClient): Translator {
  return {
    name: `llm:${client.model}`,
    async translate({ text, to, signal }) {
      if (text.length > MAX_TRANSLATE_CHARS)
        throw new InvalidInputError(`translate: text longer than ${MAX_TRANSLATE_CHARS} characters`, { code: 'text_too_long' });
      const { value } = await client.completeJson({
        schemaName: 'translation',
        schema: answerSchema,
        messages: [
          {
            role: 'system',
            content: `Translate the user's search query into ${LANGUAGE_NAMES[to]}. Keep search operators (site:, filetype:, quotes, OR) and proper names as they are. Add nothing and explain nothing. Answer as JSON: {"translation": "..."}`,
          },
          { role: 'user', content: text },
        ],
        ...(signal ? { signal } : {}),
      });
      return value.translation.trim();
    },
  };
}

/** The translator of the configuration: the `models.llm` chat model, or none. */
export function configuredTranslator(config: LyraConfig): Translator | undefined {
  const chat = chatClientOf(config);
  return chat ? createLlmTranslator(chat) : undefined;
}
