// The workflows' engine doubles against the real engine (issue 33 item 4): each double stands in for the
// Engine methods its workflow uses (research: FakeEngine; collect: memoryCollectEngine; consensus:
// memoryEngine). The same contract is checked on all four — the real engine over a two-document corpus
// and each double — so a double cannot drift from what the engine returns: every answer parses with
// core's view schemas, a search is found in the task's status by the id it returned and by the caller's
// key, and a source a search returned can be read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { searchOutcomeSchema, sourceViewSchema, taskStatusViewSchema, type Engine } from '../core/index.js';
import { memoryCollectEngine } from '../workflows/collect/test-support/memory-engine.js';
import { memoryEngine } from '../workflows/consensus/test-support/doubles.js';
import { FakeEngine } from '../workflows/research/test-support/fake-engine.js';
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

type Subject = Partial<Pick<Engine, 'createTask' | 'status' | 'readSource'>> & Pick<Engine, 'search'>;

interface Contender {
  name: string;
  open(): Promise<{ engine: Subject; taskId: string; close(): Promise<void> }>;
}

const sourceTextSchema = z.object({ source: sourceViewSchema, text: z.string().min(1) });

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
    name: 'FakeEngine (research)',
    async open() {
      const engine = new FakeEngine({ docs: DOCS.map((d) => ({ id: d.id, title: d.title, sentences: [d.text] })) });
      const task = await engine.createTask({ question: QUESTION });
      return { engine, taskId: task.id, close: async () => {} };
    },
  },
  {
    name: 'memoryCollectEngine (collect)',
    async open() {
      const engine = memoryCollectEngine({
        providers: { 'corpus:sea': () => DOCS.map((d) => ({ url: `corpus://sea/${d.id}`, title: d.title, text: d.text })) },
        tasks: ['task_c'],
      });
      return { engine, taskId: 'task_c', close: async () => {} };
    },
  },
  {
    name: 'memoryEngine (consensus)',
    async open() {
      const engine = memoryEngine({ providers: { 'corpus:sea': DOCS.map((d) => ({ url: `corpus://sea/${d.id}`, title: d.title, text: d.text })) } });
      return { engine, taskId: 'task_m', close: async () => {} };
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
      assert.ok(out.sources.length > 0, 'the search found the documents');
      if (engine.status) {
        const status = engine.status(taskId);
        const view = taskStatusViewSchema.safeParse(status);
        assert.ok(view.success, view.success ? '' : z.prettifyError(view.error));
        const mine = status.searches.filter((s) => s.clientKey === 'contract:1');
        assert.deepEqual(
          mine.map((s) => s.queryId),
          [out.queryId],
          'the search is found by its id and by the key it was given',
        );
      }
      if (engine.readSource) {
        const read = sourceTextSchema.safeParse(engine.readSource(taskId, out.sources[0]!.pageId));
        assert.ok(read.success, read.success ? '' : z.prettifyError(read.error));
      }
    } finally {
      await close();
    }
  });
}
