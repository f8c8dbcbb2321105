// Response parsing shared by the scholarly clients. A body that does not parse is a RetryableError
// (truncated or garbled in transit); a body that parses but lacks a field we rely on is a
// NonRetryableError naming the field (the API changed or answered something else). Never an empty success.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { z } from 'zod';
import { NonRetryableError, RetryableError } from '../../core/index.js';

export interface BodyContext {
  /** API name, e.g. `openalex`. */
  api: string;
  url: string;
}

/** `field a.b.0: message; …` for the first issues of a zod error. */
export function zodIssueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `field ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

export function parseJsonText(text: string, ctx: BodyContext): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new RetryableError(
      `${ctx.api}: response from ${ctx.url} is not valid JSON (${text.length} chars; truncated or malformed): ${(cause as Error).message}`,
      {
        code: 'response_invalid',
        details: { api: ctx.api, url: ctx.url, length: text.length },
        cause,
      },
    );
  }
}

/** Validates parsed data; the error names the API, the URL and the first fields that failed. */
export function validate<S extends z.ZodType>(schema: S, data: unknown, ctx: BodyContext & { what: string }): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new NonRetryableError(`${ctx.api}: unexpected ${ctx.what} from ${ctx.url}: ${zodIssueText(parsed.error)}`, {
    code: 'response_schema',
    details: { api: ctx.api, url: ctx.url, issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })) },
  });
}

export function parseJsonBody<S extends z.ZodType>(schema: S, text: string, ctx: BodyContext & { what: string }): z.output<S> {
  return validate(schema, parseJsonText(text, ctx), ctx);
}

export interface XmlParseOptions {
  /** Element paths kept as raw inner XML (inline markup such as <i> in titles), e.g. `*.ArticleTitle`. */
  rawElements?: string[];
  /** Element names always parsed as arrays, so one child and many children look alike. */
  arrays?: string[];
}

/**
 * Validates then parses XML. fast-xml-parser alone accepts a truncated document and returns what it
 * got, so the validator runs first and a failure is a RetryableError naming the line.
 */
export function parseXmlText(text: string, ctx: BodyContext, options: XmlParseOptions = {}): Record<string, unknown> {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new RetryableError(
      `${ctx.api}: response from ${ctx.url} is not well-formed XML (${text.length} chars; truncated or malformed): ${valid.err.msg} at line ${valid.err.line}`,
      {
        code: 'response_invalid',
        details: { api: ctx.api, url: ctx.url, length: text.length, line: valid.err.line },
      },
    );
  }
  const arrays = new Set(options.arrays ?? []);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: true,
    stopNodes: options.rawElements ?? [],
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text) as Record<string, unknown>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an XML/HTML fragment (JATS abstracts, raw titles): tags dropped, entities decoded, spaces folded. */
export function xmlFragmentText(fragment: string): string {
  return fragment
    .replace(/<\/(?:p|jats:p|sec|jats:sec|title|jats:title|AbstractText)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}
