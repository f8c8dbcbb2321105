// workflows/: the autonomous workflows — collect (primary sources, seed 003); each folder's index lists its API.
export * from './collect/index.js';
