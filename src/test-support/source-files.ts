// The TypeScript sources under src/, for the tests that read the code itself (the layers, the error-code
// registry, the seams), also when they run compiled from .test-build/ (a sibling of src/).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** src/ of the repository, without a trailing separator. */
export const SRC_DIR = fileURLToPath(new URL('../../src/', import.meta.url)).replace(/[\\/]$/, '');

/** Every .ts file under `dir` (default src/), depth first; `skipDir` (a folder's path) says which folders are not entered. */
export function tsFiles(dir: string = SRC_DIR, options: { skipDir?: (path: string) => boolean } = {}, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!options.skipDir?.(p)) tsFiles(p, options, out);
    } else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}
