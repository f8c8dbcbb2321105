// `lyra verify`: search → stance → status for one statement, through the Engine. A new task is made
// for the statement (its question), unless the caller names a task to verify within.
import { InvalidInputError, type EngineEvent, type Task, type VerifyOutcome } from '../../core/index.js';
import { detectLanguage } from '../../extract/index.js';
import type { LyraConfig } from '../config/index.js';
import { ensureBuiltinCorpora } from '../corpus/builtin-corpora.js';
import { corpusProviderLanguages } from '../corpus/corpus-language.js';
import { engineOnRuntime, type EngineOverrides } from '../engine.js';
import { createRuntime } from '../runtime.js';

export interface VerifyOnceOptions {
  config: LyraConfig;
  statement: string;
  /** Search providers: `corpus:<name>`, `corpus`, `searxng`, `duckduckgo`, scholarly sources; default: every configured one. */
  providers?: string[];
  /** Verify within this existing task instead of a new one. */
  taskId?: string;
  /** Pages the verification search may fetch or register. */
  maxPages?: number;
  signal?: AbortSignal;
  onEvent?: (event: EngineEvent) => void;
  overrides?: EngineOverrides;
}

export interface VerifyOnceResult extends VerifyOutcome {
  taskId: string;
}

export async function verifyOnce(options: VerifyOnceOptions): Promise<VerifyOnceResult> {
  const statement = options.statement.replace(/\s+/g, ' ').trim();
  if (!statement) throw new InvalidInputError('verify: empty statement', { code: 'statement_empty' });
  const overrides = options.overrides ?? {};
  const runtime = overrides.runtime ?? createRuntime(options.config, overrides, { watchPolicy: true });
  // Local corpora whose documents are all in the statement's language: no query in the other language
  // could match, so none is asked for (and no translator is wanted for one).
  let languages: ReturnType<typeof corpusProviderLanguages>;
  try {
    // A built-in corpus not yet indexed holds no document to read a language from: the first `lyra verify
    // --corpus example` of a fresh home asked for a Japanese mirror query and warned that no model translates.
    await ensureBuiltinCorpora({ store: runtime.store(), providers: options.providers, ...(options.signal ? { signal: options.signal } : {}) });
    languages = options.providers ? corpusProviderLanguages(runtime.store(), options.providers) : undefined;
  } catch (err) {
    if (!overrides.runtime) await runtime.close();
    throw err;
  }
  const oneLanguage = languages !== undefined && languages.size === 1 && languages.has(detectLanguage(statement));
  const engine = engineOnRuntime(runtime, oneLanguage ? { ...overrides, limits: { ...overrides.limits, mirrorQueries: false } } : overrides);
  const off = options.onEvent ? engine.on(options.onEvent) : undefined;
  try {
    let task: Task;
    if (options.taskId) {
      const found = engine.store.getTask(options.taskId);
      if (!found) throw new InvalidInputError(`verify: no task ${options.taskId}`, { code: 'task_not_found', details: { taskId: options.taskId } });
      task = found;
    } else {
      task = await engine.createTask({ question: statement, kind: 'verify', ...(options.providers ? { providers: options.providers } : {}) });
    }
    const outcome = await engine.verifyClaim(task.id, statement, {
      ...(options.providers ? { providers: options.providers } : {}),
      ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { taskId: task.id, ...outcome };
  } finally {
    off?.();
    // Closes the runtime too when it was built here (not given in the overrides).
    await engine.close();
  }
}
