// `lyra extract <file-or-url> [--json]`: main text, metadata, quotable fragments and scholarly
// identifiers of one document (HTML, PDF, plain text, Markdown). The JSON field names are a public
// contract (docs/guide.md).
import type { Command } from 'commander';
import { z } from 'zod';
import { openOrCreateStore, type StoreLocation } from '../../app/open-store.js';
import { extractSource, isUrlSource } from '../../app/tasks/extract-source.js';
import { InvalidInputError, terminalLine, terminalText, type AuthItem, type ExtractedDocument, type LyraEvent } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';

const flagsSchema = z.strictObject({
  json: z.boolean().optional(),
  render: z.boolean().optional(),
  cache: z.boolean().optional(),
  maxFragmentChars: z.coerce.number().int().min(100).max(1_000_000).optional(),
});

const JSON_HELP = `
JSON output (--json), one object:
  title, byline, publishedTime, lang, siteName   string or null (publishedTime as the page writes it)
  publishedAt      publishedTime as ISO 8601 when it parses, else null
  text             main text; blocks separated by blank lines
  fragments[]      {text, locator, kind}: text is a verbatim slice of \`text\`; locator has
                   headingPath[], paragraph (0-based), charStart, charEnd, and page for PDFs
  identifiers[]    {type, value, source[, version]}: type doi|pmid|pmcid|arxiv|s2|openalex;
                   source url|meta (the document's own) or link|text (works it cites)
  readerable       false when the page is not an article and text is the whole body
  url, format (html|pdf|text|markdown), excerpt, academicLinks[], links[], pages[] (PDF), warnings[]

Files are read as HTML, PDF, Markdown or text by extension and content; URLs go through the polite
fetcher (robots.txt, per-domain rate, SSRF guard, cache).`;

/** The public JSON shape of `lyra extract --json`. */
export function extractJson(doc: ExtractedDocument): Record<string, unknown> {
  return {
    url: doc.url,
    format: doc.format ?? null,
    title: doc.title ?? null,
    byline: doc.byline ?? null,
    publishedTime: doc.publishedTime ?? null,
    publishedAt: doc.publishedAt ?? null,
    lang: doc.language ?? null,
    siteName: doc.siteName ?? null,
    excerpt: doc.excerpt ?? null,
    readerable: doc.readerable ?? true,
    text: doc.text,
    fragments: (doc.fragments ?? []).map((f) => ({ text: f.text, locator: { headingPath: f.locator.headingPath ?? [], ...f.locator }, kind: f.kind })),
    identifiers: (doc.foundIdentifiers ?? []).map((i) => ({ type: i.type, value: i.value, source: i.source, ...(i.version ? { version: i.version } : {}) })),
    academicLinks: doc.academicLinks,
    links: doc.links,
    ...(doc.pages ? { pages: doc.pages } : {}),
    warnings: doc.warnings,
  };
}

function printText(ctx: CliContext, doc: ExtractedDocument): void {
  const ids = (doc.foundIdentifiers ?? []).map((i) => `${i.type}:${i.value}${i.version ?? ''} (${i.source})`);
  // Everything below comes from the document: control characters are shown, never sent (JSON stays exact).
  const t = (s: string | undefined): string => (s === undefined ? '-' : terminalLine(s));
  const lines = [
    `title: ${t(doc.title)}`,
    `byline: ${t(doc.byline)}`,
    `published: ${t(doc.publishedTime)}${doc.publishedAt && doc.publishedAt !== doc.publishedTime ? ` (${t(doc.publishedAt)})` : ''}`,
    `lang: ${t(doc.language)}`,
    `site: ${t(doc.siteName)}`,
    `format: ${doc.format ?? '-'}${doc.readerable === false ? ' (not readerable: whole body)' : ''}`,
    `fragments: ${doc.fragments?.length ?? 0}`,
    `identifiers: ${ids.length > 0 ? terminalLine(ids.join(', ')) : '-'}`,
    ...(doc.academicLinks.length > 0 ? [`academic links: ${terminalLine(doc.academicLinks.join(' '))}`] : []),
    '',
    terminalText(doc.text) || '(no text)',
  ];
  ctx.io.stdout(lines.join('\n') + '\n');
}

function openStore(ctx: CliContext, where: StoreLocation): ReturnType<typeof openOrCreateStore> {
  const store = openOrCreateStore(where);
  ctx.track(store);
  return store;
}

export function registerExtractCommand(program: Command, ctx: CliContext): void {
  program
    .command('extract')
    .argument('<file-or-url>', 'a local HTML, PDF, Markdown or text file, or an absolute http(s) URL')
    .description('Extract main text, metadata, quotable fragments and scholarly identifiers (DOI, PMID, PMCID, arXiv) from one document')
    .option('--json', 'print JSON (fields below)')
    .option('--render', 'URLs: render the page in Chromium first (needs the Debian package chromium)')
    .option('--no-cache', 'URLs: skip the on-disk HTTP cache')
    .option(
      '--max-fragment-chars <n>',
      'longest fragment; longer blocks are cut at line, sentence or word ends (default extract.max_fragment_chars, else 2000)',
    )
    .addHelpText('after', JSON_HELP)
    .action(async (source: string, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`extract: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      // The configuration gives the extraction limits, and for URLs the fetch settings and domain policy.
      const config = ctx.config();
      const events = {
        emit: (e: LyraEvent) => {
          if (e.level === 'warn' || e.level === 'error') ctx.io.stderr(`lyra: ${e.level}: ${terminalLine(e.message)}\n`);
        },
      };
      let store: ReturnType<typeof openOrCreateStore> | undefined;
      const doc = await extractSource({
        source,
        cwd: ctx.cwd,
        config,
        ...(isUrlSource(source) ? { events, onAuthRequired: (item: AuthItem) => (store ??= openStore(ctx, config.store)).enqueueAuth(item) } : {}),
        ...(flags.render ? { render: true } : {}),
        ...(flags.cache === false ? { noCache: true } : {}),
        ...(flags.maxFragmentChars ? { extractorOptions: { maxFragmentChars: flags.maxFragmentChars } } : {}),
      });
      if (flags.json) return printJson(ctx.io, extractJson(doc));
      for (const w of doc.warnings) ctx.io.stderr(`warning: ${terminalLine(w)}\n`);
      printText(ctx, doc);
    });
}
