// The research workflow (seed 001): WIDE → NORMALIZE → DEEP → VERIFY → INTEGRATE over the Engine.
// The state is saved after every search and phase; Ctrl-C (the signal) stops the engine's task and
// leaves the state resumable; resumeResearchWorkflow lets the engine finish interrupted queries, then
// continues from the recorded phase and round.
import { InvalidInputError, NonRetryableError, errorMessage, newId, type Thesaurus } from '../../core/index.js';
import { detectLanguage, normalizeClaim, renamings } from '../../extract/index.js';
import { analyzeQuestion, questionKind } from '../answer/index.js';
import { DEFAULT_RESEARCH_BUDGET, engineTaskBudget, widePagesPerQuery } from './budget.js';
import { createRunContext, type RunContext } from './context.js';
import { runDeep } from './deep.js';
import { analyzeGaps } from './gaps.js';
import type { Answer } from '../answer/index.js';
import { propositionClaimId } from './answer.js';
import { addProseAnswer, buildIntegration, emptyCounts, writeIntegration } from './integrate.js';
import { questionLanguage, type ResearchLanguage } from './language.js';
import { DEFAULT_MAX_MAJOR_CLAIMS } from './major-claims.js';
import { MIN_RELEVANCE, normalizedClaims, rawClaims } from './normalize.js';
import { DEFAULT_TEMPLATES_PER_PERSPECTIVE, MAX_TEMPLATES_PER_PERSPECTIVE, questionTopic, wideQueries } from './perspectives.js';
import { perspectiveReach } from './perspective-reach.js';
import { searchQueryText } from './query-text.js';
import { OTHER_NAME_GENRE } from './search-log.js';
import { ResearchInterrupted, runEntries, throwIfInterrupted } from './searches.js';
import { questionReadings } from './relevance.js';
import { readSnapshot } from './read-snapshot.js';
import { createClaimAnalyzer } from './snapshot.js';
import { RESEARCH_STATE_VERSION, researchStateSchema, type ResearchState, type ResearchStateStore, type SearchEntry } from './state.js';
import type { ResearchDeps, ResearchInput, ResearchResult } from './types.js';
import { refutationSearched, runVerify } from './verify.js';

/** Longest question accepted, in characters. */
export const MAX_RESEARCH_QUESTION_CHARS = 1_000;

const other = (l: ResearchLanguage): ResearchLanguage => (l === 'ja' ? 'en' : 'ja');

async function topicsOf(
  deps: ResearchDeps,
  question: string,
  signal: AbortSignal | undefined,
  warn: (code: string, message: string) => void,
): Promise<ResearchState['topics']> {
  const lang = detectLanguage(question);
  const topics: ResearchState['topics'] = [{ language: lang, topic: questionTopic(question, lang) }];
  const to = other(lang);
  // Sources with no document in the other language (a corpus of English files) are searched in the question's alone.
  if (deps.sourceLanguages && !deps.sourceLanguages.has(to)) return topics;
  if (!deps.translator) {
    warn('translator_missing', `queries run in ${lang} only: no translator is configured for ${to} queries (set models.llm in lyra.config.yaml)`);
    return topics;
  }
  try {
    const translated = (await deps.translator.translate({ text: topics[0]!.topic, to, ...(signal ? { signal } : {}) })).trim();
    if (translated && translated !== topics[0]!.topic) topics.push({ language: to, topic: translated });
  } catch (err) {
    warn('translation_failed', `${to} queries skipped: translator ${deps.translator.name} failed: ${errorMessage(err)}`);
  }
  return topics;
}

/** Pages the question's own search (the topic alone) may register, at least. */
export const CORE_QUERY_MIN_PAGES = 3;

/** Most WIDE searches that name the question's subject otherwise. */
export const MAX_OTHER_NAME_QUERIES = 2;

/**
 * The English topic with its subject named otherwise (extract other-names.ts: "Does ascorbic acid shorten
 * the common cold?" for "Does vitamin C…"): a document that uses only the other name shares few words with
 * the question, and a word search ranks it low. None without a thesaurus.
 */
export function otherNameTopics(topics: ResearchState['topics'], thesaurus: Thesaurus | undefined): string[] {
  const en = topics.find((t) => t.language === 'en');
  if (!thesaurus || !en) return [];
  const termsOf = (text: string): string[] => normalizeClaim({ text, source: 'question' }).terms;
  return renamings(en.topic, analyzeQuestion(en.topic).subject, thesaurus, termsOf, MAX_OTHER_NAME_QUERIES).map((r) => r.text);
}

