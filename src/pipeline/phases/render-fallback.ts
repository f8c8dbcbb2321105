// Phase 6 rendering (seed 000 Phase 6, Playwright fetch): a page whose static HTML yields no readable
// main text but carries scripts (a script-built page) is fetched again through the Chromium renderer
// (the fetcher's `render: true`: the same robots check, politeness slot, SSRF guard on every
// sub-request, block detection) and extracted from the rendered DOM. Bounded per task: at most
// `maxRendersPerTask` renders (a counter in the task's checkpoints, taken before the render starts, so
// parallel fetches and resumed runs share it), each within `renderTimeoutMs` and the fetcher's body
// size limit; only when the engine has a renderer (deps.canRender).
import { errorMessage, isLyraError, type ExtractedDocument, type FetchResponse } from '../../core/index.js';
import type { QueryContext } from '../query-context.js';
import { loadPayload } from '../task-state.js';

/** Checkpoint key of the task's render counter. */
export const RENDER_COUNT_KEY = 'render:count';
/** A page starting a `<script` somewhere is script-built when its extracted text is this short. */
const SCRIPT_RE = /<script\b/i;

export interface RenderAttempt {
  doc: ExtractedDocument;
  res: FetchResponse;
  rendered: boolean;
  /** Why a wanted render did not happen or failed (limit reached, renderer error), as data. */
  error?: { category: 'non_retryable'; code: string; message: string };
}

/** Whether a static page is script-built: little readable text, and scripts that may write it. */
export function needsRender(ctx: QueryContext, res: FetchResponse, doc: ExtractedDocument): boolean {
  if (!ctx.deps.canRender || ctx.limits.maxRendersPerTask <= 0) return false;
  if (res.url.startsWith('corpus://') || !/html/i.test(res.contentType)) return false;
  return doc.text.trim().length < ctx.limits.renderMinTextChars && SCRIPT_RE.test(res.text);
}

/** Takes one render from the task's allowance; false when it is used up. */
function takeRender(ctx: QueryContext): boolean {
  const { store } = ctx.deps;
  const used = loadPayload<{ count: number }>(store, ctx.task.id, RENDER_COUNT_KEY)?.count ?? 0;
  if (used >= ctx.limits.maxRendersPerTask) return false;
  store.saveCheckpoint(ctx.task.id, RENDER_COUNT_KEY, { count: used + 1 });
  return true;
}

/** Renders a script-built page when allowed; otherwise (or when rendering fails) keeps the static result with the reason. */
export async function renderIfScriptBuilt(ctx: QueryContext, url: string, res: FetchResponse, doc: ExtractedDocument): Promise<RenderAttempt> {
  const stay = { doc, res, rendered: false };
  if (!needsRender(ctx, res, doc)) return stay;
  if (!takeRender(ctx)) {
    return {
      ...stay,
      error: {
        category: 'non_retryable',
        code: 'render_limit',
        message: `script-built page not rendered: the task's ${ctx.limits.maxRendersPerTask} renders (pipeline.max_renders_per_task) are used`,
      },
    };
  }
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.limits.renderTimeoutMs)]);
  try {
    const rendered = await ctx.deps.fetcher.fetch({ url, render: true, noCache: true, signal, taskId: ctx.task.id });
    const out = await ctx.deps.extractor.extract({
      url: rendered.finalUrl,
      contentType: rendered.contentType,
      body: rendered.body,
      text: rendered.text,
      signal: ctx.signal,
    });
    // The rendered page is kept only when it reads better than the static one.
    if (out.text.trim().length <= doc.text.trim().length)
      return {
        ...stay,
        error: {
          category: 'non_retryable',
          code: 'render_no_text',
          message: 'rendered in Chromium, but the rendered page has no more readable text than the static one',
        },
      };
    return { doc: out, res: rendered, rendered: true };
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const why = isLyraError(err) ? `${err.code}: ${err.message}` : errorMessage(err);
    return {
      ...stay,
      error: { category: 'non_retryable', code: 'render_failed', message: `script-built page could not be rendered (${why}); the static text is kept` },
    };
  }
}
