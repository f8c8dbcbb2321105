// The files `lyra corpus add` reads, found without trusting the folder: only regular files; symbolic
// links followed only when they stay inside the folder that was added (unless followSymlinks);
// devices, FIFOs and sockets skipped; nothing on the kernel's pseudo-filesystems (/proc, /sys, /dev),
// wherever a link or the command line points; a dangling or looping link is that entry's error, never
// the whole add's. Each file is returned with the real path to read, resolved once here.
import { lstat, readdir, realpath, stat, statfs } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InvalidInputError, errorMessage, throwIfAborted } from '../../core/index.js';

export interface CorpusFile {
  /** The path as found under the added folder (the document's origin). */
  path: string;
  /**
   * The path from the folder the added path is in: `papers/2024/notes.txt` for `corpus add ~/papers`,
   * `notes.txt` for `corpus add ~/papers/2024/notes.txt`. The document's id: reports, hits and exports
   * show it, and an absolute path showed the person's folders to whoever read a shared report.
   */
  relativePath: string;
  /** The file to read: `path` with every symbolic link resolved. */
  realPath: string;
}

export interface WalkResult {
  files: CorpusFile[];
  skipped: Array<{ file: string; reason: string }>;
  failed: Array<{ file: string; error: string }>;
}

export interface WalkOptions {
  paths: string[];
  maxFiles: number;
  /** Follow symbolic links that leave the added folder (default: such links are skipped). */
  followSymlinks?: boolean;
  signal?: AbortSignal;
}

function inside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The kernel's pseudo-filesystems: their files are the machine's and the processes' state (Lyra's own
 * environment in /proc/self/environ, API keys included), never documents, so they are not read even
 * through --follow-symlinks.
 */
const PSEUDO_FS_ROOTS = ['/proc', '/sys', '/dev'];
/** statfs types of procfs and sysfs on Linux, for one mounted elsewhere (a container's /host/proc). */
const PSEUDO_FS_TYPES = new Map([
  [0x9fa0, 'procfs'],
  [0x62656572, 'sysfs'],
]);

/** The pseudo-filesystem a real path is on (its root or its type), or undefined. */
async function pseudoFilesystemOf(real: string): Promise<string | undefined> {
  const root = PSEUDO_FS_ROOTS.find((r) => inside(real, r));
  if (root !== undefined) return root;
  if (process.platform !== 'linux') return undefined;
  return PSEUDO_FS_TYPES.get((await statfs(real)).type);
}

function kindOf(s: { isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  return s.isFIFO()
    ? 'a FIFO'
    : s.isSocket()
      ? 'a socket'
      : s.isCharacterDevice()
        ? 'a character device'
        : s.isBlockDevice()
          ? 'a block device'
          : 'not a regular file';
}

export async function collectCorpusFiles(options: WalkOptions): Promise<WalkResult> {
  const result: WalkResult = { files: [], skipped: [], failed: [] };
  const visitedDirs = new Set<string>();
  const addFile = (path: string, realPath: string, anchor: string): void => {
    if (result.files.length >= options.maxFiles) {
      throw new InvalidInputError(
        `corpus add: more than ${options.maxFiles} files under ${options.paths.join(', ')}; raise corpus.max_files or add a narrower folder`,
        { code: 'too_many_files' },
      );
    }
    result.files.push({ path, realPath, relativePath: relative(anchor, path).split(sep).join('/') });
  };

  /** Visits one entry whose real path is known; `root` is the real path of the folder that was added, `anchor` the folder it is in. */
  const visitReal = async (path: string, real: string, root: string, anchor: string): Promise<void> => {
    throwIfAborted(options.signal);
    const s = await stat(real);
    // Checked on the resolved path, so no link (nor a path named on the command line) reaches one.
    const pseudo = s.isDirectory() || s.isFile() ? await pseudoFilesystemOf(real) : undefined;
    if (pseudo !== undefined) {
      result.skipped.push({
        file: path,
        reason: `${real} is on ${pseudo}, a pseudo-filesystem of the kernel (process and machine state), never read into a corpus`,
      });
      return;
    }
    if (s.isDirectory()) {
      if (visitedDirs.has(real)) return; // a link back up the tree
      visitedDirs.add(real);
      let names: string[];
      try {
        names = (await readdir(real)).sort();
      } catch (cause) {
        result.failed.push({ file: path, error: `cannot list folder: ${errorMessage(cause)}` });
        return;
      }
      for (const name of names) {
        if (name.startsWith('.')) continue;
        await visitEntry(join(path, name), join(real, name), root, anchor);
      }
      return;
    }
    if (!s.isFile()) {
      result.skipped.push({ file: path, reason: `${kindOf(s)}, not a regular file` });
      return;
    }
    addFile(path, real, anchor);
  };

  /** An entry found in a folder: symbolic links are resolved and checked before anything is opened. */
  const visitEntry = async (path: string, candidate: string, root: string, anchor: string): Promise<void> => {
    try {
      const l = await lstat(candidate);
      if (!l.isSymbolicLink()) {
        await visitReal(path, candidate, root, anchor);
        return;
      }
      let real: string;
      try {
        real = await realpath(candidate);
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        const what = code === 'ELOOP' ? 'a looping symbolic link' : code === 'ENOENT' ? 'a dangling symbolic link' : 'an unreadable symbolic link';
        result.failed.push({ file: path, error: `${what} (${errorMessage(cause)})` });
        return;
      }
      if (!options.followSymlinks && !inside(real, root)) {
        result.skipped.push({ file: path, reason: `symbolic link to ${real}, outside the added folder ${root}; pass --follow-symlinks to follow it` });
        return;
      }
      await visitReal(path, real, options.followSymlinks ? real : root, anchor);
    } catch (cause) {
      if (options.signal?.aborted || (cause instanceof InvalidInputError && cause.code === 'too_many_files')) throw cause;
      result.failed.push({ file: path, error: errorMessage(cause) });
    }
  };

  for (const p of options.paths) {
    const path = resolve(p);
    try {
      await lstat(path);
    } catch (cause) {
      throw new InvalidInputError(`corpus add: cannot read ${path}: ${errorMessage(cause)}`, { code: 'path_unreadable', details: { path }, cause });
    }
    // A path named on the command line is followed (the user chose it); below it, the rules above apply.
    let real: string;
    try {
      real = await realpath(path);
    } catch (cause) {
      result.failed.push({ file: path, error: `a dangling or looping symbolic link (${errorMessage(cause)})` });
      continue;
    }
    try {
      await visitReal(path, real, real, dirname(path));
    } catch (cause) {
      if (options.signal?.aborted || (cause instanceof InvalidInputError && cause.code === 'too_many_files')) throw cause;
      result.failed.push({ file: path, error: errorMessage(cause) });
    }
  }
  return result;
}