/** WIDE's plan: the topic itself first (in each language) and in its subject's other names, then the seven perspectives' templates. */
function wideEntries(state: Pick<ResearchState, 'topics' | 'options' | 'kind'>, otherNamed: readonly string[]): SearchEntry[] {
  const queries = wideQueries({
    topics: state.topics,
    templatesPerPerspective: state.options.templatesPerPerspective,
    ...(state.kind ? { kind: state.kind } : {}),
  });
  const maxPages = widePagesPerQuery(state.options.budget, queries.length + state.topics.length + otherNamed.length);
  const base = { phase: 'wide', refute: false, kind: 'search', status: 'planned', newPageIds: [], newClaimIds: [], touchedClaimIds: [] } as const;
  // The question's own words, and the same with its subject named otherwise, each as one search.
  const own: Array<Pick<SearchEntry, 'key' | 'genre' | 'text' | 'language'>> = [
    ...state.topics.map((t) => ({ key: `wide:core:${t.language}`, genre: 'core', text: t.topic, language: t.language })),
    ...otherNamed.map((text, i) => ({ key: `wide:other-name:en:${i}`, genre: OTHER_NAME_GENRE, text, language: 'en' as const })),
  ];
  return [
    ...own.map(
      (o): SearchEntry => ({
        ...base,
        ...o,
        // A Japanese topic is cut into keywords (query-text.ts).
        text: searchQueryText(o.text),
        maxPages: Math.max(maxPages, CORE_QUERY_MIN_PAGES),
        newPageIds: [],
        newClaimIds: [],
        touchedClaimIds: [],
      }),
    ),
    ...queries.map(
      (q): SearchEntry => ({
        ...base,
        key: `wide:${q.perspective}:${q.language}:${q.template}`,
        genre: q.perspective,
        perspective: q.perspective,
        text: searchQueryText(q.text),
        language: q.language,
        maxPages,
        newPageIds: [],
        newClaimIds: [],
        touchedClaimIds: [],
      }),
    ),
  ];
}

async function normalizePhase(ctx: RunContext): Promise<void> {
  const s = ctx.state;
  const snap = await readSnapshot(ctx);
  const raw = rawClaims(snap, ctx);
  const normalized = normalizedClaims(snap, raw, ctx);
  const { gaps, subQuestions } = analyzeGaps({
    normalized,
    claims: snap.claims,
    topics: s.topics,
    templatesUsed: s.options.templatesPerPerspective,
    language: s.language,
    ...(s.kind ? { kind: s.kind } : {}),
    reach: perspectiveReach(s, snap.claims),
  });
  s.normalize = { rawClaims: raw, normalized, gaps, subQuestions };
  if (snap.pages.length === 0) {
    ctx.warn({
      source: 'wide',
      code: 'no_results',
      category: 'warning',
      message: `WIDE found no source for the question in ${s.topics.map((t) => t.language).join(' and ')} (are the sources in another language? configure models.llm to search in both)`,
    });
  }
  if (snap.truncated)
    ctx.warn({
      source: 'materials',
      code: 'claims_truncated',
      category: 'warning',
      message: `the task holds ${snap.totalClaims} claims; the first ${snap.claims.length} were read`,
    });
  if (snap.claims.length > 0 && !normalized.some((c) => c.relevance >= MIN_RELEVANCE)) {
    ctx.warn({
      source: 'normalize',
      code: 'no_relevant_claims',
      category: 'warning',
      message: ctx.meaning
        ? 'no claim is close enough to the question in its words or its meaning (sources in another language, or off-topic results)'
        : 'no claim shares enough words with the question (sources in another language, or off-topic results)',
    });
  }
}

