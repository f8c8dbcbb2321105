// robots.txt (RFC 9309) through robots-parser, cached per origin with a TTL and a size bound.
// 4xx means no rules (everything allowed); 5xx or an unreachable server means "assume disallowed for
// now", surfaced as a RetryableError so the page is retried later rather than fetched impolitely.
import robotsParserModule from 'robots-parser';
import { RetryableError, setNewest } from '../core/index.js';

export interface RobotsTxtResponse {
  status: number;
  text: string;
}

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our agent, in ms, when the file sets one. */
  crawlDelayMs?: number;
}

export interface RobotsCacheOptions {
  /** Product token matched against `User-agent:` lines, e.g. `Lyra`. */
  agent: string;
  /** Downloads `<origin>/robots.txt`; throws on network failure. */
  download: (robotsUrl: string) => Promise<RobotsTxtResponse>;
  /** How long a parsed file is trusted (ms). */
  ttlMs: number;
  /** Origins kept; the least recently used is dropped past this. */
  maxEntries: number;
  now?: () => number;
}

export interface RobotsCache {
  rulesFor(url: string, signal?: AbortSignal): Promise<RobotsRules>;
  size(): number;
}

// robots-parser is CommonJS whose module.exports is the function; its typings describe a default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const ALLOW_ALL: RobotsRules = { isAllowed: () => true };

export function createRobotsCache(options: RobotsCacheOptions): RobotsCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { rules: RobotsRules; expiresAt: number }>();
  const pending = new Map<string, Promise<RobotsRules>>();

  const load = async (origin: string): Promise<RobotsRules> => {
    const robotsUrl = `${origin}/robots.txt`;
    const res = await options.download(robotsUrl);
    if (res.status >= 500) {
      throw new RetryableError(`robots.txt of ${origin} answered HTTP ${res.status}; RFC 9309 says to assume full disallow until it can be read`, {
        code: 'robots_unavailable',
        details: { url: robotsUrl, status: res.status },
      });
    }
    if (res.status >= 400 || res.status < 200) return ALLOW_ALL;
    const robot = robotsParser(robotsUrl, res.text);
    const delay = robot.getCrawlDelay(options.agent);
    return {
      isAllowed: (url) => robot.isAllowed(url, options.agent) !== false,
      ...(delay !== undefined && Number.isFinite(delay) && delay > 0 ? { crawlDelayMs: delay * 1000 } : {}),
    };
  };

  return {
    async rulesFor(url, signal) {
      const origin = new URL(url).origin;
      const hit = entries.get(origin);
      if (hit && hit.expiresAt > now()) {
        // Refresh recency for LRU order.
        entries.delete(origin);
        entries.set(origin, hit);
        return hit.rules;
      }
      let p = pending.get(origin);
      if (!p) {
        // Shared by every caller waiting on this origin, so it runs on its own timeouts, not one caller's signal.
        p = load(origin).finally(() => pending.delete(origin));
        pending.set(origin, p);
      }
      const rules = await raceAbort(p, signal);
      setNewest(entries, origin, { rules, expiresAt: now() + options.ttlMs }, options.maxEntries);
      return rules;
    },
    size: () => entries.size,
  };
}

function raceAbort<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
