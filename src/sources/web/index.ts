export { createSearxngProvider, searxngOptionsSchema } from './searxng.js';
export type { SearxngOptions } from './searxng.js';
export { createDuckDuckGoProvider, duckDuckGoOptionsSchema, parseDuckDuckGoHtml, resolveDuckDuckGoHref } from './duckduckgo.js';
export type { DuckDuckGoOptions } from './duckduckgo.js';