async function drive(ctx: RunContext): Promise<ResearchResult> {
  const s = ctx.state;
  const { engine, output } = ctx.deps;
  let files: ResearchResult['files'] = { report: '', reportHtml: '', searchLog: '', artifacts: [], reportDocument: '' };
  let verified: Awaited<ReturnType<typeof buildIntegration>>['verified'] = [];
  let answer: Answer | null = null;
  let reportClaims: string[] = [];
  try {
    while (s.phase !== 'done') {
      throwIfInterrupted(ctx);
      ctx.emit({ type: 'research.phase', phase: s.phase });
      switch (s.phase) {
        case 'wide':
          await runEntries(
            ctx,
            s.entries.filter((e) => e.phase === 'wide'),
          );
          s.phase = 'normalize';
          break;
        case 'normalize':
          await normalizePhase(ctx);
          s.phase = 'deep';
          break;
        case 'deep':
          await runDeep(ctx);
          s.phase = 'verify';
          break;
        case 'verify':
          await runVerify(ctx);
          s.phase = 'integrate';
          break;
        case 'integrate': {
          s.finishedAt = ctx.now().toISOString();
          const model = await buildIntegration(ctx);
          await addProseAnswer(ctx, model);
          ({ files, reportClaimIds: reportClaims } = await writeIntegration(ctx, model));
          verified = model.verified;
          answer = model.answer;
          s.phase = 'done';
          break;
        }
      }
      ctx.save();
    }
  } catch (err) {
    if (!(err instanceof ResearchInterrupted)) throw err;
    await engine.stop(s.taskId, `research interrupted: ${err.reason}`);
    ctx.save();
    ctx.emit({ type: 'research.stopped', reason: err.reason, runDir: output.location, taskId: s.taskId });
    return result(ctx, 'stopped', files, [], null, []);
  }
  ctx.emit({ type: 'research.completed', runDir: output.location, report: files.report });
  return result(ctx, 'completed', files, verified, answer, reportClaims);
}

function result(
  ctx: RunContext,
  status: ResearchResult['status'],
  files: ResearchResult['files'],
  verified: Awaited<ReturnType<typeof buildIntegration>>['verified'],
  answer: Answer | null,
  reportClaims: string[],
): ResearchResult {
  const s = ctx.state;
  const relevantCounts = emptyCounts();
  const allCounts = emptyCounts();
  const pid = propositionClaimId(ctx);
  for (const c of verified) {
    if (c.claim_id === pid) continue;
    allCounts[c.status]++;
    if (c.relevance >= MIN_RELEVANCE) relevantCounts[c.status]++;
  }
  const majors = s.majors ?? [];
  return {
    runId: s.runId,
    taskId: s.taskId,
    status,
    runDir: ctx.deps.output.location,
    files,
    reportClaimIds: reportClaims,
    relevantCounts,
    allCounts,
    searches: s.entries.filter((e) => e.status === 'done' || e.status === 'failed').length,
    failedSearches: s.entries.filter((e) => e.status === 'failed').length,
    deepRounds: s.deep.rounds.length,
    ...(s.deep.stop
      ? {
          deepStop: {
            ...(s.deep.stop.rule ? { rule: s.deep.stop.rule } : {}),
            reason: s.deep.stop.reason,
            reasonEn: s.deep.stop.reasonEn ?? s.deep.stop.reason,
          },
        }
      : {}),
    majorClaims: { total: majors.length, searched: majors.filter((m) => refutationSearched(s, m.claimId)).length },
    warnings: s.warnings,
    elapsedMs: ctx.elapsedMs(),
    answer,
    noRelevant: answer?.basis.method === 'none',
  };
}

function contextFor(deps: ResearchDeps, state: ResearchState, signal?: AbortSignal): RunContext {
  const analyze = createClaimAnalyzer();
  const questions = questionReadings(state, { ...(deps.thesaurus ? { thesaurus: deps.thesaurus } : {}), analyze });
  return createRunContext({ deps, state, ...(signal ? { signal } : {}), analyze, questions });
}

