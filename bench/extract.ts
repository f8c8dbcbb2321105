// Extraction benchmark over ../shared/data/readability-test-pages/pages/* (Mozilla Readability's
// test pages): word 4-gram precision/recall/F1 of the extracted text against the text of
// expected.html, exact-match rate of title and byline against expected-metadata.json, pages/s and
// peak RSS — for Lyra's extractor (Readability on linkedom, plus fragments, metadata fallbacks and
// identifiers) and, in the same run, for Readability on jsdom as the baseline.
//   npm run bench:extract [-- --limit 20 --passes 3 --json out.json]
// Each extractor runs in its own child process, one after the other, so peak RSS is its own and the
// two never compete for the CPU. Throughput is the best of --passes timed passes after a warm-up.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { parseHTML } from 'linkedom';
import { mean, ngramOverlap, sameMeta } from './lib/extract-metrics.js';
import { sharedDataPath, skipUnlessShared } from '../src/test-support/shared-data.js';

const PAGES_DIR = 'readability-test-pages/pages';
/** The URL Readability's own test harness gives every page. */
const PAGE_URL = 'http://fakehost/test/page.html';
const TARGET_F1 = 0.9;
const TARGET_SPEEDUP = 3;

const { values: args } = parseArgs({
  options: {
    limit: { type: 'string', default: '0' },
    passes: { type: 'string', default: '2' },
    json: { type: 'string' },
    worker: { type: 'string' },
    out: { type: 'string' },
  },
});

interface PageOutput {
  name: string;
  text: string;
  title: string | null;
  byline: string | null;
  readerable: boolean | null;
  error?: string;
}

interface WorkerResult {
  extractor: string;
  pages: PageOutput[];
  /** Seconds of each timed pass over all pages. */
  passSeconds: number[];
  peakRssMb: number;
}

function pageNames(): string[] {
  const names = readdirSync(sharedDataPath(PAGES_DIR)).sort();
  const limit = Number(args.limit);
  return limit > 0 ? names.slice(0, limit) : names;
}

type Extract = (html: string) => Promise<Omit<PageOutput, 'name'>>;

async function lyraExtractor(): Promise<Extract> {
  const { createTextExtractor } = await import('../src/extract/index.js');
  const extractor = createTextExtractor();
  return async (html) => {
    const d = await extractor.extract({ url: PAGE_URL, contentType: 'text/html', text: html });
    return { text: d.text, title: d.title ?? null, byline: d.byline ?? null, readerable: d.readerable ?? null };
  };
}

async function jsdomExtractor(): Promise<Extract> {
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { Readability } = await import('@mozilla/readability');
  // jsdom reports CSS it cannot parse on its console; the baseline runs quietly.
  const virtualConsole = new VirtualConsole();
  return async (html) => {
    const dom = new JSDOM(html, { url: PAGE_URL, virtualConsole });
    const article = new Readability(dom.window.document).parse();
    dom.window.close();
    return { text: article?.textContent ?? '', title: article?.title ?? null, byline: article?.byline ?? null, readerable: null };
  };
}

