// Locates ../shared/data for tests and benchmarks; a user's clone may not have it.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Absolute path of `../shared/data/<rel>` beside the project root. */
export function sharedDataPath(rel = ''): string {
  return resolve(projectRoot, '..', 'shared', 'data', rel);
}

/**
 * For `test(name, { skip: skipUnlessShared('nli') }, fn)`: false when the data exists, otherwise a
 * skip message naming the missing path.
 */
export function skipUnlessShared(rel = ''): false | string {
  const path = sharedDataPath(rel);
  return existsSync(path) ? false : `missing ${path} (../shared/data is not part of a user's clone)`;
}

export const PROJECT_ROOT = projectRoot;
