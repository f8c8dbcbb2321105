// A writer killed with SIGKILL at random moments leaves a sound database with whole transactions only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, skipUnlessPostgres } from '../test-support/postgres.js';
import { openStore } from './index.js';
import { openPgStore } from './pg/index.js';
import type { Store } from '../core/index.js';
import { siblingModule } from '../test-support/sibling-module.js';

function checkAfterKill(store: Store, commits: number): void {
  const pages = store.listPages('task_crash');
  assert.ok(pages.length >= commits, `at least the ${commits} reported commits survive (found ${pages.length})`);
  for (const p of pages) assert.equal(store.listFragments(p.id).length, 3, `page ${p.id} has all its fragments`);
  assert.deepEqual(store.loadCheckpoint('task_crash', 'pages')?.payload, { count: pages.length });
}

function runUntilKilled(dbPath: string, commitsBeforeKill: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const writer = siblingModule(import.meta.url, './crash-writer.fixture');
    const child = spawn(process.execPath, [...writer.execArgv, writer.file, dbPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString().split('\n').filter(Boolean).length;
      if (seen >= commitsBeforeKill) child.kill('SIGKILL');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited without being killed: ${stderr}`))));
  });
}

test('SIGKILL during writes never leaves a partial transaction', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-crash-'));
  const dbPath = join(dir, 'lyra.db');
  try {
    for (const commits of [5, 37, 80]) {
      await runUntilKilled(dbPath, commits);
      const store = openStore({ path: dbPath });
      try {
        assert.equal(store.integrityCheck(), 'ok');
        checkAfterKill(store, commits);
      } finally {
        store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PostgreSQL: SIGKILL during writes never leaves a partial transaction', { timeout: 120_000, skip: skipUnlessPostgres() }, async () => {
  const db = await createTestDatabase();
  try {
    for (const commits of [5, 37, 80]) {
      await runUntilKilled(db.url, commits);
      const store = openPgStore({ url: db.url });
      try {
        checkAfterKill(store, commits);
      } finally {
        store.close();
      }
    }
  } finally {
    await db.drop();
  }
});
