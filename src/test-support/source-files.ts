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

/**
 * Static imports and re-exports: `import … from`, `export … from` and a bare `import './x.js'`; group 1 is
 * `type ` when the whole statement is type-only, group 2 the specifier. The span before `from` stops at a
 * semicolon, so a quote-free `export type X = …;` is not read as the start of the next statement.
 */
const STATIC_IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s+(type\s)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
/** `import('./x.js')` with a literal specifier. */
const DYNAMIC_IMPORT_RE = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The module specifiers a source file's text imports, in order of appearance within each kind. Every
 * import by default (static, type-only and dynamic: what the layers and the import circles count);
 * `runtimeOnly`: the static ones that load a module when this one loads (no `import type` /
 * `export type`, no `import()`), which is what a command's load cost follows.
 */
export function importSpecifiers(text: string, options: { runtimeOnly?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(STATIC_IMPORT_RE)) if (!(options.runtimeOnly && m[1])) out.push(m[2]!);
  if (!options.runtimeOnly) for (const m of text.matchAll(DYNAMIC_IMPORT_RE)) out.push(m[1]!);
  return out;
}
