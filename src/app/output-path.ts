// Checks of `--out` before a run starts: a folder argument that names a file, or a file argument
// that names a folder, or a place that cannot be created, is an invalid-input error naming the flag
// and the path — not an ENOTDIR/EISDIR stack trace after the work is done.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { InvalidInputError } from '../core/index.js';

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Creates `dir` (and its parents) for `--out`; throws InvalidInputError `out_not_directory` / `out_unwritable`. */
export function ensureOutputDir(dir: string, flag = '--out'): void {
  const s = statOf(dir);
  if (s && !s.isDirectory())
    throw new InvalidInputError(`${flag} ${dir} is a file, not a folder: name a folder (it is created when missing)`, {
      code: 'out_not_directory',
      details: { path: dir },
    });
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    throw new InvalidInputError(`${flag} ${dir}: cannot create the folder: ${(cause as Error).message}`, {
      code: 'out_unwritable',
      details: { path: dir },
      cause,
    });
  }
}

/** Checks a file path for `--out` (its folder is created); throws InvalidInputError `out_is_directory` / `out_unwritable`. */
export function ensureOutputFile(file: string, flag = '--out'): void {
  const s = statOf(file);
  if (s?.isDirectory())
    throw new InvalidInputError(`${flag} ${file} is a folder, not a file: name the file to write`, { code: 'out_is_directory', details: { path: file } });
  ensureOutputDir(dirname(file), `${flag} (its folder)`);
}
