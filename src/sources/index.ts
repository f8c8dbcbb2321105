// sources/: search providers (web SERP, local corpus) and scholarly API clients.
export * from './web/index.js';
export * from './corpus/index.js';
export * from './scholarly/index.js';
