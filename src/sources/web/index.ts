export { createSearxngProvider, searxngOptionsSchema } from './searxng.js';
export type { SearxngOptions } from './searxng.js';
export { createDuckDuckGoProvider, duckDuckGoOptionsSchema, parseDuckDuckGoHtml, resolveDuckDuckGoHref } from './duckduckgo.js';
export type { DuckDuckGoOptions } from './duckduckgo.js';
export { BROWSER_SERP_PROVIDER, browserSerpOptionsSchema, createBrowserSerpProvider } from './browser-serp.js';
export type { BrowserSerpOptions } from './browser-serp.js';
export { SERP_ENGINES, SERP_ENGINE_NAMES, parseBing, parseDuckDuckGoLite, parseMojeek } from './serp-parsers.js';
export type { ParsedHit, SerpEngine, SerpEngineName } from './serp-parsers.js';
