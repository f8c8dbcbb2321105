// HTML → ExtractedDocument: Readability's article (or, for documented reasons, the whole body) as
// text blocks, Readability's metadata with scholarly/library fallbacks, identifiers and academic links.
import { NonRetryableError, throwIfAborted, type ExtractedDocument } from '../../core/index.js';
import { assembleBlocks } from '../document/assemble.js';
import {
  identifiersFromMeta,
  identifiersFromText,
  identifiersFromUrl,
  isAcademicUrl,
  mergeFoundIdentifiers,
  parseIdentifierValue,
  selfIdentifiers,
} from '../identifiers/index.js';
import { normalizePublishedDate } from './dates.js';
import { htmlToBlocks, type HtmlBlocks } from './html-blocks.js';
import {
  BYLINE_META,
  LANGUAGE_META,
  PUBLISHED_META,
  SITE_NAME_META,
  TITLE_META,
  allMeta,
  documentLang,
  firstMeta,
  joinNames,
  jsonLdAuthors,
  jsonLdIdentifierValues,
  jsonLdString,
  normalizeLangTag,
  readPageMetadata,
} from './metadata.js';
import { parseHtml } from './parse-html.js';
import { isReaderable, runReadability, type ReadabilityArticle, type ReadabilityLimits } from './readability.js';

/** Largest HTML accepted, in characters (about 20 MB of text); larger pages are refused, not cut. */
export const DEFAULT_MAX_HTML_CHARS = 20_000_000;

export interface HtmlExtractOptions extends ReadabilityLimits {
  maxHtmlChars?: number;
  maxFragmentChars?: number;
  maxLinks?: number;
  signal?: AbortSignal;
}

const DESCRIPTION_META = ['description', 'og:description', 'dc.description', 'twitter:description'];

/** Warning text for each documented reason to use whole-body text instead of Readability's article. */
export const WHOLE_BODY_REASONS = {
  not_readerable:
    "page is not an article by Readability's isProbablyReaderable test; text is the whole body without hidden parts, navigation, asides, footers and forms",
  no_article: 'Readability found no article content; text is the whole body without hidden parts, navigation, asides, footers and forms',
} as const;

function wholeBody(html: string, url: string, options: HtmlExtractOptions): HtmlBlocks {
  // Readability has changed the first parse; the body is read from a fresh one.
  const { document, baseUrl } = parseHtml(html, url);
  return htmlToBlocks(document.body!, { baseUrl, wholeBody: true, ...(options.maxLinks !== undefined ? { maxLinks: options.maxLinks } : {}) });
}

/** Extracts main text, metadata, fragments and identifiers from an HTML page at `url`. */
export function extractHtml(html: string, url: string, options: HtmlExtractOptions = {}): ExtractedDocument {
  const maxChars = options.maxHtmlChars ?? DEFAULT_MAX_HTML_CHARS;
  if (html.length > maxChars) {
    throw new NonRetryableError(`extract: HTML of ${url} has ${html.length} characters, more than the limit ${maxChars}`, { code: 'extract_too_large' });
  }
  throwIfAborted(options.signal);
  const { document, baseUrl } = parseHtml(html, url);
  const meta = readPageMetadata(document, baseUrl);
  const warnings = [...meta.warnings];
  const readerable = isReaderable(document, options);
  throwIfAborted(options.signal);
  // Readability also runs on pages that are not articles: its title, byline and dates still hold.
  const article: ReadabilityArticle | null = runReadability(document, url, options);
  throwIfAborted(options.signal);

  let content: HtmlBlocks;
  if (readerable && article) {
    content = htmlToBlocks(article.content, { baseUrl, ...(options.maxLinks !== undefined ? { maxLinks: options.maxLinks } : {}) });
  } else {
    warnings.push(readerable ? WHOLE_BODY_REASONS.no_article : WHOLE_BODY_REASONS.not_readerable);
    content = wholeBody(html, url, options);
  }
  if (content.droppedLinks > 0) warnings.push(`${content.droppedLinks} links beyond the limit of ${content.links.length} were not kept`);
  const doc = assembleBlocks(content.blocks, options.maxFragmentChars !== undefined ? { maxFragmentChars: options.maxFragmentChars } : {});
  if (!doc.text) warnings.push('no text found in the page');

  // citation_title is the work's exact title on scholarly pages; Readability does not read it.
  const title = firstMeta(meta.entries, ['citation_title']) ?? article?.title ?? firstMeta(meta.entries, TITLE_META);
  const byline = article?.byline ?? (joinNames(allMeta(meta.entries, BYLINE_META)) || joinNames(jsonLdAuthors(meta.jsonLd)) || undefined);
  const publishedTime = article?.publishedTime ?? firstMeta(meta.entries, PUBLISHED_META) ?? jsonLdString(meta.jsonLd, 'datePublished');
  const publishedAt = publishedTime === undefined ? undefined : normalizePublishedDate(publishedTime);
  if (publishedTime !== undefined && publishedAt === undefined)
    warnings.push(`published time is not a recognisable date: ${JSON.stringify(publishedTime.slice(0, 100))}`);
  const siteName = article?.siteName ?? firstMeta(meta.entries, SITE_NAME_META);
  const declaredLang = article?.lang ?? documentLang(document) ?? firstMeta(meta.entries, LANGUAGE_META) ?? jsonLdString(meta.jsonLd, 'inLanguage');
  const language = declaredLang === undefined ? undefined : normalizeLangTag(declaredLang);
  const excerpt = article?.excerpt ?? firstMeta(meta.entries, DESCRIPTION_META);

  const found = mergeFoundIdentifiers([
    identifiersFromUrl(url, 'url'),
    identifiersFromMeta(meta.entries, 'meta'),
    jsonLdIdentifierValues(meta.jsonLd).flatMap((v) => parseIdentifierValue(v, 'meta')),
    content.links.flatMap((l) => identifiersFromUrl(l.url, 'link')),
    identifiersFromText(doc.text, 'text'),
  ]);

  return {
    url,
    format: 'html',
    ...(title !== undefined ? { title } : {}),
    ...(byline !== undefined ? { byline } : {}),
    ...(publishedTime !== undefined ? { publishedTime } : {}),
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(siteName !== undefined ? { siteName } : {}),
    ...(language !== undefined ? { language } : {}),
    ...(excerpt !== undefined ? { excerpt } : {}),
    readerable: readerable && article !== null,
    text: doc.text,
    sections: doc.sections,
    fragments: doc.fragments,
    identifiers: selfIdentifiers(found),
    foundIdentifiers: found,
    academicLinks: content.links.map((l) => l.url).filter((u) => isAcademicUrl(u)),
    links: content.links.map((l) => l.url),
    warnings,
  };
}
