// The workflows' engine double against the real engine (issue 33 item 4): one in-memory engine
// (workflows/test-support/memory-engine.ts) stands in for the Engine in the research, collect and
// consensus tests. The same contract is checked on both — the real engine over a two-document corpus and
// the double, in a task it made and in one named up front — so the double cannot drift from what the
// engine returns: every answer parses with core's view schemas, a search is found in the task's status by
// the id it returned and by the caller's key, a returned source can be read and checked, the claims a
// search brought are in the task's materials (the evidence read model's schema), and a task the engine does not hold is refused alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { isLyraError, materialsSchema, searchOutcomeSchema, sourceViewSchema, taskStatusViewSchema, type Engine } from '../core/index.js';
import { MemoryEngine } from '../workflows/test-support/memory-engine.js';
import { loadConfig } from './config/index.js';
import { addToCorpus } from './corpus/corpus.js';
import { createEngine } from './engine.js';
import { openOrCreateStore } from './open-store.js';

const QUESTION = 'Has global sea level rise accelerated?';
const QUERY = 'sea level rise accelerated';
const DOCS = [
  { id: 'obs', title: 'Sea level observations', text: 'Global sea level rise has accelerated since 1993 according to satellite altimetry.' },
  { id: 'doubt', title: 'A dissenting view', text: 'Global sea level rise has not accelerated since 1993 according to some tide gauge analyses.' },
];

type Subject = Pick<Engine, 'search' | 'status' | 'readSource' | 'checkSource' | 'materials' | 'counts'>;

interface Contender {
  name: string;
  open(): Promise<{ engine: Subject; taskId: string; close(): Promise<void> }>;
}

const sourceTextSchema = z.object({ source: sourceViewSchema, text: z.string().min(1) });
const memoryDocs = DOCS.map((d) => ({ url: `corpus://sea/${d.id}`, title: d.title, text: d.text }));

const CONTENDERS: Contender[] = [
  {
    name: 'the real engine (corpus)',
    async open() {
      const home = mkdtempSync(join(tmpdir(), 'lyra-contract-'));
      const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
      const file = join(home, 'sea.jsonl');
      writeFileSync(file, `${DOCS.map((d) => JSON.stringify(d)).join('\n')}\n`);
      const store = openOrCreateStore(config.store);
      try {
        await addToCorpus({ config, store, name: 'sea', paths: [file], trustLevel: 'ACADEMIC' });
      } finally {
        store.close();
      }
      const engine = createEngine(config);
      const task = await engine.createTask({ question: QUESTION, providers: ['corpus:sea'] });
      return {
        engine,
        taskId: task.id,
        async close() {
          await engine.close();
          rmSync(home, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'MemoryEngine, a task it made (research)',
    async open() {
      const engine = new MemoryEngine({ providers: { 'corpus:sea': memoryDocs } });
      const task = await engine.createTask({ question: QUESTION, providers: ['corpus:sea'] });
      return { engine, taskId: task.id, close: async () => {} };
    },
  },
  {
    name: 'MemoryEngine, a task named up front (collect, consensus)',
    async open() {
      const engine = new MemoryEngine({ providers: { 'corpus:sea': () => memoryDocs }, tasks: ['task_c'] });
      return { engine, taskId: 'task_c', close: async () => {} };
    },
  },
];

for (const c of CONTENDERS) {
  test(`engine contract: ${c.name}`, async () => {
    const { engine, taskId, close } = await c.open();
    try {
      const out = await engine.search(taskId, QUERY, { clientKey: 'contract:1', providers: ['corpus:sea'] });
      const parsed = searchOutcomeSchema.safeParse(out);
      assert.ok(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error));
      assert.equal(out.taskId, taskId);
      assert.equal(out.status, 'done');
      assert.equal(out.sources.length, 2, 'the search found both documents');

      const status = engine.status(taskId);
      const view = taskStatusViewSchema.safeParse(status);
      assert.ok(view.success, view.success ? '' : z.prettifyError(view.error));
      assert.deepEqual(
        status.searches.filter((s) => s.clientKey === 'contract:1').map((s) => s.queryId),
        [out.queryId],
        'the search is found by its id and by the key it was given',
      );
      assert.equal(status.budget.pagesUsed, 2, 'both pages count against the budget');

      const first = out.sources[0]!;
      const read = sourceTextSchema.safeParse(engine.readSource(taskId, first.pageId));
      assert.ok(read.success, read.success ? '' : z.prettifyError(read.error));
      assert.equal(read.data!.source.url, first.url);
      const check = await engine.checkSource(taskId, first.pageId);
      assert.equal(sourceViewSchema.safeParse(check.source).success, true);
      assert.equal(check.reachable, true, 'a corpus document the store holds answers');

      const materials = engine.materials(taskId, { offset: 0, limit: 100 });
      const model = materialsSchema.safeParse(materials);
      assert.ok(model.success, model.success ? '' : z.prettifyError(model.error));
      assert.deepEqual(new Set(materials.pages.map((p) => p.pageId)), new Set(out.sources.map((s) => s.pageId)), 'the pages read are the task’s');
      assert.ok(materials.claims.length > 0, 'the pages brought claims');
      for (const claim of materials.claims)
        for (const e of [...claim.supporting, ...claim.refuting]) assert.equal(sourceViewSchema.safeParse(e.source).success, true);
      const counts = engine.counts(taskId);
      assert.equal(counts.totalClaims, materials.paging.totalClaims);
      assert.deepEqual(new Set(counts.pageIds), new Set(materials.pages.map((p) => p.pageId)));

      await assert.rejects(engine.search('task_unknown', QUERY), (e: unknown) => {
        assert.ok(isLyraError(e) && e.category === 'invalid_input' && e.code === 'task_not_found', String(e));
        return true;
      });
    } finally {
      await close();
    }
  });
}
