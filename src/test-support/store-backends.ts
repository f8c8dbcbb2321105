// The store test suite on both backends: `backendTest(name, fn)` registers one test per backend, SQLite
// in a temporary file and PostgreSQL in a database of its own (skipped, naming what is missing, when no
// PostgreSQL can be had). `open()` may be called more than once: each call is another connection.
import { test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../core/index.js';
import { openStore } from '../store/index.js';
import { openPgStore } from '../store/pg/index.js';
import { createTestDatabase, skipUnlessPostgres } from './postgres.js';

export type StoreBackendName = 'sqlite' | 'postgres';

export interface BackendHandle {
  readonly backend: StoreBackendName;
  /** A new connection to the test's store (closed after the test). */
  open(): Store;
}

export function backendTest(name: string, fn: (b: BackendHandle) => void | Promise<void>, options: { only?: StoreBackendName } = {}): void {
  if (options.only !== 'postgres')
    test(`sqlite: ${name}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lyra-store-'));
      const opened: Store[] = [];
      try {
        await fn({ backend: 'sqlite', open: () => opened[opened.push(openStore({ path: join(dir, 'lyra.db') })) - 1]! });
      } finally {
        for (const s of opened) s.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  if (options.only !== 'sqlite')
    test(`postgres: ${name}`, { skip: skipUnlessPostgres() }, async () => {
      const db = await createTestDatabase();
      const opened: Store[] = [];
      try {
        await fn({ backend: 'postgres', open: () => opened[opened.push(openPgStore({ url: db.url })) - 1]! });
      } finally {
        for (const s of opened) s.close();
        await db.drop();
      }
    });
}
