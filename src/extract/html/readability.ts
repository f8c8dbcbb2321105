// Mozilla Readability over a linkedom document: the reader-view test, the article and its metadata.
import { Readability, isProbablyReaderable } from '@mozilla/readability';
import { NonRetryableError } from '../../core/index.js';
import type { DomDocument, DomElement } from './dom.js';

/** Most elements Readability will score; past it the page is refused (hostile or generated pages). */
export const DEFAULT_MAX_ELEMENTS = 200_000;

export interface ReadabilityLimits {
  /** Most elements in the document (Readability's maxElemsToParse). */
  maxElements?: number;
  /** isProbablyReaderable: least text length of a paragraph that counts (Readability's default 140). */
  minContentLength?: number;
  /** isProbablyReaderable: least total score for a page to be an article (Readability's default 20). */
  minScore?: number;
}

export interface ReadabilityArticle {
  title?: string;
  byline?: string;
  excerpt?: string;
  siteName?: string;
  publishedTime?: string;
  lang?: string;
  content: DomElement;
}

function orUndefined(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/** Readability's reader-view heuristic: is the page likely an article? */
export function isReaderable(document: DomDocument, limits: ReadabilityLimits = {}): boolean {
  return isProbablyReaderable(document as never, {
    ...(limits.minContentLength !== undefined ? { minContentLength: limits.minContentLength } : {}),
    ...(limits.minScore !== undefined ? { minScore: limits.minScore } : {}),
  });
}

/**
 * Runs Readability (it changes the document). Returns null when it finds no article. Throws
 * NonRetryableError `extract_too_many_elements` past the element limit.
 */
export function runReadability(document: DomDocument, url: string, limits: ReadabilityLimits = {}): ReadabilityArticle | null {
  const maxElements = limits.maxElements ?? DEFAULT_MAX_ELEMENTS;
  let result;
  try {
    // The serializer hands back the article element itself: no HTML string to build and re-parse.
    result = new Readability<DomElement>(document as never, { maxElemsToParse: maxElements, serializer: (node) => node as unknown as DomElement }).parse();
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('Aborting parsing document')) {
      throw new NonRetryableError(`extract: ${url} has more than ${maxElements} elements (${err.message})`, { code: 'extract_too_many_elements', cause: err });
    }
    throw new NonRetryableError(`extract: Readability failed on ${url}: ${err instanceof Error ? err.message : String(err)}`, {
      code: 'extract_readability_failed',
      cause: err,
    });
  }
  if (!result?.content) return null;
  return {
    content: result.content,
    ...optional('title', orUndefined(result.title)),
    ...optional('byline', orUndefined(result.byline)),
    ...optional('excerpt', orUndefined(result.excerpt)),
    ...optional('siteName', orUndefined(result.siteName)),
    ...optional('publishedTime', orUndefined(result.publishedTime)),
    ...optional('lang', orUndefined(result.lang)),
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
