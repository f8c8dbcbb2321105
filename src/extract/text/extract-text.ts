// Plain text and Markdown → ExtractedDocument. Plain text: paragraphs are separated by blank lines
// and their line breaks become spaces. Markdown: rendered to HTML by marked, then read with the
// same block walker as web pages, so headings give heading paths and links are collected.
import { marked } from 'marked';
import { NonRetryableError, throwIfAborted, type ExtractedDocument } from '../../core/index.js';
import { assembleBlocks } from '../document/assemble.js';
import { normalizeInline, type TextBlock } from '../document/blocks.js';
import { normalizePublishedDate } from '../html/dates.js';
import { htmlToBlocks } from '../html/html-blocks.js';
import { normalizeLangTag } from '../html/metadata.js';
import { parseHtml } from '../html/parse-html.js';
import { identifiersFromText, identifiersFromUrl, isAcademicUrl, mergeFoundIdentifiers, selfIdentifiers, trimDoiTail } from '../identifiers/index.js';
import { readFrontMatter, type FrontMatter } from './front-matter.js';
import { defuseEmphasisRuns, MAX_EMPHASIS_MARKERS_PER_BLOCK } from './markdown-guard.js';

/** Largest text or Markdown input accepted, in characters. */
export const DEFAULT_MAX_TEXT_CHARS = 50_000_000;

export interface TextExtractOptions {
  maxTextChars?: number;
  maxFragmentChars?: number;
  maxLinks?: number;
  signal?: AbortSignal;
}

const URL_IN_TEXT_RE = /\bhttps?:\/\/[^\s<>"'\u3000-\u303f\uff08\uff09]+/g;

/** http(s) URLs written in plain text, trailing punctuation and unbalanced brackets trimmed. */
export function findUrlsInText(text: string, max = Number.POSITIVE_INFINITY): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(URL_IN_TEXT_RE)) {
    if (out.size >= max) break;
    try {
      out.add(new URL(trimDoiTail(m[0])).href);
    } catch {
      // Not a URL after all ("http://" alone): not a link.
    }
  }
  return [...out];
}

function checkSize(input: string, url: string, options: TextExtractOptions): void {
  const max = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
  if (input.length > max)
    throw new NonRetryableError(`extract: text of ${url} has ${input.length} characters, more than the limit ${max}`, { code: 'extract_too_large' });
  throwIfAborted(options.signal);
}

function finish(
  format: 'text' | 'markdown',
  url: string,
  blocks: TextBlock[],
  links: string[],
  fm: FrontMatter,
  title: string | undefined,
  options: TextExtractOptions,
): ExtractedDocument {
  const doc = assembleBlocks(blocks, options.maxFragmentChars !== undefined ? { maxFragmentChars: options.maxFragmentChars } : {});
  const warnings = [...fm.warnings];
  if (!doc.text) warnings.push('the document has no text');
  const publishedAt = fm.publishedTime === undefined ? undefined : normalizePublishedDate(fm.publishedTime);
  if (fm.publishedTime !== undefined && publishedAt === undefined)
    warnings.push(`front matter date is not a recognisable date: ${JSON.stringify(fm.publishedTime)}`);
  const language = fm.language === undefined ? undefined : normalizeLangTag(fm.language);
  const found = mergeFoundIdentifiers([
    identifiersFromUrl(url, 'url'),
    links.flatMap((l) => identifiersFromUrl(l, 'link')),
    identifiersFromText(doc.text, 'text'),
  ]);
  return {
    url,
    format,
    ...(title !== undefined ? { title } : {}),
    ...(fm.byline !== undefined ? { byline: fm.byline } : {}),
    ...(fm.publishedTime !== undefined ? { publishedTime: fm.publishedTime } : {}),
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(language !== undefined ? { language } : {}),
    readerable: true,
    text: doc.text,
    sections: doc.sections,
    fragments: doc.fragments,
    identifiers: selfIdentifiers(found),
    foundIdentifiers: found,
    academicLinks: links.filter((l) => isAcademicUrl(l)),
    links,
    warnings,
  };
}

/** Plain text: blank lines separate paragraphs; metadata only from YAML front matter. */
export function extractPlainText(input: string, url: string, options: TextExtractOptions = {}): ExtractedDocument {
  checkSize(input, url, options);
  const fm = readFrontMatter(input);
  const blocks: TextBlock[] = [];
  for (const para of fm.body.replace(/\r\n?/g, '\n').split(/\n[ \t\u00a0\u3000]*\n/)) {
    const text = normalizeInline(para);
    if (text) blocks.push({ kind: 'paragraph', text });
  }
  const links = findUrlsInText(fm.body, options.maxLinks);
  return finish('text', url, blocks, links, fm, fm.title, options);
}

/** Markdown (CommonMark + GFM): title from front matter or the first level-1 heading. */
export function extractMarkdown(input: string, url: string, options: TextExtractOptions = {}): ExtractedDocument {
  checkSize(input, url, options);
  const fm = readFrontMatter(input);
  const defused = defuseEmphasisRuns(fm.body);
  if (defused.defusedBlocks > 0) {
    fm.warnings.push(
      `${defused.defusedBlocks} Markdown block(s) hold more than ${MAX_EMPHASIS_MARKERS_PER_BLOCK} emphasis markers; their * and _ were read as text`,
    );
  }
  let html: string;
  try {
    html = marked.parse(defused.text, { async: false, gfm: true });
  } catch (cause) {
    // marked recurses per nesting level: thousands of nested quotes or lists overflow the stack.
    throw new NonRetryableError(
      `extract: Markdown of ${url} could not be parsed: ${cause instanceof RangeError ? 'nesting too deep' : (cause as Error).message}`,
      { code: 'extract_markdown_failed', details: { url }, cause },
    );
  }
  const { document, baseUrl } = parseHtml(`<html><head></head><body>${html}</body></html>`, url);
  const { blocks, links } = htmlToBlocks(document.body!, { baseUrl, ...(options.maxLinks !== undefined ? { maxLinks: options.maxLinks } : {}) });
  const title = fm.title ?? blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  return finish(
    'markdown',
    url,
    blocks,
    links.map((l) => l.url),
    fm,
    title,
    options,
  );
}
