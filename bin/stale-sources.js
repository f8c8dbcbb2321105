// Whether dist/ is older than the sources: bin/lyra.js refuses to run a stale build, and
// `npm run build -- --if-stale` (scripts/build.mjs) skips the compile when nothing changed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The first source file (not a test, not test support) under `dir` modified after `since` (ms), or undefined. */
export function changedSince(dir, since) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'test-support') continue;
      const found = changedSince(p, since);
      if (found) return found;
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && statSync(p).mtimeMs > since) return p;
  }
  return undefined;
}

/** When the last `npm run build` started (dist/build-stamp.json), or undefined when there is no readable stamp. */
export function buildStartedAt(root) {
  try {
    const at = JSON.parse(readFileSync(join(root, 'dist', 'build-stamp.json'), 'utf8')).startedAt;
    return typeof at === 'number' ? at : undefined;
  } catch {
    return undefined;
  }
}
