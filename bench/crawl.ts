// bench:crawl — the fetcher alone against a loopback web of 40 host names (one server, Host-header
// routing, in a child process), each host with its own qps and injected latency. Reports wall time ÷
// politeness bound (max over hosts of pages ÷ qps: a polite crawler cannot beat 1.0), requests/s,
// the smallest and mean gap between two requests to one host relative to 1/qps (≥ 1.0 means qps was
// never exceeded), CPU and peak RSS of the fetching process.
import { spawn } from 'node:child_process';
import diagnosticsChannel from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createHttpFetcher, lyraUserAgent } from '../src/net/index.js';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';
import { makeCrawlPlan, type CrawlPlan } from './lib/crawl-plan.js';

const PLAN = { totalPages: 2000, hostCount: 40, seed: 7, minQps: 4, maxQps: 12, minLatencyMs: 20, maxLatencyMs: 150 };
const RUNS = [
  { name: 'concurrency 64, per-host 3', concurrency: 64, perHostConcurrency: 3 },
  { name: 'defaults (16, per-host 2)', concurrency: 16, perHostConcurrency: 2 },
];

interface LogEntry {
  host?: string;
  path: string;
  at: number;
}

function startServer(plan: CrawlPlan): Promise<{ port: number; send: (line: string) => Promise<string>; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'bench/lib/crawl-server.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(l: string) => void> = [];
  lines.on('line', (l) => waiting.shift()?.(l));
  const send = (line: string): Promise<string> =>
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(`${line}\n`);
    });
  return send(JSON.stringify(plan)).then((first) => ({
    port: (JSON.parse(first) as { port: number }).port,
    send,
    stop: () => {
      child.stdin.write('quit\n');
      child.stdin.end();
    },
  }));
}

async function main(): Promise<void> {
  const plan = makeCrawlPlan(PLAN);
  const qps = new Map(plan.hosts.map((h) => [h.name, h.qps]));
  const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const server = await startServer(plan);
  const tmp = mkdtempSync(join(tmpdir(), 'lyra-bench-crawl-'));
  console.log(
    `bench:crawl — ${plan.totalPages} pages over ${plan.hosts.length} hosts, qps ${PLAN.minQps}–${PLAN.maxQps}, latency ${PLAN.minLatencyMs}–${PLAN.maxLatencyMs} ms (±30 %), robots.txt on every host`,
  );
  console.log(
    `politeness bound (max over hosts of pages ÷ qps): ${plan.politenessBoundS.toFixed(2)} s; sum of host qps ${[...qps.values()].reduce((a, b) => a + b, 0)}\n`,
  );
  const rows: string[][] = [];
  try {
    for (const run of RUNS) {
      const fetcher = createHttpFetcher({
        userAgent: lyraUserAgent({ version, contactUrl: 'https://github.com/lyra-research/lyra' }),
        qpsFor: (h) => qps.get(h) ?? 1,
        resolver: async (h) => (h.endsWith('.crawl.test') ? [{ address: '127.0.0.1', family: 4 }] : []),
        ssrf: { allow: ['127.0.0.1'] },
        concurrency: run.concurrency,
        perHostConcurrency: run.perHostConcurrency,
        maxRetries: 0,
      });
      // Round-robin over hosts, as a crawl frontier hands them out.
      const urls: string[] = [];
      for (let i = 0; urls.length < plan.totalPages; i++) {
        for (const h of plan.hosts) if (i < h.pages) urls.push(`http://${h.name}:${server.port}/page/${i}`);
      }
      // Client-side send times (undici announces each request as its headers go to the socket).
      const sent: Array<{ host: string; at: number }> = [];
      const onSend = (m: unknown): void => {
        const r = (m as { request: { origin: string } }).request;
        sent.push({ host: new URL(r.origin).hostname, at: performance.now() });
      };
      diagnosticsChannel.subscribe('undici:client:sendHeaders', onSend);
      const started = performance.now();
      const elu0 = performance.eventLoopUtilization();
      const cpu0 = process.cpuUsage();
      // Responses are dropped as they arrive: the figure is the fetcher's memory, not a pile of pages.
      const results = await Promise.allSettled(urls.map((url) => fetcher.fetch({ url }).then((r) => r.status)));
      const wallS = (performance.now() - started) / 1000;
      const elu = performance.eventLoopUtilization(elu0).utilization;
      const cpu = process.cpuUsage(cpu0);
      diagnosticsChannel.unsubscribe('undici:client:sendHeaders', onSend);
      await fetcher.close();
      const failed = results.filter((r) => r.status === 'rejected');
      const file = join(tmp, `log-${rows.length}.json`);
      await server.send(`dump ${file}`);
      const log = JSON.parse(readFileSync(file, 'utf8')) as LogEntry[];
      let minGapRatio = Infinity;
      for (const h of plan.hosts) {
        const entries = log.filter((e) => e.host === h.name).sort((a, b) => a.at - b.at);
        for (let i = 1; i < entries.length; i++) {
          const r = (entries[i]!.at - entries[i - 1]!.at) / (1000 / h.qps);
          if (r < minGapRatio) minGapRatio = r;
        }
      }
      let clientMin = Infinity;
      let excessSum = 0;
      let excessN = 0;
      for (const h of plan.hosts) {
        const t = sent
          .filter((e) => e.host === h.name)
          .map((e) => e.at)
          .sort((a, b) => a - b);
        for (let i = 1; i < t.length; i++) {
          const r = (t[i]! - t[i - 1]!) / (1000 / h.qps);
          clientMin = Math.min(clientMin, r);
          excessSum += r;
          excessN += 1;
        }
      }
      const rssMiB = process.resourceUsage().maxRSS / 1024;
      rows.push([
        run.name,
        wallS.toFixed(2),
        (wallS / plan.politenessBoundS).toFixed(3),
        (log.length / wallS).toFixed(1),
        String(log.length),
        String(failed.length),
        clientMin.toFixed(3),
        (excessSum / excessN).toFixed(3),
        minGapRatio.toFixed(3),
        ((cpu.user + cpu.system) / 1e6).toFixed(2),
        elu.toFixed(2),
        rssMiB.toFixed(0),
      ]);
      if (failed.length) console.log(`${run.name}: first failure: ${String((failed[0] as PromiseRejectedResult).reason)}`);
    }
  } finally {
    server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  const head = [
    'run',
    'wall s',
    'wall ÷ bound',
    'requests/s',
    'requests',
    'failed',
    'sent: min gap ÷ 1/qps',
    'sent: mean gap ÷ 1/qps',
    'arrived: min gap ÷ 1/qps',
    'CPU s',
    'event-loop use',
    'peak RSS MiB',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  console.log(
    [
      '',
      'requests include one robots.txt per host. "sent" gaps are between the moments the fetcher wrote two requests to one host',
      '(undici sendHeaders); ≥ 1.000 means qps was never exceeded. "arrived" gaps are stamped by the server process, whose own',
      "event-loop delays add noise. The server runs in a child process, so CPU, event-loop use and peak RSS are the fetcher's alone.",
      `machine load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
