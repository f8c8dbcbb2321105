// A fake DuckDuckGo HTML endpoint (`/html/?q=…&kl=…`) on a loopback server, in the markup of the real
// html.duckduckgo.com result page (result links through the /l/?uddg= redirect, an ad first), for
// tests of the duckduckgo provider through the CLI and the engine. `answer` decides each query's
// reply: results, the bot-check ("anomaly") page, or an HTTP status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackWeb, type LoopbackWeb } from './loopback-web.js';

export interface DdgResult {
  url: string;
  title: string;
  snippet?: string;
}

export type DdgAnswer = DdgResult[] | 'bot_check' | { status: number };

export interface FakeDuckDuckGo {
  web: LoopbackWeb;
  /** Value for `providers.duckduckgo.base_url`. */
  baseUrl: string;
  /** Queries in arrival order, with the region (`kl`) each asked for. */
  requests(): Array<{ q: string; kl: string | null }>;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The result page's markup for `results` (an ad first, as the real page has). */
export function duckDuckGoResultsHtml(results: readonly DdgResult[]): string {
  const rows = results.map(
    (r) => `<div class="result results_links results_links_deep web-result"><h2 class="result__title">
  <a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(r.url)}&amp;rut=0">${esc(r.title)}</a></h2>
  <a class="result__snippet" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(r.url)}">${esc(r.snippet ?? '')}</a></div>`,
  );
  const empty = results.length === 0 ? '<div class="no-results">No results.</div>' : '';
  return `<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body><div id="links" class="results">
<div class="result results_links result--ad"><h2 class="result__title"><a class="result__a" href="https://ads.example/buy">Sponsored</a></h2></div>
${rows.join('\n')}${empty}</div></body></html>`;
}

export const DUCKDUCKGO_BOT_CHECK_HTML =
  '<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div><form id="challenge-form"></form></body></html>';

export async function startFakeDuckDuckGo(answer: (query: string) => DdgAnswer, web?: LoopbackWeb): Promise<FakeDuckDuckGo> {
  const server = web ?? (await startLoopbackWeb());
  const seen: Array<{ q: string; kl: string | null }> = [];
  server.route('/html/', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const q = url.searchParams.get('q') ?? '';
    seen.push({ q, kl: url.searchParams.get('kl') });
    const a = answer(q);
    if (a === 'bot_check') return void res.writeHead(200, { 'content-type': 'text/html' }).end(DUCKDUCKGO_BOT_CHECK_HTML);
    if (!Array.isArray(a)) return void res.writeHead(a.status, { 'content-type': 'text/plain' }).end('error');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(duckDuckGoResultsHtml(a));
  });
  return { web: server, baseUrl: server.url('/html/'), requests: () => [...seen] };
}