/** Starts a research run: creates the engine task, plans WIDE and runs every phase. */
export async function runResearchWorkflow(deps: ResearchDeps, input: ResearchInput): Promise<ResearchResult> {
  const question = input.question.replace(/\s+/g, ' ').trim();
  if (question === '') throw new InvalidInputError('research: empty question', { code: 'invalid_argument' });
  if (question.length > MAX_RESEARCH_QUESTION_CHARS)
    throw new InvalidInputError(`research: question of ${question.length} characters exceeds ${MAX_RESEARCH_QUESTION_CHARS}`, { code: 'invalid_argument' });
  const templates = input.templatesPerPerspective ?? DEFAULT_TEMPLATES_PER_PERSPECTIVE;
  if (!Number.isInteger(templates) || templates < 1 || templates > MAX_TEMPLATES_PER_PERSPECTIVE) {
    throw new InvalidInputError(`research: templatesPerPerspective must be 1..${MAX_TEMPLATES_PER_PERSPECTIVE}, got ${templates}`, {
      code: 'invalid_argument',
    });
  }
  const budget = { ...DEFAULT_RESEARCH_BUDGET, ...input.budget };
  const language = input.language ?? questionLanguage(question);
  const now = deps.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const early: ResearchState['warnings'] = [];
  const topics = await topicsOf(deps, question, input.signal, (code, message) => early.push({ source: 'translator', code, message, category: 'warning' }));
  const task = await deps.engine.createTask({
    question,
    // The answer's reserve on top of the run's budget (budget.ts ANSWER_PAGE_RESERVE): only the proposition's check may use it.
    budget: engineTaskBudget(budget),
    language: topics[0]!.language,
    ...(input.providers && input.providers.length > 0 ? { providers: input.providers } : {}),
  });
  const providers = input.providers && input.providers.length > 0 ? input.providers : [];
  const resolved = Array.isArray(task.configSnapshot.providers) ? task.configSnapshot.providers.filter((p): p is string => typeof p === 'string') : providers;
  const sourcesSearched = deps.describeSources ? deps.describeSources(resolved) : resolved;
  if (providers.length === 0) {
    // Never a silent default: the reader learns which sources stood in for the ones not named.
    early.push({
      source: 'providers',
      code: 'providers_default',
      category: 'warning',
      message: `no --corpus or --provider was given: searched every configured source: ${sourcesSearched.join(', ') || 'none'}`,
    });
  }
  const state: ResearchState = {
    version: RESEARCH_STATE_VERSION,
    runId: newId('rr'),
    taskId: task.id,
    question,
    language,
    topics,
    kind: questionKind(question),
    startedAt,
    sourcesSearched,
    runDir: deps.output.location,
    options: {
      budget,
      providers,
      purpose: input.purpose ?? 'decision',
      templatesPerPerspective: templates,
      maxMajorClaims: input.maxMajorClaims ?? DEFAULT_MAX_MAJOR_CLAIMS,
      ...(input.maxSendBackSearches !== undefined ? { maxSendBackSearches: input.maxSendBackSearches } : {}),
    },
    phase: 'wide',
    entries: [],
    baseline: { pageIds: [], evidence: {} },
    foundBy: {},
    deep: { topKHistory: [], rounds: [] },
    warnings: [],
    elapsedMs: 0,
  };
  state.entries = wideEntries(state, otherNameTopics(state.topics, deps.thesaurus));
  const ctx = contextFor(deps, state, input.signal);
  ctx.emit({ type: 'research.started', runId: state.runId, taskId: task.id, question, language, resumed: false });
  for (const w of early) ctx.warn(w);
  ctx.save();
  return drive(ctx);
}

/** The stored state of a research run, validated; throws when the task is not a research run. */
export function loadResearchState(store: ResearchStateStore, taskId: string): ResearchState {
  const raw = store.load(taskId);
  if (raw === undefined)
    throw new InvalidInputError(`research: task ${taskId} has no research run state (not started by lyra research?)`, {
      code: 'research_state_missing',
      details: { taskId },
    });
  const parsed = researchStateSchema.safeParse(raw);
  if (!parsed.success) {
    throw new NonRetryableError(
      `research: the stored state of task ${taskId} is invalid: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
      { code: 'research_state_invalid' },
    );
  }
  return parsed.data;
}

/** Continues a stopped or killed run: the engine finishes its interrupted queries, then the phases go on. */
export async function resumeResearchWorkflow(deps: ResearchDeps, input: { state: ResearchState; signal?: AbortSignal }): Promise<ResearchResult> {
  const state = input.state;
  const ctx = contextFor(deps, state, input.signal);
  ctx.emit({ type: 'research.started', runId: state.runId, taskId: state.taskId, question: state.question, language: state.language, resumed: true });
  if (state.phase === 'done') state.phase = 'integrate';
  const view = deps.engine.status(state.taskId);
  if (view.status === 'stopped' || view.searches.some((q) => q.status === 'pending' || q.status === 'running' || q.status === 'cancelled')) {
    await deps.engine.resume(state.taskId, input.signal ? { signal: input.signal } : {});
  }
  return drive(ctx);
}
