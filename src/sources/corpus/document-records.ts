// Records of JSON/JSONL corpus files. Two shapes are accepted, per line or per array element:
//  - Lyra's own: {id, title, text, url?, published?}
//  - SciFact / Check-COVID: {doc_id | cord_id, title, abstract: string[]} (sentences joined by spaces)
import { z } from 'zod';
import { InvalidInputError, isSafeHttpUrl } from '../../core/index.js';

/** A record's own URL: only http(s); `javascript:`, `data:`, `file:` and other schemes are refused at ingest (they would become links in reports). */
const documentUrl = z
  .string()
  .refine(isSafeHttpUrl, { message: 'url must be an absolute http(s) URL (javascript:, data:, file: and other schemes are refused)' });

const lyraRecord = z.object({
  id: z.union([z.string().min(1), z.number()]),
  title: z.string(),
  text: z.string().min(1),
  url: documentUrl.optional(),
  published: z.string().optional(),
});

const abstractRecord = z
  .object({
    doc_id: z.union([z.string().min(1), z.number()]).optional(),
    cord_id: z.string().min(1).optional(),
    title: z.string(),
    abstract: z.array(z.string()).min(1),
    url: documentUrl.optional(),
  })
  .refine((r) => r.doc_id !== undefined || r.cord_id !== undefined, { message: 'needs doc_id or cord_id' });

export interface DocumentRecord {
  id: string;
  title: string;
  text: string;
  url?: string;
  publishedAt?: string;
  /** Other columns of a CSV row, by column name (CorpusDocument.fields). */
  fields?: Record<string, string>;
}

/** The text as one JSON value, or undefined when it is not one (several records, one per line). */
function parseWhole(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Parses one record; the error names the file, the line (or array index) and what was expected. */
export function parseDocumentRecord(value: unknown, where: string): DocumentRecord {
  const a = lyraRecord.safeParse(value);
  if (a.success) {
    const r = a.data;
    return { id: String(r.id), title: r.title, text: r.text, ...(r.url ? { url: r.url } : {}), ...(r.published ? { publishedAt: r.published } : {}) };
  }
  const b = abstractRecord.safeParse(value);
  if (b.success) {
    const r = b.data;
    return { id: String(r.doc_id ?? r.cord_id), title: r.title, text: r.abstract.map((s) => s.trim()).join(' '), ...(r.url ? { url: r.url } : {}) };
  }
  const issue = a.error.issues[0];
  throw new InvalidInputError(
    `${where}: expected {id, title, text, url?, published?} or {doc_id|cord_id, title, abstract[]}; ${issue ? `${issue.path.join('.') || '(record)'}: ${issue.message}` : 'not an object'}`,
    { code: 'corpus_record_invalid', details: { where } },
  );
}

/**
 * Records of a .jsonl file, or of a .json file holding an array, one record (pretty-printed too) or one
 * record per line.
 */
export function parseDocumentFile(text: string, file: string): DocumentRecord[] {
  const trimmed = text.trimStart();
  // One object over several lines (a pretty-printed record) is not JSONL: read line by line, its first line
  // "{" was reported as invalid JSON. Whole, it is one record, or an error saying what a record holds.
  if (trimmed.startsWith('{') && /\n\s*\S/.test(trimmed.trimEnd())) {
    const whole = parseWhole(trimmed);
    if (typeof whole === 'object' && whole !== null && !Array.isArray(whole)) return [parseDocumentRecord(whole, file)];
  }
  if (trimmed.startsWith('[')) {
    let arr: unknown;
    try {
      arr = JSON.parse(trimmed);
    } catch (cause) {
      throw new InvalidInputError(`${file}: invalid JSON array: ${(cause as Error).message}`, { code: 'corpus_file_invalid', details: { file }, cause });
    }
    if (!Array.isArray(arr)) throw new InvalidInputError(`${file}: expected a JSON array of documents`, { code: 'corpus_file_invalid', details: { file } });
    return arr.map((v, i) => parseDocumentRecord(v, `${file}[${i}]`));
  }
  const out: DocumentRecord[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      throw new InvalidInputError(`${file}:${i + 1}: invalid JSON: ${(cause as Error).message}`, {
        code: 'corpus_file_invalid',
        details: { file, line: i + 1 },
        cause,
      });
    }
    out.push(parseDocumentRecord(value, `${file}:${i + 1}`));
  }
  return out;
}
