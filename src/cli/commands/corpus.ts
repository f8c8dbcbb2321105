// `lyra corpus add|list|remove` and `lyra search`: local corpora and search providers.
import { basename, extname, resolve } from 'node:path';
import type { Command } from 'commander';
import { addToCorpus, removeCorpusNamed } from '../../app/corpus/corpus.js';
import { openExistingStore, openOrCreateStore } from '../../app/open-store.js';
import { InvalidInputError, NonRetryableError, parseTrustLevel, terminalLine } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';
import { createProgress } from '../progress.js';

function defaultName(paths: string[]): string {
  const first = paths[0] ?? 'corpus';
  return (
    basename(first, extname(first))
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '') || 'corpus'
  );
}

export function registerCorpusCommand(program: Command, ctx: CliContext): void {
  const corpus = program.command('corpus').description('Manage local document collections searched offline with --provider corpus');

  corpus
    .command('add')
    .argument(
      '<paths...>',
      'files or folders: .html .htm .pdf .md .txt; .jsonl/.json with {id, title, text, url?, published?} or {doc_id|cord_id, title, abstract[]} per record; .csv/.tsv with a header row, one document per row',
    )
    .option('-n, --name <name>', 'corpus name (default: the first path without extension)')
    .option('--corpus <name>', 'the same as --name: the flag that names a corpus in research, verify, search and task create')
    .option(
      '-t, --trust-level <level>',
      "trust level of documents without a URL of their own: primary, government, academic, trusted, low, unverified (default: the domain policy's default, unverified)",
    )
    .option('--follow-symlinks', 'follow symbolic links that lead outside the added folders (default: such links are skipped and listed)')
    .option(
      '--text-column <name>',
      'the column of .csv/.tsv files holding the text (default: one named text, abstract, body, content…, else the column with the longest values)',
    )
    .option('--json', 'print the ingest report as JSON')
    .description('Ingest documents into a corpus; unchanged files are skipped, changed files replace their documents')
    .addHelpText(
      'after',
      "\nOnly regular files are read (devices, FIFOs and sockets are skipped); symbolic links are followed only inside the\nfolders added unless --follow-symlinks; a dangling or looping link is that entry's error. Files that fail are listed with\ntheir error and the rest is ingested; the exit code is then 1. Documents whose own url is not http(s) are refused.\nA .csv/.tsv row is a document: its text from the text column, its id, title, URL and date from columns named id, title,\nurl and published/date/year when there are such, every other column kept as its fields (authors, doi and publisher reach\nexports); without an id column a row is <file>#<row>, without a title its first sentence. Rows with no text are skipped\nand counted.\nLimits: corpus.max_file_bytes (64 MiB, counted while reading) and corpus.max_files (200,000) in lyra.config.yaml.",
    )
    .action(
      async (paths: string[], opts: { name?: string; corpus?: string; json?: boolean; trustLevel?: string; followSymlinks?: boolean; textColumn?: string }) => {
        if (opts.name !== undefined && opts.corpus !== undefined && opts.name !== opts.corpus)
          throw new InvalidInputError(
            `corpus add: --name ${JSON.stringify(opts.name)} and --corpus ${JSON.stringify(opts.corpus)} name two corpora; give one`,
            {
              code: 'invalid_flag',
            },
          );
        const trustLevel = opts.trustLevel === undefined ? undefined : parseTrustLevel(opts.trustLevel);
        if (opts.trustLevel !== undefined && (!trustLevel || trustLevel === 'BLOCKED')) {
          throw new InvalidInputError(
            `corpus add: --trust-level ${JSON.stringify(opts.trustLevel)}: expected primary, government, academic, trusted, low or unverified`,
            { code: 'invalid_flag' },
          );
        }
        const config = ctx.config();
        const store = ctx.track(openOrCreateStore(config.store))!;
        const progress = createProgress(ctx.io, { enabled: !opts.json });
        const name = opts.name ?? opts.corpus ?? defaultName(paths);
        // Relative paths are the user's, relative to the directory the command runs in.
        const report = await addToCorpus({
          store,
          config,
          name,
          paths: paths.map((p) => resolve(ctx.cwd, p)),
          trustLevel,
          followSymlinks: opts.followSymlinks === true,
          ...(opts.textColumn !== undefined ? { textColumn: opts.textColumn } : {}),
          onProgress: (p) => progress.update(`corpus add ${name}: ${p.filesDone} files, ${p.documents} documents — ${terminalLine(p.file)}`),
        });
        progress.done();
        if (opts.json) printJson(ctx.io, report);
        else {
          ctx.io.stdout(
            `corpus ${report.corpus}: ${report.files} files; ${report.inserted} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.removed} removed\n`,
          );
          // File names and errors come from the disk and the documents: control characters shown, not sent.
          for (const t of report.tables) {
            const empty = t.emptyRows > 0 ? `; ${t.emptyRows} rows without text skipped (first: row ${t.firstEmptyRow})` : '';
            ctx.io.stdout(
              `  table ${terminalLine(t.file)}: ${t.documents} rows read, text from column ${JSON.stringify(terminalLine(t.textColumn))}${empty}\n`,
            );
          }
          for (const s of report.skippedFiles) ctx.io.stdout(`  skipped ${terminalLine(s.file)}: ${terminalLine(s.reason)}\n`);
          for (const f of report.failedFiles) ctx.io.stderr(`  failed ${terminalLine(f.file)}: ${terminalLine(f.error)}\n`);
        }
        if (report.failedFiles.length > 0) {
          throw new NonRetryableError(`corpus add: ${report.failedFiles.length} of ${report.files} files failed (listed above); the others were ingested`, {
            code: 'files_failed',
            details: { failed: report.failedFiles },
          });
        }
      },
    );

  corpus
    .command('list')
    .option('--json', 'print JSON')
    .description('List corpora with their document counts')
    .action((opts: { json?: boolean }) => {
      const store = ctx.track(openExistingStore(ctx.config().store));
      const rows = store?.listCorpora() ?? [];
      if (opts.json) return printJson(ctx.io, { corpora: rows });
      if (rows.length === 0) return ctx.io.stdout('no corpora yet (lyra corpus add <folder> --name NAME)\n');
      ctx.io.stdout(
        formatTable(
          ['name', 'documents', 'trust level', 'created', 'updated'],
          rows.map((c) => [c.name, c.documents, c.trustLevel ?? '(policy default)', c.createdAt, c.updatedAt]),
        ),
      );
    });

  corpus
    .command('remove')
    .argument('<name>', 'corpus name')
    .option('--json', 'print JSON')
    .description('Remove a corpus and its documents')
    .action((name: string, opts: { json?: boolean }) => {
      const store = ctx.track(openOrCreateStore(ctx.config().store))!;
      const removed = removeCorpusNamed(store, name);
      if (opts.json) printJson(ctx.io, { corpus: name, removed });
      else ctx.io.stdout(`removed corpus ${name} (${removed} documents)\n`);
    });
}
