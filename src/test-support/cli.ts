// Runs the CLI in-process with captured output, for command tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { main } from '../cli/main.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCli(args: string[], opts: { home: string; cwd?: string; env?: NodeJS.ProcessEnv; stdin?: string }): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await main(['node', 'lyra', ...args], {
    io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t), ...(opts.stdin !== undefined ? { stdin: Readable.from([opts.stdin]) } : {}) },
    env: { LYRA_HOME: opts.home, ...opts.env },
    cwd: opts.cwd ?? opts.home,
  });
  return { code, out, err };
}

export function tempHome(prefix = 'lyra-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
