// A benchmark over ../shared/data ends at once, saying what it misses, where that folder is absent (a user's
// clone has none): exit code 0, so `npm run bench:…` in a clone reports a skip, not a failure.
import { existsSync } from 'node:fs';

/** Exits the process (code 0) with a line naming the first of `paths` that does not exist. */
export function exitUnlessShared(bench: string, paths: readonly string[]): void {
  const missing = paths.find((p) => !existsSync(p));
  if (missing === undefined) return;
  console.log(`${bench} skipped: missing ${missing} (../shared/data is not part of a user's clone)`);
  process.exit(0);
}
