// The CLI on a PostgreSQL store ($LYRA_DATABASE_URL): a corpus added, searched, and a task run on it
// through the engine, with nothing written to the SQLite file in $LYRA_HOME.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome } from '../test-support/cli.js';
import { createTestDatabase, skipUnlessPostgres } from '../test-support/postgres.js';

const DOCS = {
  'exercise.txt':
    'Aerobic exercise and blood pressure\n\nIn a randomized trial of 120 adults, twelve weeks of aerobic exercise lowered systolic blood pressure by 8 mmHg compared with usual activity. The reduction was larger in adults with hypertension.',
  'diet.txt':
    'Salt intake\n\nReducing dietary salt lowered blood pressure in adults with hypertension in several trials. Potassium-rich diets were also associated with lower blood pressure.',
  'sleep.txt': 'Sleep and memory\n\nSleep after learning improved recall of word lists in students. Short sleep impaired memory consolidation.',
};

test('lyra corpus add, search and task search on PostgreSQL; the SQLite file is never created', { skip: skipUnlessPostgres() }, async () => {
  const home = tempHome();
  const db = await createTestDatabase();
  try {
    const docs = join(home, 'docs');
    mkdirSync(docs);
    for (const [name, text] of Object.entries(DOCS)) writeFileSync(join(docs, name), text);
    const env = { LYRA_DATABASE_URL: db.url };
    const lyra = (...args: string[]) => runCli(args, { home, env });

    const added = await lyra('corpus', 'add', docs, '--name', 'notes', '--json');
    assert.equal(added.code, 0, added.err);
    const hits = await lyra('search', 'does aerobic exercise lower blood pressure', '--provider', 'corpus', '--corpus', 'notes', '--json');
    assert.equal(hits.code, 0, hits.err);
    const found = JSON.parse(hits.out) as Array<{ title: string }> | { hits: Array<{ title: string }> };
    const titles = (Array.isArray(found) ? found : found.hits).map((h) => h.title);
    // A .txt file is titled by its first line standing apart (newcomer issue, item 7), never its absolute path.
    assert.equal(titles[0], 'Aerobic exercise and blood pressure');

    const created = await lyra('task', 'create', 'Does aerobic exercise lower blood pressure?', '--corpus', 'notes', '--json');
    assert.equal(created.code, 0, created.err);
    const taskId = (JSON.parse(created.out) as { id: string }).id;
    const searched = await lyra('task', 'search', taskId, 'aerobic exercise blood pressure');
    assert.equal(searched.code, 0, searched.err);
    const materials = await lyra('task', 'materials', taskId);
    assert.equal(materials.code, 0, materials.err);
    const m = JSON.parse(materials.out) as { sources?: unknown[]; pages?: unknown[]; claims: Array<{ statement?: string; text?: string }> };
    assert.ok((m.sources ?? m.pages ?? []).length >= 1, materials.out.slice(0, 300));
    assert.ok(
      m.claims.some((c) => /systolic blood pressure by 8 mmHg/.test(c.statement ?? c.text ?? '')),
      'the trial sentence is a claim of the task',
    );
    assert.equal(existsSync(join(home, 'lyra.db')), false, 'the SQLite file in $LYRA_HOME is not used');
  } finally {
    await db.drop();
    rmSync(home, { recursive: true, force: true });
  }
});
