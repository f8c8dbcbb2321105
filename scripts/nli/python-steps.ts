// The steps of the Python development tools (`npm run train:nli`, `npm run build:encoder`): run a
// command and stop the tool when it fails, and make the virtual environment from
// scripts/nli/requirements.txt once (pip is quick when everything pinned is already there, so the
// requirements are checked on every run). Lyra itself never runs Python.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/test-support/shared-data.js';

/** Runs `command argv` in the project root with the terminal attached; exits 1 naming the step when it fails. */
export function runStep(tool: string, command: string, argv: string[]): void {
  console.error(`$ ${command} ${argv.join(' ')}`);
  const r = spawnSync(command, argv, { stdio: 'inherit', cwd: PROJECT_ROOT });
  if (r.status !== 0) {
    console.error(`${tool}: step failed (exit ${r.status ?? r.signal}): ${command} ${argv.join(' ')}`);
    process.exit(1);
  }
}

/** A TypeScript step under scripts/nli/ (run by tsx). */
export function runTsxStep(tool: string, script: string, argv: string[]): void {
  runStep(tool, process.execPath, ['--import', 'tsx', join('scripts', 'nli', script), ...argv]);
}

/** The virtual environment's python, made from scripts/nli/requirements.txt with `python` when missing. */
export function pythonVenv(tool: string, venv: string, python: string): string {
  const venvPython = join(venv, 'bin', 'python');
  if (!existsSync(venvPython)) runStep(tool, python, ['-m', 'venv', venv]);
  runStep(tool, venvPython, ['-m', 'pip', 'install', '--quiet', '-r', join('scripts', 'nli', 'requirements.txt')]);
  return venvPython;
}
