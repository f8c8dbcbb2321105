// Records of a CSV or TSV corpus file: one document per row. The header names the columns; the text is
// the column named like text (text, abstract, body…) or, when none is, the one with the longest values;
// id, title, URL and date come from their columns when the file has them, and every other column is kept
// as the document's fields (authors, DOI and venue reach the page's bibliographic details).
import { parse } from 'csv-parse/sync';
import { InvalidInputError, isSafeHttpUrl } from '../../core/index.js';
import type { DocumentRecord } from './document-records.js';

/** Column names of each role, compared lower-case with spaces and hyphens as underscores; first match wins. */
const ROLE_NAMES = {
  id: ['id', 'doc_id', 'docid', 'document_id', 'uid', 'cord_uid', 'key'],
  title: ['title', 'name', 'headline', 'subject'],
  text: ['text', 'abstract', 'body', 'content', 'full_text', 'fulltext', 'description', 'summary', 'passage', 'claim', 'sentence'],
  url: ['url', 'link', 'href', 'source_url', 'uri'],
  published: ['published', 'published_at', 'publication_date', 'publish_time', 'date', 'year'],
} as const;
type Role = keyof typeof ROLE_NAMES;

/** Columns a file may have at most; a wider "CSV" is more likely a mistake than a corpus. */
export const MAX_CSV_COLUMNS = 200;
/** Characters a title made from the row's text keeps (the text itself stays whole). */
const TITLE_CHARS = 100;

export interface CsvRecordsOptions {
  /** `corpus add --text-column`: the column holding the text, instead of finding it by name or length. */
  textColumn?: string;
  /** The id of a row without an id column: `<fileId>#<row>` (fileId: the file's path from the added folder). */
  fileId: string;
}

export interface CsvRecords {
  records: DocumentRecord[];
  /** The column read as text, so the report can say it. */
  textColumn: string;
  /** Rows whose text cell was empty: skipped, counted, the first one named by its row (the header is row 1, as in a spreadsheet). */
  emptyRows: number;
  firstEmptyRow?: number;
}

/** A column name as roles and fields are matched by it: trimmed, lower-case, spaces and hyphens as underscores. */
export const columnKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The delimiter of the header line: tab for .tsv, else whichever of , ; or tab it holds most (outside quotes). */
function delimiterOf(text: string, tsv: boolean): string {
  if (tsv) return '\t';
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

function invalid(file: string, message: string, details: Record<string, unknown> = {}): InvalidInputError {
  return new InvalidInputError(`${file}: ${message}`, { code: 'corpus_csv_invalid', details: { file, ...details } });
}

/** The first free column whose name (as columnKey reads it) is one of the role's. */
function columnIndex(names: readonly string[], role: Role, taken: ReadonlySet<number>): number | undefined {
  for (const wanted of ROLE_NAMES[role]) {
    const i = names.indexOf(wanted);
    if (i >= 0 && !taken.has(i)) return i;
  }
  return undefined;
}

/** The text column when none is named like one: the free column with the longest values on average. */
function longestColumn(rows: readonly string[][], candidates: readonly number[]): number | undefined {
  let best: { i: number; mean: number } | undefined;
  for (const i of candidates) {
    const mean = rows.reduce((n, r) => n + (r[i]?.trim().length ?? 0), 0) / Math.max(1, rows.length);
    if (!best || mean > best.mean) best = { i, mean };
  }
  return best && best.mean > 0 ? best.i : undefined;
}

function titleFromText(text: string): string {
  const first = text.split(/(?<=[.!?。])\s/, 1)[0]!.trim();
  if (first.length <= TITLE_CHARS) return first;
  const cut = first.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:、]+$/u, '')}…`;
}

/** Parses a CSV/TSV file's rows into documents; the error names the file, the row and what was wrong. */
export function parseCsvDocuments(text: string, file: string, options: CsvRecordsOptions): CsvRecords {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter: delimiterOf(text, file.toLowerCase().endsWith('.tsv')),
      skip_empty_lines: true,
      relax_column_count: false,
      max_record_size: 16 * 1024 * 1024,
    }) as string[][];
  } catch (cause) {
    throw invalid(file, `not a valid CSV: ${(cause as Error).message}`, { cause: (cause as Error).message });
  }
  const header = rows.shift();
  if (!header || header.every((h) => !h.trim())) throw invalid(file, 'no header row naming the columns');
  if (header.length > MAX_CSV_COLUMNS) throw invalid(file, `${header.length} columns, more than ${MAX_CSV_COLUMNS}`);
  const names = header.map(columnKey);
  const columns = header.map((h) => h.trim());
  names.forEach((c, i) => {
    if (!c) throw invalid(file, 'a column of the header has no name');
    if (names.indexOf(c) < i) throw invalid(file, `two columns are named ${JSON.stringify(columns[i])}`);
  });

  const taken = new Set<number>();
  const pick = (role: Role): number | undefined => {
    const i = columnIndex(names, role, taken);
    if (i !== undefined) taken.add(i);
    return i;
  };
  let textAt: number | undefined;
  if (options.textColumn !== undefined) {
    textAt = names.indexOf(columnKey(options.textColumn));
    if (textAt < 0)
      throw invalid(file, `no column ${JSON.stringify(options.textColumn)} (--text-column); its columns: ${columns.join(', ')}`, {
        columns: header,
      });
    taken.add(textAt);
  } else {
    textAt = pick('text');
  }
  const idAt = pick('id');
  const titleAt = pick('title');
  const urlAt = pick('url');
  const publishedAt = pick('published');
  textAt ??= longestColumn(
    rows,
    header.map((_, i) => i).filter((i) => !taken.has(i)),
  );
  if (textAt === undefined)
    throw invalid(file, `no column of text: name one text or abstract, or pass --text-column (columns: ${columns.join(', ')})`, {
      columns: header,
    });
  taken.add(textAt);

  const out: CsvRecords = { records: [], textColumn: columns[textAt]!, emptyRows: 0 };
  const ids = new Set<string>();
  rows.forEach((row, k) => {
    // Rows as a spreadsheet numbers them (the header is row 1): a quoted cell may span lines of the file.
    const rowNo = k + 2;
    const cell = (i: number | undefined): string => (i === undefined ? '' : (row[i] ?? '').trim());
    const body = cell(textAt);
    if (!body) {
      out.emptyRows += 1;
      out.firstEmptyRow ??= rowNo;
      return;
    }
    const id = cell(idAt) || `${options.fileId}#${k + 1}`;
    if (ids.has(id)) throw invalid(file, `row ${rowNo}: id ${JSON.stringify(id)} is used by an earlier row`, { row: rowNo });
    ids.add(id);
    const url = cell(urlAt);
    if (url && !isSafeHttpUrl(url))
      throw invalid(file, `row ${rowNo}: ${columns[urlAt!]!} must be an absolute http(s) URL, got ${JSON.stringify(url.slice(0, 80))}`, { row: rowNo });
    const fields: Record<string, string> = {};
    columns.forEach((name, i) => {
      const v = cell(i);
      if (!taken.has(i) && v) fields[name] = v;
    });
    out.records.push({
      id,
      title: cell(titleAt) || titleFromText(body),
      text: body,
      ...(url ? { url } : {}),
      ...(cell(publishedAt) ? { publishedAt: cell(publishedAt) } : {}),
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
    });
  });
  return out;
}
