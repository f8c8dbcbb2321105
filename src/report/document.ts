// A report as data: blocks of inline pieces, each piece either Lyra's words or a value from a page, a
// provider or a model, never Markdown or HTML. The research workflow builds one document per run and
// every rendering is made from it (report.md by markdown.ts, the UI's report page by html-fragment.ts),
// so nothing reads a rendered report back: a numbered claim heading carries its claim id, a citation
// its number, a reference its source's address. Written beside report.md as `<topic>_report.json`
// (a public contract; JSON Schema in schemas/research/report_document.schema.json).
import { z } from 'zod';

/** The document format; a reader refuses another one rather than guess at it. */
export const REPORT_DOCUMENT_FORMAT = 'lyra-report/1';

export const reportInlineSchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('text'), text: z.string() }).describe('Text, shown as written (escaped by each renderer)'),
    z.strictObject({ type: z.literal('strong'), text: z.string() }),
    z.strictObject({ type: z.literal('emphasis'), text: z.string() }),
    z.strictObject({ type: z.literal('quote'), text: z.string() }).describe('A verbatim quote, shown between typographic quotes'),
    z.strictObject({ type: z.literal('cite'), n: z.number().int().positive() }).describe('A citation mark [n]: the reference list item whose cite is n'),
    z.strictObject({ type: z.literal('link'), text: z.string(), url: z.string() }).describe('A link; only an http(s) address is ever linked'),
    z.strictObject({ type: z.literal('url'), url: z.string() }).describe('An address shown as itself (linked when http(s))'),
  ])
  .meta({ id: 'ReportInline' });
export type ReportInline = z.infer<typeof reportInlineSchema>;

const inlines = z.array(reportInlineSchema);

export interface ReportListItem {
  content: ReportInline[];
  /** The citation number this item defines (a References entry): `[n]` marks link to it. */
  cite?: number | undefined;
  /** The address of the source this item is about (a References entry), as data for a reader to link. */
  source_url?: string | undefined;
  /** A list under this item. */
  list?: ReportList | undefined;
}
export interface ReportList {
  ordered: boolean;
  items: ReportListItem[];
}

export const reportListSchema: z.ZodType<ReportList> = z
  .lazy(() =>
    z.strictObject({
      ordered: z.boolean(),
      items: z.array(
        z.strictObject({
          content: inlines,
          cite: z.number().int().positive().optional(),
          source_url: z.string().optional(),
          list: reportListSchema.optional(),
        }),
      ),
    }),
  )
  .meta({ id: 'ReportList' });

export const reportBlockSchema = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('heading'),
      level: z.number().int().min(1).max(6),
      content: inlines,
      number: z.number().int().positive().optional().describe('The number of a numbered claim heading (### 3. …)'),
      claim_id: z.string().optional().describe('The claim a numbered claim heading is about'),
    }),
    z.strictObject({ type: z.literal('paragraph'), content: inlines }),
    z.strictObject({ type: z.literal('note'), content: inlines }).describe('A line about the run (shown as a block quote in Markdown)'),
    z.strictObject({ type: z.literal('list'), list: reportListSchema }),
    z.strictObject({ type: z.literal('table'), head: z.array(inlines), rows: z.array(z.array(inlines)) }),
  ])
  .meta({ id: 'ReportBlock' });
export type ReportBlock = z.infer<typeof reportBlockSchema>;

export const reportDocumentSchema = z.strictObject({
  format: z.literal(REPORT_DOCUMENT_FORMAT),
  language: z.enum(['en', 'ja']),
  blocks: z.array(reportBlockSchema),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/** Text shown as written. */
export const text = (s: string): ReportInline => ({ type: 'text', text: s });
/** A verbatim quote. */
export const quote = (s: string): ReportInline => ({ type: 'quote', text: s });
/** A citation mark. */
export const cite = (n: number): ReportInline => ({ type: 'cite', n });

/** A heading block. */
export function heading(level: number, content: ReportInline[], claim?: { number: number; claimId: string }): ReportBlock {
  return { type: 'heading', level, content, ...(claim ? { number: claim.number, claim_id: claim.claimId } : {}) };
}
/** A paragraph block. */
export const paragraph = (content: ReportInline[]): ReportBlock => ({ type: 'paragraph', content });
/** A bulleted (or numbered) list block. */
export const list = (items: ReportListItem[], ordered = false): ReportBlock => ({ type: 'list', list: { ordered, items } });
/** A list item, with the list under it when `children` has items. */
export function item(content: ReportInline[], children: ReportListItem[] = []): ReportListItem {
  return children.length > 0 ? { content, list: { ordered: false, items: children } } : { content };
}

/** The claim of each numbered claim heading, in the document's order (`### 1. …` first). */
export function headingClaimIds(doc: ReportDocument): string[] {
  return doc.blocks.flatMap((b) => (b.type === 'heading' && b.claim_id !== undefined ? [b.claim_id] : []));
}

/** The plain text of inline pieces (what a reader sees, without links' targets): for tests and short labels. */
export function plainText(content: readonly ReportInline[]): string {
  return content
    .map((p) => {
      switch (p.type) {
        case 'cite':
          return `[${p.n}]`;
        case 'quote':
          return `“${p.text}”`;
        case 'url':
          return p.url;
        default:
          return p.text;
      }
    })
    .join('');
}
