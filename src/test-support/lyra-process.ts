// `lyra` as a real child process on a home of its own: a temporary folder holding a copy of a fixture's
// config file (the loopback web's), and the environment the process runs with. The team-scale e2e tests
// start workers, task commands and research runs this way.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from './shared-data.js';

export interface LyraHome {
  dir: string;
  configPath: string;
  env: NodeJS.ProcessEnv;
}

export interface LyraExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A new home `lyra-<prefix>-*` with a copy of `configPath`; `env` over process.env, with LYRA_HOME set to it. */
export function copyLyraHome(options: { configPath: string; prefix: string; env?: NodeJS.ProcessEnv }): LyraHome {
  const dir = mkdtempSync(join(tmpdir(), `lyra-${options.prefix}-`));
  const configPath = join(dir, 'lyra.config.yaml');
  copyFileSync(options.configPath, configPath);
  return { dir, configPath, env: { ...process.env, ...options.env, LYRA_HOME: dir } };
}

/** `node bin/lyra.js --config <home's> ...args` in the home; `ended` resolves with its exit and output. */
export function spawnLyra(home: LyraHome, args: string[]): { child: ChildProcess; ended: Promise<LyraExit> } {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'lyra.js'), '--config', home.configPath, ...args], {
    env: home.env,
    cwd: home.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const ended = new Promise<LyraExit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, ended };
}