async function runWorker(kind: string, out: string): Promise<void> {
  const extract = kind === 'lyra' ? await lyraExtractor() : kind === 'jsdom' ? await jsdomExtractor() : undefined;
  if (!extract) throw new Error(`bench:extract: unknown worker ${kind}`);
  const names = pageNames();
  const sources = names.map((n) => readFileSync(join(sharedDataPath(PAGES_DIR), n, 'source.html'), 'utf8'));
  const pages: PageOutput[] = [];
  for (let i = 0; i < names.length; i++) {
    try {
      pages.push({ name: names[i]!, ...(await extract(sources[i]!)) });
    } catch (err) {
      pages.push({ name: names[i]!, text: '', title: null, byline: null, readerable: null, error: err instanceof Error ? err.message : String(err) });
    }
  }
  // The scored pass above doubles as the warm-up; the timed passes follow.
  const passSeconds: number[] = [];
  for (let p = 0; p < Math.max(1, Number(args.passes)); p++) {
    const t0 = performance.now();
    for (const html of sources) await extract(html).catch(() => undefined);
    passSeconds.push((performance.now() - t0) / 1000);
  }
  const result: WorkerResult = { extractor: kind, pages, passSeconds, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  writeFileSync(out, JSON.stringify(result));
}

function spawnWorker(kind: string, dir: string): WorkerResult {
  const out = join(dir, `${kind}.json`);
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', process.argv[1]!, '--worker', kind, '--out', out, '--limit', args.limit!, '--passes', args.passes!],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (res.status !== 0) throw new Error(`bench:extract: ${kind} worker exited with ${res.status ?? res.signal}`);
  return JSON.parse(readFileSync(out, 'utf8')) as WorkerResult;
}

interface Row {
  extractor: string;
  precision: number;
  recall: number;
  f1: number;
  minF1: number;
  titleExact: number;
  bylineExact: number;
  readerableAgree: number | null;
  errors: number;
  pagesPerSecond: number;
  peakRssMb: number;
  perPage: Array<{ name: string; f1: number }>;
}

function score(result: WorkerResult, expectedText: Map<string, string>, expectedMeta: Map<string, Record<string, unknown>>): Row {
  const per = result.pages.map((p) => ({ p, o: ngramOverlap(p.text, expectedText.get(p.name)!), m: expectedMeta.get(p.name)! }));
  const withReaderable = per.filter((x) => x.p.readerable !== null);
  return {
    extractor: result.extractor,
    precision: mean(per.map((x) => x.o.precision)),
    recall: mean(per.map((x) => x.o.recall)),
    f1: mean(per.map((x) => x.o.f1)),
    minF1: Math.min(...per.map((x) => x.o.f1)),
    titleExact: mean(per.map((x) => (sameMeta(x.p.title, x.m.title) ? 1 : 0))),
    bylineExact: mean(per.map((x) => (sameMeta(x.p.byline, x.m.byline) ? 1 : 0))),
    readerableAgree: withReaderable.length ? mean(withReaderable.map((x) => (x.p.readerable === x.m.readerable ? 1 : 0))) : null,
    errors: result.pages.filter((p) => p.error).length,
    pagesPerSecond: result.pages.length / Math.min(...result.passSeconds),
    peakRssMb: result.peakRssMb,
    perPage: per.map((x) => ({ name: x.p.name, f1: x.o.f1 })),
  };
}

async function main(): Promise<void> {
  const missing = skipUnlessShared(PAGES_DIR);
  if (missing) {
    console.error(`bench:extract needs ../shared/data: ${missing}`);
    process.exit(1);
  }
  if (args.worker) return runWorker(args.worker, args.out!);

  const names = pageNames();
  const expectedText = new Map<string, string>();
  const expectedMeta = new Map<string, Record<string, unknown>>();
  for (const name of names) {
    const dir = join(sharedDataPath(PAGES_DIR), name);
    const html = readFileSync(join(dir, 'expected.html'), 'utf8');
    expectedText.set(
      name,
      (parseHTML(`<!doctype html><html><body>${html}</body></html>`).document as unknown as { body: { textContent: string } }).body.textContent,
    );
    expectedMeta.set(name, JSON.parse(readFileSync(join(dir, 'expected-metadata.json'), 'utf8')) as Record<string, unknown>);
  }
  const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-extract-'));
  let rows: Row[];
  try {
    console.log(`bench:extract: ${names.length} pages, best of ${args.passes} timed passes per extractor, each in its own process`);
    rows = ['lyra', 'jsdom'].map((kind) => score(spawnWorker(kind, dir), expectedText, expectedMeta));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const [lyra, jsdom] = rows as [Row, Row];
  const label: Record<string, string> = { lyra: 'lyra (Readability+linkedom)', jsdom: 'baseline (Readability+jsdom)' };
  const f = (v: number, d = 3): string => v.toFixed(d);
  console.log('');
  console.log(
    ['extractor                     ', '4g-P ', '4g-R ', '4g-F1', 'minF1', 'title', 'byline', 'readerable', 'errors', 'pages/s', 'peak RSS MB'].join('  '),
  );
  for (const r of rows) {
    console.log(
      [
        label[r.extractor]!.padEnd(30),
        f(r.precision),
        f(r.recall),
        f(r.f1),
        f(r.minF1),
        f(r.titleExact, 2).padStart(5),
        f(r.bylineExact, 2).padStart(6),
        (r.readerableAgree === null ? '-' : f(r.readerableAgree, 2)).padStart(10),
        String(r.errors).padStart(6),
        f(r.pagesPerSecond, 1).padStart(7),
        f(r.peakRssMb, 0).padStart(11),
      ].join('  '),
    );
  }
  const speedup = lyra.pagesPerSecond / jsdom.pagesPerSecond;
  console.log('');
  console.log(`speed ratio lyra / jsdom baseline: ${speedup.toFixed(2)}x`);
  console.log(
    `lowest lyra 4-gram F1: ${[...lyra.perPage]
      .sort((a, b) => a.f1 - b.f1)
      .slice(0, 5)
      .map((p) => `${p.name} ${f(p.f1)}`)
      .join(', ')}`,
  );
  const okF1 = lyra.f1 >= TARGET_F1;
  const okSpeed = speedup >= TARGET_SPEEDUP;
  console.log(
    `targets: mean 4-gram F1 >= ${TARGET_F1}: ${okF1 ? 'met' : 'NOT met'} (${f(lyra.f1, 4)}); speed >= ${TARGET_SPEEDUP}x baseline: ${okSpeed ? 'met' : 'NOT met'} (${speedup.toFixed(2)}x)`,
  );
  if (args.json) writeFileSync(args.json, JSON.stringify({ pages: names.length, passes: Number(args.passes), rows, speedup }, null, 2));
}

await main();
