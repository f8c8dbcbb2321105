// Materials → the report document (html-document.ts): `lyra task materials --format html` and the
// browser UI. Quotes are the decisive sentence, else the fragment (cut with … past MD_QUOTE_CHARS).
import { isOriginModel, type ClaimMaterial, type EvidenceView, type Materials } from '../core/index.js';
import type { HtmlClaim, HtmlQuote, HtmlReportDocument } from './html-document.js';
import { MD_QUOTE_CHARS, formatLocator } from './render-markdown.js';
import { renderHtmlReport } from './render-html.js';

export interface HtmlFromMaterialsOptions {
  /** The real http(s) address of a source the task knows by another URL (a built-in corpus document). */
  linkOf?: (url: string) => string | null | undefined;
  /** The rationale in words (app/ gives the research workflow's); default: the stored rationale. */
  rationaleOf?: (claim: ClaimMaterial) => string | undefined;
  /** Claims rejected by feedback. */
  rejected?: ReadonlyMap<string, { author: string; reason: string; createdAt: string }>;
  /** The answer section, when the task has one (a research run). */
  answer?: HtmlReportDocument['answer'];
  meta?: string[];
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function quoteOfEvidence(e: EvidenceView, linkOf?: HtmlFromMaterialsOptions['linkOf']): HtmlQuote {
  const text = e.decisiveSentence ? oneLine(e.decisiveSentence) : oneLine(e.quote);
  const link = linkOf?.(e.source.url) ?? undefined;
  return {
    text: text.length > MD_QUOTE_CHARS ? `${text.slice(0, MD_QUOTE_CHARS)}…` : text,
    stance: e.stance === 'refutes' ? 'refutes' : 'supports',
    stated: isOriginModel(e),
    confidence: e.confidence,
    ...(e.model ? { model: e.model } : {}),
    source: {
      url: e.source.url,
      ...(link ? { link } : {}),
      ...(e.source.title ? { title: e.source.title } : {}),
      domain: e.source.domain,
      trustLevel: e.source.trustLevel,
    },
    locator: formatLocator(e.locator),
    edgeId: e.edgeId,
  };
}

export function htmlClaimOf(c: ClaimMaterial, options: HtmlFromMaterialsOptions = {}): HtmlClaim {
  const rejected = options.rejected?.get(c.id);
  const rationale = options.rationaleOf ? options.rationaleOf(c) : c.rationale;
  return {
    id: c.id,
    statement: c.statement,
    status: c.status ?? 'PENDING',
    confidence: c.confidence,
    ...(rationale ? { rationale } : {}),
    conditions: c.conditions,
    supporting: c.supporting.map((e) => quoteOfEvidence(e, options.linkOf)),
    refuting: c.refuting.map((e) => quoteOfEvidence(e, options.linkOf)),
    ...(rejected ? { rejected: { by: rejected.author, reason: rejected.reason, at: rejected.createdAt } } : {}),
  };
}

export function htmlDocumentOfMaterials(m: Materials, options: HtmlFromMaterialsOptions = {}): HtmlReportDocument {
  const { offset, totalClaims, sideClaims } = m.paging;
  return {
    lang: m.task.language === 'ja' ? 'ja' : 'en',
    question: m.task.question,
    meta: options.meta ?? [
      `Task ${m.task.id} · ${m.task.status} · ${totalClaims} claims${sideClaims > 0 ? ` (${sideClaims} side claims, not part of the answer)` : ''} · ${m.pages.length} sources${offset > 0 ? ` · from claim ${offset + 1}` : ''}`,
    ],
    ...(options.answer ? { answer: options.answer } : {}),
    claims: m.claims.map((c) => htmlClaimOf(c, options)),
    totalClaims,
    contested: m.contested,
  };
}

/** `lyra task materials --format html`. */
export function renderMaterialsHtml(m: Materials, options: HtmlFromMaterialsOptions = {}): string {
  return renderHtmlReport(htmlDocumentOfMaterials(m, options));
}
