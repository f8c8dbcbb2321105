// The loopback web of bench:workers: HOSTS sites, each a server of its own on 127.0.0.<2+i> (all of
// 127/8 is loopback, so they are distinct hosts to the fetcher's politeness without a DNS override a
// child process could not get), plus a SearXNG-like JSON search on 127.0.0.1 answering "topic K" with
// the K-th task's pages, spread round-robin over the hosts. Every request's arrival is logged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** qps of host i in the bench's domains.yaml: 1 or 2, alternating. */
export const benchQpsOf = (i: number): number => 1 + (i % 2);

export interface WorkersWebPlan {
  hosts: number;
  tasks: number;
  pagesPerTask: number;
  /** qps of host i (domains.yaml). */
  qpsOf: (host: number) => number;
}

export interface WorkersWeb {
  port: number;
  hostName: (i: number) => string;
  searchBase: string;
  /** Request arrivals: host, path, epoch ms. */
  arrivals: Array<{ host: string; path: string; at: number }>;
  close(): Promise<void>;
}

const TOPICS = ['aerobic exercise', 'salt intake', 'sleep duration', 'green tea', 'vitamin D', 'standing desks', 'cold water swimming', 'intermittent fasting'];

function pageHtml(task: number, page: number, host: string): string {
  const topic = TOPICS[task % TOPICS.length]!;
  const effect = (task + page) % 3 === 0 ? 'does not lower' : 'lowers';
  return `<!DOCTYPE html><html lang="en"><head><title>Study ${task}.${page}: ${topic} and blood pressure</title></head><body><article>
<h1>Study ${task}.${page}: ${topic} and resting blood pressure</h1>
<p>In a randomized trial of ${200 + page * 17} adults at site ${host}, ${topic} ${effect} resting blood pressure in adults with hypertension.</p>
<p>Systolic blood pressure changed by ${(page % 7) + 1} mmHg over ${8 + (task % 5)} weeks compared with the control group.</p>
<p>The authors note that adherence was high and that the result held at the ${3 + (page % 4)}-month follow-up.</p>
</article></body></html>`;
}

export async function startWorkersWeb(plan: WorkersWebPlan): Promise<WorkersWeb> {
  const arrivals: WorkersWeb['arrivals'] = [];
  const hostName = (i: number): string => `127.0.0.${2 + i}`;
  let port = 0;
  const pageUrl = (task: number, page: number): string => {
    const host = (task * plan.pagesPerTask + page) % plan.hosts;
    return `http://${hostName(host)}:${port}/t${task}/p${page}`;
  };
  const handler = (bound: string) => (req: IncomingMessage, res: ServerResponse) => {
    const at = performance.timeOrigin + performance.now();
    const path = req.url ?? '/';
    arrivals.push({ host: bound, path, at });
    if (path === '/robots.txt') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('');
    if (bound === '127.0.0.1') {
      const q = new URL(path, 'http://x').searchParams.get('q') ?? '';
      const task = Number(/topic (\d+)/.exec(q)?.[1] ?? -1);
      const results =
        task < 0 || Number(new URL(path, 'http://x').searchParams.get('pageno') ?? 1) > 1
          ? []
          : Array.from({ length: plan.pagesPerTask }, (_, p) => ({ url: pageUrl(task, p), title: `Study ${task}.${p}`, content: 'a randomized trial' }));
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ query: q, results }));
    }
    const m = /^\/t(\d+)\/p(\d+)$/.exec(path);
    if (!m) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(Number(m[1]), Number(m[2]), bound));
  };
  const servers: Server[] = [];
  const listen = (host: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const s = createServer(handler(host));
      servers.push(s);
      s.once('error', reject);
      s.listen(port, host, () => resolve((s.address() as AddressInfo).port));
    });
  port = await listen('127.0.0.1');
  for (let i = 0; i < plan.hosts; i++) await listen(hostName(i));
  return {
    port,
    hostName,
    searchBase: `http://127.0.0.1:${port}/`,
    arrivals,
    close: () => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))).then(() => undefined),
  };
}
