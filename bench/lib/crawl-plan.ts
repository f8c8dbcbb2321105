// The crawl benchmark's synthetic web: host names, each host's qps and latency, and how many pages
// it gets. Deterministic (seeded), so runs compare.
import { seededRandom } from '../../src/test-support/seeded-random.js';

export interface CrawlHost {
  name: string;
  qps: number;
  /** Mean injected latency before the response (ms); each request varies ±30 %. */
  latencyMs: number;
  pages: number;
}

export interface CrawlPlan {
  hosts: CrawlHost[];
  totalPages: number;
  /** max over hosts of pages ÷ qps: no polite crawler can finish sooner (seconds). */
  politenessBoundS: number;
}

/**
 * `hostCount` hosts with qps spread over [minQps, maxQps] and latency over [minLatency, maxLatency];
 * pages are shared in proportion to qps (plus ±20 % noise), so most hosts sit near the bound at once —
 * the hardest case for a scheduler, since every host must run at its full rate the whole time.
 */
export function makeCrawlPlan(options: {
  totalPages: number;
  hostCount: number;
  seed: number;
  minQps: number;
  maxQps: number;
  minLatencyMs: number;
  maxLatencyMs: number;
}): CrawlPlan {
  const rnd = seededRandom(options.seed);
  const hosts: CrawlHost[] = [];
  for (let i = 0; i < options.hostCount; i++) {
    const qps = Math.round((options.minQps + rnd() * (options.maxQps - options.minQps)) * 2) / 2;
    const latencyMs = Math.round(options.minLatencyMs + rnd() * (options.maxLatencyMs - options.minLatencyMs));
    hosts.push({ name: `h${String(i).padStart(2, '0')}.crawl.test`, qps, latencyMs, pages: 0 });
  }
  const weights = hosts.map((h) => h.qps * (0.8 + rnd() * 0.4));
  const sum = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  hosts.forEach((h, i) => {
    h.pages = Math.max(1, Math.floor((options.totalPages * weights[i]!) / sum));
    assigned += h.pages;
  });
  for (let i = 0; assigned < options.totalPages; i = (i + 1) % hosts.length, assigned++) hosts[i]!.pages += 1;
  const politenessBoundS = Math.max(...hosts.map((h) => h.pages / h.qps));
  return { hosts, totalPages: options.totalPages, politenessBoundS };
}
