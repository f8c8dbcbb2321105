// Zero-config web search (issue 19, seed 000 Phase 1 「ブラウザ検索（常に実行）」): which web providers
// the engine and `lyra search` use. On by default: when lyra.config.yaml names no web provider, the
// browser SERP provider (system Chromium found) or the DuckDuckGo HTML provider (none found);
// SearXNG and DuckDuckGo sections, when present, are used as configured; `web_search.enabled: false`
// turns every web provider off.
import { existsSync } from 'node:fs';
import { DEFAULT_CHROMIUM_PATH } from '../net/index.js';
import type { LyraConfig } from './config/index.js';

export const WEB_SEARCH_DEFAULTS = { enabled: true, provider: 'auto', browserEngine: 'duckduckgo_html' } as const;

export type WebProviderName = 'searxng' | 'duckduckgo' | 'browser';

export interface WebSearchPlan {
  enabled: boolean;
  /** The providers the engine registers, in order. */
  providers: WebProviderName[];
  /** The zero-config provider chosen, when `providers` names none. */
  zeroConfig: 'browser' | 'duckduckgo' | null;
  /** The Chromium the browser provider uses, and whether it is there. */
  chromium: { path: string; found: boolean };
  /** Why these providers, in words (doctor, config show, warnings). */
  reason: string;
}

export function chromiumPathOf(config: LyraConfig): string {
  return config.raw.fetch?.render?.chromium_path ?? DEFAULT_CHROMIUM_PATH;
}

export function webSearchPlan(config: LyraConfig, exists: (path: string) => boolean = existsSync): WebSearchPlan {
  const ws = config.raw.web_search;
  const path = chromiumPathOf(config);
  const chromium = { path, found: exists(path) };
  if ((ws?.enabled ?? WEB_SEARCH_DEFAULTS.enabled) === false)
    return { enabled: false, providers: [], zeroConfig: null, chromium, reason: 'web_search.enabled is false' };
  const configured = (['searxng', 'duckduckgo'] as const).filter((n) => config.raw.providers?.[n] !== undefined);
  if (configured.length > 0)
    return { enabled: true, providers: configured, zeroConfig: null, chromium, reason: `configured in providers: ${configured.join(', ')}` };
  const wanted = ws?.provider ?? WEB_SEARCH_DEFAULTS.provider;
  const pick = wanted === 'auto' ? (chromium.found ? 'browser' : 'duckduckgo') : wanted;
  const reason =
    wanted === 'auto'
      ? chromium.found
        ? `no web provider configured: the browser SERP provider with Chromium at ${path}`
        : `no web provider configured and no Chromium at ${path}: the DuckDuckGo HTML provider`
      : `web_search.provider is ${wanted}`;
  return { enabled: true, providers: [pick], zeroConfig: pick, chromium, reason };
}
