// workflows/: the autonomous workflows — collect (primary sources, seed 003), consensus (seed 004); each folder's index lists its API.
export * from './answer/index.js';
export * from './collect/index.js';
export * from './consensus/index.js';
export * from './research/index.js';
