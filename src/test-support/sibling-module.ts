// Tests run either from the TypeScript sources through tsx or compiled into .test-build/ (npm test,
// scripts/run-tests.mjs). A test that spawns or imports a helper module beside it names it without an
// extension; this finds the file that exists next to the caller and how a child process loads it.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface SiblingModule {
  /** Absolute path of the module file (.ts from sources, .js compiled). */
  file: string;
  /** Its file URL, for import(). */
  href: string;
  /** Node arguments a child process needs before the file: tsx for TypeScript, none for JavaScript. */
  execArgv: string[];
}

/** `siblingModule(import.meta.url, './crash-writer.fixture')` → that module beside the calling file. */
export function siblingModule(callerUrl: string, relative: string): SiblingModule {
  const ts = fileURLToPath(new URL(`${relative}.ts`, callerUrl));
  const js = fileURLToPath(new URL(`${relative}.js`, callerUrl));
  const file = callerUrl.endsWith('.ts') || !existsSync(js) ? ts : js;
  return { file, href: pathToFileURL(file).href, execArgv: file.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}
