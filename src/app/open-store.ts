// Opens the SQLite store at the configured path.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Store } from '../core/index.js';
import { openStore } from '../store/index.js';

/** Opens the store when its file exists; read-only commands use this so they never create data. */
export function openExistingStore(path: string): Store | undefined {
  return existsSync(path) ? openStore({ path }) : undefined;
}

/** Opens the store, creating its folder and file when needed. */
export function openOrCreateStore(path: string): Store {
  mkdirSync(dirname(path), { recursive: true });
  return openStore({ path });
}
