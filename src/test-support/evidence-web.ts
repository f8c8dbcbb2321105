// A small web for pipeline integration tests, all on one loopback server with virtual hosts:
// - search.test: a SearXNG JSON API answering every query with the evidence pages (or a test's own list);
// - s2.test: the Semantic Scholar Graph API serving recorded records (../shared/data/api_fixtures/
//   semanticscholar Paper.json with its embedded citations and references, Reference.json and
//   Citation.json for their isInfluential flags); openalex.test: OpenAlex /works over the recorded
//   peneira search (its works, their referenced_works and the cites: relation among them);
// - journal-a.test and journal-b.test (ACADEMIC in the test domains.yaml) and blog.test (UNVERIFIED):
//   article pages where A says aerobic exercise lowers blood pressure, B (also ACADEMIC) finds no effect,
//   and the low-trust blog flatly contradicts A. Page A cites Turing's paper by DOI (phase 6 → 3).
// startEvidenceWeb also writes a lyra.config.yaml and domains.yaml into a temp home wired to all of it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostResolver } from '../net/index.js';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web.js';
import { seededRandom } from './seeded-random.js';
import { sharedDataPath, skipUnlessShared } from './shared-data.js';

export const TURING_DOI = '10.1093/mind/lix.236.433';
export const S2_HOST = 's2.test';
export const OPENALEX_HOST = 'openalex.test';
export const SEARCH_HOST = 'search.test';

export interface ArticleSpec {
  host: string;
  path: string;
  title: string;
  byline: string;
  published: string;
  paragraphs: string[];
}

/** The three articles of the conflict (PIPELINE.md acceptance: MISINFORMATION and CONTESTED). */
export const EVIDENCE_ARTICLES: Readonly<Record<'academicA' | 'academicB' | 'lowTrust', ArticleSpec>> = {
  academicA: {
    host: 'journal-a.test',
    path: '/articles/aerobic-exercise-blood-pressure',
    title: 'Aerobic exercise and resting blood pressure: a randomized trial',
    byline: 'Maria Keller',
    published: '2021-03-14',
    paragraphs: [
      'Regular aerobic exercise lowers resting blood pressure in adults with hypertension.',
      'In our randomized trial of 412 adults, twelve weeks of brisk walking reduced systolic blood pressure by 6 mmHg compared with the control group.',
      'The effect was similar in men and women and persisted at the six-month follow-up.',
      'Our methods follow the imitation-game reasoning of Turing (doi:10.1093/mind/lix.236.433) only in the sense that assessors were blinded.',
    ],
  },
  academicB: {
    host: 'journal-b.test',
    path: '/papers/walking-and-hypertension',
    title: 'Walking programmes and hypertension: no effect on resting blood pressure',
    byline: 'Kenji Watanabe',
    published: '2022-09-02',
    paragraphs: [
      'Regular aerobic exercise does not lower resting blood pressure in adults with hypertension.',
      'In a randomized trial of 388 adults, a twelve-week walking programme left systolic blood pressure unchanged compared with usual care.',
      'Adherence was high in both groups, so the absence of an effect is unlikely to reflect poor compliance.',
    ],
  },
  lowTrust: {
    host: 'blog.test',
    path: '/2023/05/exercise-myths',
    title: 'Exercise myths your doctor still believes',
    byline: 'Healthy Living Blog',
    published: '2023-05-20',
    paragraphs: [
      'Aerobic exercise does not lower blood pressure in people with hypertension, whatever the trials claim.',
      'Exercise raises blood pressure, and walking every day makes hypertension worse.',
      'Brisk walking for twelve weeks increases systolic blood pressure in adults with hypertension.',
      'Save your energy and skip the treadmill.',
    ],
  },
};

export function articleHtml(a: ArticleSpec): string {
  const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = a.paragraphs
    .map((p) => esc(p).replace(/doi:(10\.\d{4,9}\/[^\s)]+)/g, (_m, doi: string) => `<a href="https://doi.org/${doi}">doi:${doi}</a>`))
    .map((p) => `<p>${p}</p>`)
    .join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(a.title)}</title>
