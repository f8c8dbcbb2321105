// Outline files → section headings. An outline is Markdown (its `#` headings are the sections), plain
// text (one section per non-empty line, list markers and numbering removed), or JSON (an array of
// strings, or `{ "sections": [...] }`, entries being strings or `{ "heading": "..." }`).
import { z } from 'zod';
import { InvalidInputError } from '../../core/index.js';

/** Sections kept from one outline at most. */
export const MAX_OUTLINE_SECTIONS = 100;
/** Longest outline text read, in characters. */
export const MAX_OUTLINE_CHARS = 256 * 1024;

const entrySchema = z.union([z.string(), z.looseObject({ heading: z.string() }).transform((e) => e.heading)]);
const jsonOutlineSchema = z.union([z.array(entrySchema), z.looseObject({ sections: z.array(entrySchema) }).transform((o) => o.sections)]);

/** A heading without list markers, numbering ("1.", "1.2", "第1章", "(a)") and surrounding emphasis. */
export function cleanHeading(line: string): string {
  return (
    line
      .normalize('NFKC')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/^\s*(?:[-*+•・]\s+)/, '')
      // A bare number is kept ("2020 census"): numbering needs a dot, a parenthesis or a second level.
      .replace(/^\s*(?:第\s*\d+\s*[章節部]|\(?\d+(?:\.\d+)*[.)]|\d+(?:\.\d+)+|\(?[a-z][.)]|[IVX]+\.)\s+/i, '')
      .replace(/^[*_`]+|[*_`]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function unique(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of list) {
    const key = s.toLowerCase();
    if (s && !seen.has(key)) {
      seen.add(key);
      out.push(s);
    }
  }
  return out;
}

/**
 * Parses an outline. `source` names the file in errors. Throws InvalidInputError for an outline with
 * no section, one that is too long, or JSON that is not one of the accepted shapes.
 */
export function parseOutline(text: string, options: { source: string; format?: 'json' | 'markdown' | 'text' }): string[] {
  const { source } = options;
  if (text.length > MAX_OUTLINE_CHARS)
    throw new InvalidInputError(`outline ${source}: ${text.length} characters exceeds the limit of ${MAX_OUTLINE_CHARS}`, {
      code: 'outline_too_large',
      details: { file: source },
    });
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const format = options.format ?? (/^[[{]/.test(trimmed) ? 'json' : /^\s*#{1,6}\s/m.test(trimmed) ? 'markdown' : 'text');
  let sections: string[];
  if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (cause) {
      throw new InvalidInputError(`outline ${source}: not valid JSON: ${(cause as Error).message}`, {
        code: 'outline_invalid',
        details: { file: source },
        cause,
      });
    }
    const parsed = jsonOutlineSchema.safeParse(value);
    if (!parsed.success)
      throw new InvalidInputError(
        `outline ${source}: expected an array of headings or {"sections": [...]}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
        { code: 'outline_invalid', details: { file: source } },
      );
    sections = parsed.data.map(cleanHeading);
  } else if (format === 'markdown') {
    // Only headings count in Markdown: body text under them is the writer's notes, not a section.
    // A single level-1 heading above deeper ones is the document's title, not a section.
    const headings = trimmed.split(/\r?\n/).filter((l) => /^\s*#{1,6}\s/.test(l));
    const h1 = headings.filter((l) => /^\s*#\s/.test(l));
    sections = (h1.length === 1 && headings.length > 1 ? headings.filter((l) => l !== h1[0]) : headings).map(cleanHeading);
  } else {
    sections = trimmed.split(/\r?\n/).map(cleanHeading);
  }
  const out = unique(sections.filter(Boolean));
  if (out.length === 0) throw new InvalidInputError(`outline ${source}: no section headings found`, { code: 'outline_empty', details: { file: source } });
  if (out.length > MAX_OUTLINE_SECTIONS)
    throw new InvalidInputError(`outline ${source}: ${out.length} sections exceeds the limit of ${MAX_OUTLINE_SECTIONS}`, {
      code: 'outline_too_large',
      details: { file: source },
    });
  return out;
}
