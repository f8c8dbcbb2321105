// Child process of bench:crawl: the loopback web for the crawl benchmark, kept out of the measured
// process so the fetcher's RSS and event loop are its own. Reads the plan as JSON on stdin (first
// line), prints {"port": N}, then answers "dump <file>" with the request log written to <file>.
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startLoopbackWeb } from '../../src/test-support/loopback-web.js';
import { sharedDataPath } from '../../src/test-support/shared-data.js';
import { seededRandom } from '../../src/test-support/seeded-random.js';
import type { CrawlPlan } from './crawl-plan.js';

const lines = createInterface({ input: process.stdin });
let web: Awaited<ReturnType<typeof startLoopbackWeb>> | undefined;

/** Real pages as bodies when ../shared/data is there, else a synthetic article of similar size. */
function bodies(): Buffer[] {
  const root = sharedDataPath('readability-test-pages/pages');
  if (!existsSync(root)) return [Buffer.from(`<html><head><title>page</title></head><body>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(400)}</body></html>`)];
  return readdirSync(root)
    .sort()
    .slice(0, 40)
    .map((n) => readFileSync(join(root, n, 'source.html')));
}

lines.on('line', async (line) => {
  if (!web) {
    const plan = JSON.parse(line) as CrawlPlan;
    const pages = bodies();
    web = await startLoopbackWeb();
    for (const [i, h] of plan.hosts.entries()) {
      const rnd = seededRandom(1000 + i);
      web.route(`//${h.name}/robots.txt`, { body: 'User-agent: *\nDisallow: /private/\n', headers: { 'content-type': 'text/plain' } });
      web.route(`//${h.name}/*`, (_req, res) => {
        const wait = h.latencyMs * (0.7 + rnd() * 0.6);
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(pages[(i * 7 + Math.floor(rnd() * 1000)) % pages.length]);
        }, wait);
      });
    }
    process.stdout.write(`${JSON.stringify({ port: web.port })}\n`);
    return;
  }
  const [cmd, file] = line.trim().split(/\s+/);
  if (cmd === 'dump' && file) {
    writeFileSync(file, JSON.stringify(web.requests.map((r) => ({ host: r.host, path: r.path, at: r.at }))));
    web.requests.length = 0;
    process.stdout.write('dumped\n');
  } else if (cmd === 'quit') {
    await web.close();
    process.exit(0);
  }
});
