// A fake SearXNG JSON API (`/search?q=…&format=json&pageno=n`) on a loopback server, for tests of
// the web search provider and of workflows that use it. Page 2 and later are empty, as SearXNG is
// when a query has few results. `answer` decides each query's reply: results, an HTTP status, or a
// hang (the request is never answered).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web.js';

export interface SearxResult {
  url: string;
  title: string;
  content?: string;
  publishedDate?: string;
}

export type SearxAnswer = SearxResult[] | { status: number } | 'hang';

export interface FakeSearxng {
  web: LoopbackWeb;
  /** Value for `providers.searxng.base_url`. */
  baseUrl: string;
  /** Page-1 queries in arrival order (one per search the provider made). */
  queries(): string[];
}

/** Adds the `/search` route to `web` (a new loopback server when absent). */
export async function startFakeSearxng(answer: (query: string, n: number) => SearxAnswer, web?: LoopbackWeb): Promise<FakeSearxng> {
  const server = web ?? (await startLoopbackWeb());
  const seen: string[] = [];
  server.route('/search', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('pageno') ?? '1');
    if (page > 1) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ query: q, results: [] }));
      return;
    }
    seen.push(q);
    const a = answer(q, seen.filter((s) => s === q).length);
    if (a === 'hang') return;
    if (!Array.isArray(a)) {
      res.writeHead(a.status, { 'content-type': 'text/plain' });
      res.end(`HTTP ${a.status}`);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ query: q, results: a.map((r) => ({ engine: 'fake', score: 1, ...r })) }));
  });
  return { web: server, baseUrl: server.url('/'), queries: () => [...seen] };
}
