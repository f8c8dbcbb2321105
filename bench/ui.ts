// Browser UI benchmark (issue 17): a synthetic task of 1,000 and of 5,000 claims written into a real
// SQLite store, served by `lyra ui`'s server on loopback and opened in the system Chromium. Reported,
// not asserted: the task page's server render (cold: the task read from the store; warm: from the
// view cache), its first contentful paint in the browser, the graph view model build time, the graph
// page's draw time (fetch + preset layout + first Cytoscape render) and the JS heap of each page.
//   npm run bench:ui [-- --claims 1000,5000]
// Target (issue 17): a 5,000-claim task page's first contentful paint ≤ 2 s on an idle machine.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createServeRuntime, createUiActions, loadConfig, loadTaskPage, taskGraphView } from '../src/app/index.js';
import { openStore } from '../src/store/index.js';
import { writeSyntheticTask } from '../src/test-support/synthetic-task.js';
import { startUiServer } from '../src/web/index.js';

const CHROMIUM = process.env.LYRA_CHROMIUM ?? '/usr/bin/chromium';
const { values: args } = parseArgs({ options: { claims: { type: 'string', default: '1000,5000' } } });
const sizes = args.claims
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const home = mkdtempSync(join(tmpdir(), 'lyra-bench-ui-'));
const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
const runtime = createServeRuntime(config);
/** A second connection: its writes move the store's data_version, as a task running in another process does. */
const other = openStore({ path: config.store.path });
const ms = (t0: number): number => Math.round(performance.now() - t0);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const rows: Array<Record<string, string | number>> = [];
try {
  const server = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: { rateLimitPerMinute: 1_000_000 },
  });
  const base = server.url.replace(/\/$/, '');
  const haveBrowser = existsSync(CHROMIUM);
  if (!haveBrowser) console.log(`bench:ui: ${CHROMIUM} is missing (install the Debian package chromium): browser figures are skipped`);
  const { chromium } = await import('playwright-core');
  const browser = haveBrowser
    ? await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage', '--enable-precise-memory-info'],
      })
    : undefined;
  for (const n of sizes) {
    const taskId = `task_bench_${n}`;
    let t0 = performance.now();
    writeSyntheticTask(runtime.store, { taskId, question: `Synthetic task of ${n} claims`, claims: n });
    const write = ms(t0);
    t0 = performance.now();
    const page = loadTaskPage({ engine: runtime.engine, store: runtime.store }, taskId, { maxClaims: 10_000 });
    const load = ms(t0);
    t0 = performance.now();
    const graph = taskGraphView(page);
    const graphModel = ms(t0);
    const graphJson = JSON.stringify(graph).length;
    const row: Record<string, string | number> = {
      claims: n,
      'store write ms': write,
      'task read ms': load,
      'graph model ms': graphModel,
      'graph.json': mb(graphJson),
    };
    // Server render, cold (a new server-side read: the store's version moved) and warm (from the view cache).
    other.saveCheckpoint(taskId, 'bench:touch', Date.now());
    t0 = performance.now();
    const cold = await fetch(`${base}/tasks/${taskId}`);
    const html = await cold.text();
    row['server render cold ms'] = ms(t0);
    t0 = performance.now();
    await (await fetch(`${base}/tasks/${taskId}`)).text();
    row['server render warm ms'] = ms(t0);
    row['page HTML'] = mb(html.length);
    if (browser) {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const fcp = async (): Promise<number> => {
        await tab.goto(`${base}/tasks/${taskId}`, { waitUntil: 'load' });
        return Math.round(await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1));
      };
      // Cold: the store changed since the last view (as while a task runs), so the server reads the task again.
      other.saveCheckpoint(taskId, 'bench:touch', Date.now());
      t0 = performance.now();
      row['task page FCP cold ms'] = await fcp();
      row['task page load cold ms'] = ms(t0);
      row['task page FCP warm ms'] = await fcp();
      row['task page heap'] = mb(await tab.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize));
      t0 = performance.now();
      await tab.goto(`${base}/tasks/${taskId}/graph?mode=auto`);
      await tab.waitForFunction(() => document.body.dataset.graphReady !== undefined, undefined, { timeout: 120_000 });
      row['graph draw ms (in page)'] = Number(await tab.evaluate(() => document.body.dataset.graphReady));
      row['graph page ms'] = ms(t0);
      row['graph page heap'] = mb(await tab.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize));
      await tab.close();
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  await browser?.close();
  await server.close();
  console.table(rows);
  console.log(
    'Target (issue 17): first contentful paint of a 5,000-claim task page ≤ 2 s on an idle machine (the page shows ui.page_claims = 1,000 claims at a time).',
  );
} finally {
  other.close();
  await runtime.close();
  rmSync(home, { recursive: true, force: true });
}