<meta name="author" content="${esc(a.byline)}"><meta property="article:published_time" content="${a.published}T09:00:00Z"></head>
<body><header><nav><a href="/">Home</a> | <a href="/about">About</a></nav></header>
<main><article><h1>${esc(a.title)}</h1><p class="byline">By ${esc(a.byline)}, ${a.published}</p>
${body}
</article></main><footer><p>© ${a.published.slice(0, 4)} ${esc(a.host)}</p></footer></body></html>`;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type FaultKind = 'status_500' | 'status_502' | 'status_503' | 'status_429' | 'hang';
const FAULT_KINDS: readonly FaultKind[] = ['status_500', 'status_502', 'status_503', 'status_429', 'hang'];

export interface FaultRecord {
  /** Host header (without port) and path of the request. */
  key: string;
  fault?: FaultKind;
}

export interface FaultInjector {
  enabled: boolean;
  readonly rate: number;
  /** Every request seen while enabled, in arrival order, with the fault it got (if any). */
  readonly log: FaultRecord[];
  wrap(handler: Handler): Handler;
}

/**
 * Fails `rate` of the requests (seeded, in arrival order): 500/502/503, 429 with Retry-After: 1, or a
 * response that sends its headers and then stalls until the client's idle timeout gives up.
 */
export function createFaultInjector(options: { rate: number; seed: number }): FaultInjector {
  const random = seededRandom(options.seed);
  const injector: FaultInjector = {
    enabled: false,
    rate: options.rate,
    log: [],
    wrap: (handler) => (req, res) => {
      if (!injector.enabled) return handler(req, res);
      const key = `${(req.headers.host ?? '').replace(/:\d+$/, '')}${new URL(req.url ?? '/', 'http://x').pathname}`;
      if (random() >= options.rate) {
        injector.log.push({ key });
        return handler(req, res);
      }
      const fault = FAULT_KINDS[Math.floor(random() * FAULT_KINDS.length)]!;
      injector.log.push({ key, fault });
      if (fault === 'hang') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body>');
        return; // never ends; the client's idle timeout fires, and close() cuts it
      }
      if (fault === 'status_429') return void res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('slow down');
      res.writeHead(Number(fault.slice(-3)), { 'content-type': 'text/plain' }).end('injected failure');
    },
  };
  return injector;
}

export interface SerpResult {
  url: string;
  title: string;
  content?: string;
}

export interface EvidenceWebOptions {
  /**
   * `virtual-hosts` (default): each site on its own *.test host, mapped to loopback by `resolver` (needs
   * an engine built with that resolver). `loopback`: every site under a path of 127.0.0.1, so a child
   * process running the plain CLI reaches it through the config alone (all sites share one trust level).
   */
  mode?: 'virtual-hosts' | 'loopback';
  /** SERP results for a query; default: the three evidence articles for every query. */
  serp?: (query: string, urls: Record<keyof typeof EVIDENCE_ARTICLES, string>) => SerpResult[];
  /** Inject faults into every fixture route (pages, SERP, scholarly APIs) while `faults.enabled` is true. */
  faults?: FaultInjector;
  /** Serve this many extra real pages (../shared/data/readability-test-pages, reused cyclically) at `bulkUrls`. */
  bulkPages?: number;
  /** Extra routes added before the server answers. */
  routes?: (web: LoopbackWeb) => void;
  /** Keys of the config's `pipeline` section, over the fixture's (query_backoff_ms 50, mirror_queries false, synonym_queries 0). */
  pipeline?: Record<string, unknown>;
  /** Keys of the config's `fetch` section, over the fixture's (short timeouts, one retry, no cache). */
  fetch?: Record<string, unknown>;
  /** Extra top-level YAML appended to the config. */
  extraYaml?: string;
  /** Extra `domains:` entries for the test domains.yaml. */
  extraDomains?: string[];
}

export interface EvidenceWeb {
  web: LoopbackWeb;
  /** Maps every *.test host to the loopback server. */
  resolver: HostResolver;
  home: string;
  configPath: string;
  domainsPath: string;
  urls: Record<keyof typeof EVIDENCE_ARTICLES, string>;
  /** URLs of the bulk pages, in order. */
  bulkUrls: string[];
  /** The server's request-log key of a URL (for web.requestsTo). */
  logKey(url: string): string;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type S2Record = Record<string, unknown> & { paperId: string | null; externalIds?: Record<string, unknown> | null; abstract?: string | null };

/** Recorded Semantic Scholar records: the main paper, its embedded citations and references, by paperId and DOI. */
function s2Records(): {
  main: S2Record;
  references: Array<{ isInfluential: boolean; citedPaper: S2Record }>;
  citations: Array<{ isInfluential: boolean; citingPaper: S2Record }>;
  byId: Map<string, S2Record>;
} {
  const dir = sharedDataPath('api_fixtures/semanticscholar');
  const paper = JSON.parse(readFileSync(join(dir, 'Paper.json'), 'utf8')) as S2Record & { citations: S2Record[]; references: S2Record[] };
  const ref = JSON.parse(readFileSync(join(dir, 'Reference.json'), 'utf8')) as { isInfluential: boolean; citedPaper: S2Record };
  const cit = JSON.parse(readFileSync(join(dir, 'Citation.json'), 'utf8')) as { isInfluential: boolean; citingPaper: S2Record };
  const { citations, references, ...main } = paper;
  // Paper.json's embedded lists carry no isInfluential (S2 only gives it on the /references and /citations
  // endpoints): the recorded Reference.json / Citation.json links keep theirs, the rest are false.
  const refs = [{ isInfluential: ref.isInfluential, citedPaper: ref.citedPaper }, ...references.map((r) => ({ isInfluential: false, citedPaper: r }))];
  const cits = [{ isInfluential: cit.isInfluential, citingPaper: cit.citingPaper }, ...citations.map((c) => ({ isInfluential: false, citingPaper: c }))];
  const byId = new Map<string, S2Record>();
  for (const r of [main as S2Record, ...refs.map((x) => x.citedPaper), ...cits.map((x) => x.citingPaper)]) {
    if (!r.paperId) continue; // S2 lists unresolved works with a null paperId
    byId.set(r.paperId.toLowerCase(), r);
    const doi = r.externalIds?.DOI;
    if (typeof doi === 'string') byId.set(`doi:${doi.toLowerCase()}`, r);
  }
  return { main: main as S2Record, references: refs, citations: cits, byId };
}

/** The recorded abstract of a paper the S2 fixture serves, by DOI or arXiv id (for checking scores). */
export function s2FixtureAbstract(id: { doi?: string; arxiv?: string }): string | undefined {
  const data = s2Records();
  for (const r of data.byId.values()) {
    const ids = r.externalIds ?? {};
    if ((id.doi && String(ids.DOI ?? '').toLowerCase() === id.doi) || (id.arxiv && String(ids.ArXiv ?? '').toLowerCase() === id.arxiv))
      return r.abstract ?? undefined;
  }
  return undefined;
}

function s2Handler(prefix: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const data = s2Records();
  const find = (raw: string): S2Record | undefined => {
    const id = decodeURIComponent(raw).trim();
    return data.byId.get(id.toLowerCase()) ?? data.byId.get(id.replace(/^doi:/i, 'doi:').toLowerCase());
  };
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s2.test');
    const path = url.pathname.slice(prefix.length).replace(/^\/graph\/v1/, '');
    const limit = Number(url.searchParams.get('limit') ?? '100');
    const offset = Number(url.searchParams.get('offset') ?? '0');
    if (path === '/paper/search') return json(res, 200, { total: 1, offset: 0, data: offset === 0 ? [data.main] : [] });
    if (path === '/paper/batch' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as { ids: string[] };
      return json(
        res,
        200,
        body.ids.map((id) => find(id) ?? null),
      );
    }
    const m = /^\/paper\/(.+?)(?:\/(references|citations))?$/.exec(path);
    if (!m) return json(res, 404, { error: `no route ${path}` });
    const paper = find(m[1]!);
    if (!paper) return json(res, 404, { error: 'Paper not found' });
    if (!m[2]) return json(res, 200, paper);
    if (paper !== data.main) return json(res, 200, { offset, data: [] });
    const list = m[2] === 'references' ? data.references : data.citations;
    const page = list.slice(offset, offset + limit);
    return json(res, 200, { offset, ...(offset + limit < list.length ? { next: offset + limit } : {}), data: page });
  };
}

type Work = Record<string, unknown> & { id: string; doi?: string | null; referenced_works?: string[] | null };

function openAlexHandler(prefix: string): (req: IncomingMessage, res: ServerResponse) => void {
  const file = JSON.parse(readFileSync(sharedDataPath('api_fixtures/openalex/peneira_works_search_49results.json'), 'utf8')) as { results: Work[] };
  const works = file.results;
  const short = (id: string): string => id.replace(/^https?:\/\/openalex\.org\//i, '').toUpperCase();
  const byDoi = (doi: string): Work | undefined => works.find((w) => (w.doi ?? '').toLowerCase().replace(/^https?:\/\/doi\.org\//, '') === doi.toLowerCase());
  const list = (res: ServerResponse, found: Work[], url: URL): void => {
    const perPage = Number(url.searchParams.get('per_page') ?? '25');
    const page = Number(url.searchParams.get('page') ?? '1');
    json(res, 200, { meta: { count: found.length, page, per_page: perPage }, results: found.slice((page - 1) * perPage, page * perPage) });
  };
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://openalex.test');
    const path = url.pathname.slice(prefix.length);
    if (path === '/works') {
      const search = url.searchParams.get('search');
      const filter = url.searchParams.get('filter') ?? '';
      if (search !== null) return list(res, /climate|remote sensing|satellite/i.test(search) ? works : [], url);
      if (filter.startsWith('openalex:')) {
        const ids = new Set(filter.slice('openalex:'.length).split('|').map(short));
        return list(
          res,
          works.filter((w) => ids.has(short(w.id))),
          url,
        );
      }
      if (filter.startsWith('cites:')) {
        const target = short(filter.slice('cites:'.length));
        return list(
          res,
          works.filter((w) => (w.referenced_works ?? []).some((r) => short(r) === target)),
          url,
        );
      }
      return json(res, 400, { error: `unsupported filter ${filter}` });
    }
    const m = /^\/works\/(.+)$/.exec(path);
    const id = m ? decodeURIComponent(m[1]!) : '';
    const work = /^doi:/i.test(id) ? byDoi(id.slice(4)) : works.find((w) => short(w.id) === short(id));
    return work ? json(res, 200, work) : json(res, 404, { error: 'not found' });
  };
}

/** Results per SearXNG page (real instances answer 10–30 depending on engines). */
export const SEARXNG_PAGE_SIZE = 25;

export function searxngHandler(serp: (query: string) => SerpResult[]): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://search.test');
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('pageno') ?? '1');
    const all = serp(q);
    const results = all
      .slice((page - 1) * SEARXNG_PAGE_SIZE, page * SEARXNG_PAGE_SIZE)
      .map((r) => ({ url: r.url, title: r.title, content: r.content ?? '', engine: 'fixture', score: 1 }));
    json(res, 200, { query: q, results, unresponsive_engines: [] });
  };
}

/** Names of the real pages (the readability test pages), sorted. */
export function readabilityPageNames(): string[] {
  const root = sharedDataPath('readability-test-pages/pages');
  return readdirSync(root)
    .filter((n) => existsSync(join(root, n, 'source.html')))
    .sort();
}

/** What the evidence web serves from ../shared/data: a test on it skips with skipUnlessShared(EVIDENCE_WEB_SHARED_DATA). */
export const EVIDENCE_WEB_SHARED_DATA = 'api_fixtures/semanticscholar/Paper.json';

export async function startEvidenceWeb(options: EvidenceWebOptions = {}): Promise<EvidenceWeb> {
  // Checked before any server listens: a test that failed here with its servers open kept its process
  // alive until the runner's timeout (15 min in a clone without ../shared).
  const missing = skipUnlessShared(EVIDENCE_WEB_SHARED_DATA);
  if (missing) throw new Error(`startEvidenceWeb: ${missing}; a test on the evidence web skips with skipUnlessShared(EVIDENCE_WEB_SHARED_DATA)`);
  const web = await startLoopbackWeb();
  const guarded = (h: Handler): Handler => (options.faults ? options.faults.wrap(h) : h);
  const vhosts = (options.mode ?? 'virtual-hosts') === 'virtual-hosts';
  /** Route key and URL of a path on a site: //site.test/path, or /site/path on 127.0.0.1. */
  const site = (name: string, path: string): { key: string; url: string; prefix: string } =>
    vhosts
      ? { key: `//${name}${path}`, url: web.url(`//${name}${path}`), prefix: '' }
      : { key: `/${name}${path}`, url: web.url(`/${name}${path}`), prefix: `/${name}` };

  const urls = {} as Record<keyof typeof EVIDENCE_ARTICLES, string>;
  for (const [key, a] of Object.entries(EVIDENCE_ARTICLES) as Array<[keyof typeof EVIDENCE_ARTICLES, ArticleSpec]>) {
    const s = site(a.host, a.path);
    const html = articleHtml(a);
    web.route(
      s.key,
      guarded((_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)),
    );
    urls[key] = s.url;
  }
  const bulkUrls: string[] = [];
  if (options.bulkPages) {
    const root = sharedDataPath('readability-test-pages/pages');
    const names = readabilityPageNames();
    for (let i = 0; i < options.bulkPages; i++) {
      const name = names[i % names.length]!;
      const s = site('pages.test', `/p/${i}/${name}/`);
      const file = join(root, name, 'source.html');
      web.route(
        s.key,
        guarded((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(readFileSync(file))),
      );
      bulkUrls.push(s.url);
    }
  }
  const defaultSerp = (): SerpResult[] => [
    { url: urls.academicA, title: EVIDENCE_ARTICLES.academicA.title, content: EVIDENCE_ARTICLES.academicA.paragraphs[0] },
    { url: urls.academicB, title: EVIDENCE_ARTICLES.academicB.title, content: EVIDENCE_ARTICLES.academicB.paragraphs[0] },
    { url: urls.lowTrust, title: EVIDENCE_ARTICLES.lowTrust.title, content: EVIDENCE_ARTICLES.lowTrust.paragraphs[0] },
  ];
  const serp = options.serp ? (q: string): SerpResult[] => options.serp!(q, urls) : defaultSerp;
  const search = site(SEARCH_HOST, '/search');
  web.route(search.key, guarded(searxngHandler(serp)));
  const s2 = site(S2_HOST, '/*');
  web.route(s2.key, guarded(s2Handler(s2.prefix)));
  const oa = site(OPENALEX_HOST, '/*');
  web.route(oa.key, guarded(openAlexHandler(oa.prefix)));
  options.routes?.(web);

  const resolver: HostResolver = async (hostname) => {
    if (hostname.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
    const err = new Error(`getaddrinfo ENOTFOUND ${hostname} (the test web has no such host)`) as NodeJS.ErrnoException;
    err.code = 'ENOTFOUND';
    throw err;
  };

  const home = mkdtempSync(join(tmpdir(), 'lyra-evidence-'));
  const domainsPath = join(home, 'domains.yaml');
  const hosts = vhosts
    ? [
        '{ domain: journal-a.test, trust_level: academic, qps: 20 }',
        '{ domain: journal-b.test, trust_level: academic, qps: 20 }',
        '{ domain: blog.test, trust_level: unverified, qps: 20 }',
        '{ domain: pages.test, trust_level: unverified, qps: 20 }',
        `{ domain: ${SEARCH_HOST}, trust_level: unverified, qps: 20 }`,
        `{ domain: ${S2_HOST}, trust_level: academic, qps: 20 }`,
        `{ domain: ${OPENALEX_HOST}, trust_level: academic, qps: 20 }`,
      ]
    : ['{ domain: 127.0.0.1, trust_level: unverified, qps: 20 }'];
  writeFileSync(domainsPath, ['domains:', ...[...hosts, ...(options.extraDomains ?? [])].map((d) => `  - ${d}`), ''].join('\n'));
  const base = (name: string, path: string): string => site(name, path).url;
  const configPath = join(home, 'lyra.config.yaml');
  const fetch = {
    allow_private: ['127.0.0.1/32:1-65535'],
    respect_robots: false,
    cache: { enabled: false },
    timeout_ms: 5000,
    idle_timeout_ms: 2000,
    max_retries: 1,
    per_host_concurrency: 8,
    ...options.fetch,
  };
  // No synonym queries: the engine tests on this web count sent queries and hits exactly (synonym
  // expansion has its own test, src/app/engine-query-expansion.test.ts).
  const pipeline = { query_backoff_ms: 50, mirror_queries: false, synonym_queries: 0, ...options.pipeline };
  // JSON is YAML: the sections are written as flow mappings.
  writeFileSync(
    configPath,
    [
      'store: { path: lyra.db }',
      `domains: { file: ${JSON.stringify(domainsPath)}, watch: false }`,
      `fetch: ${JSON.stringify(fetch)}`,
      `providers: { searxng: { base_url: "${base(SEARCH_HOST, '/')}" } }`,
      'scholarly:',
      '  timeout_ms: 20000',
      `  semantic_scholar: { base_url: "${base(S2_HOST, '/graph/v1')}", requests_per_second: 100 }`,
      `  openalex: { base_url: "${base(OPENALEX_HOST, '')}", requests_per_second: 100 }`,
      '  crossref: { enabled: false }',
      '  arxiv: { enabled: false }',
      '  pubmed: { enabled: false }',
      `pipeline: ${JSON.stringify(pipeline)}`,
      // npm test (scripts/run-tests.mjs) names one vector cache file for the whole run: the shipped
      // encoder's vectors are deterministic (one text per forward pass, so none depends on its batch), so
      // sharing them changes no result; it spares each test file embedding the same articles again.
      ...(process.env.LYRA_TEST_VECTOR_CACHE ? [`models: { embedding: { cache_path: ${JSON.stringify(process.env.LYRA_TEST_VECTOR_CACHE)} } }`] : []),
      ...(options.extraYaml ? [options.extraYaml] : []),
      '',
    ].join('\n'),
  );

  return {
    web,
    resolver,
    home,
    configPath,
    domainsPath,
    urls,
    bulkUrls,
    logKey: (url) => {
      const u = new URL(url);
      return vhosts ? `//${u.hostname}${u.pathname}` : u.pathname;
    },
    close: () => web.close(),
  };
}
