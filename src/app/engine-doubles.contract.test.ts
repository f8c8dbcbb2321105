// The workflows' engine double against the real engine (issue 33 item 4): one in-memory engine
// (workflows/test-support/memory-engine.ts) stands in for the Engine in the research, collect and
// consensus tests. The same contract is checked on both — the real engine over a two-document corpus and
// the double, in a task it made and in one named up front — so the double cannot drift from what the
// engine returns, and every check below is one expectation both must meet: answers parse with core's
// schemas (the evidence read model's included); sources look alike (URL, title, trust, primary, type); a
// search's page budget registers what fits and leaves a corpus document over it unregistered; a page
// already read is a source again, not a new page; searches are found by id and key; a source is read
// whole and checked; materials and counts agree; a search whose signal is aborted is recorded, ends
// cancelled with the query's own warning and runs again on resume; an unknown task is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  isLyraError,
  materialsSchema,
  searchOutcomeSchema,
  sourceViewSchema,
  taskStatusViewSchema,
  type Engine,
  type SearchOutcome,
  type SourceView,
} from '../core/index.js';
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

type Subject = Pick<Engine, 'search' | 'status' | 'budget' | 'readSource' | 'checkSource' | 'materials' | 'counts' | 'resume'>;

interface Contender {
  name: string;
  open(): Promise<{ engine: Subject; taskId: string; close(): Promise<void> }>;
}

const sourceTextSchema = z.object({ source: sourceViewSchema, text: z.string().min(1) });
const memoryDocs = DOCS.map((d) => ({ url: `corpus://sea/${d.id}`, title: d.title, text: d.text, trustLevel: 'ACADEMIC' as const }));

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

/** What a source looks like to a workflow, whichever engine gave it (ids differ by design). */
const looks = (v: SourceView): unknown => ({ url: v.url, title: v.title, trustLevel: v.trustLevel, primary: v.primary, sourceType: v.sourceType });
const outcomeOf = (o: SearchOutcome): unknown => ({
  status: o.status,
  newPages: o.newPages,
  sources: o.sources.map(looks).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  unread: o.unread.length,
  queryWarnings: o.warnings.filter((w) => w.source === 'query').map((w) => w.code),
});
const seaSource = (id: string, title: string): unknown => ({ url: `corpus://sea/${id}`, title, trustLevel: 'ACADEMIC', primary: true, sourceType: 'other' });

for (const c of CONTENDERS) {
  test(`engine contract: ${c.name}`, async () => {
    const { engine, taskId, close } = await c.open();
    const parses = (schema: z.ZodType, value: unknown, what: string): void => {
      const r = schema.safeParse(value);
      assert.ok(r.success, r.success ? '' : `${what}: ${z.prettifyError(r.error)}`);
    };
    try {
      // One page of budget for the first search: one document is registered, the other not at all.
      const first = await engine.search(taskId, QUERY, { clientKey: 'contract:1', providers: ['corpus:sea'], maxPages: 1 });
      parses(searchOutcomeSchema, first, 'search outcome');
      assert.equal(first.taskId, taskId);
      assert.deepEqual(outcomeOf(first), { status: 'done', newPages: 1, sources: [first.sources.map(looks)[0]], unread: 0, queryWarnings: [] });
      assert.equal(engine.status(taskId).budget.pagesUsed, 1, 'the page left over the budget is not counted');
      // No providers named: the task's. The page already read is a source again, not a new page.
      const second = await engine.search(taskId, QUERY, { clientKey: 'contract:2' });
      assert.deepEqual(outcomeOf(second), {
        status: 'done',
        newPages: 1,
        sources: [seaSource('doubt', 'A dissenting view'), seaSource('obs', 'Sea level observations')],
        unread: 0,
        queryWarnings: [],
      });

      const status = engine.status(taskId);
      parses(taskStatusViewSchema, status, 'status view');
      assert.deepEqual(
        ['contract:1', 'contract:2'].map((k) => status.searches.filter((s) => s.clientKey === k).map((s) => s.queryId)),
        [[first.queryId], [second.queryId]],
        'each search is found by its id and by the key it was given',
      );
      assert.equal(status.budget.pagesUsed, 2);
      assert.deepEqual(engine.budget(taskId), status.budget, "budget() is the status view's budget");

      const page = second.sources[0]!;
      const read = engine.readSource(taskId, page.pageId);
      parses(sourceTextSchema, read, 'source text');
      assert.equal(read.source.url, page.url);
      assert.ok(read.text.includes(DOCS.find((d) => page.url.endsWith(d.id))!.text), 'the document is read whole');
      const check = await engine.checkSource(taskId, page.pageId);
      assert.deepEqual([sourceViewSchema.safeParse(check.source).success, check.reachable], [true, true], 'a corpus document the store holds answers');

      const materials = engine.materials(taskId, { offset: 0, limit: 100 });
      parses(materialsSchema, materials, 'materials (the evidence read model)');
      assert.deepEqual(new Set(materials.pages.map((p) => p.url)), new Set(second.sources.map((s) => s.url)), 'the task’s pages are the two read');
      assert.ok(materials.claims.length > 0, 'the pages brought claims');
      assert.ok(
        materials.claims.every((claim) => claim.origins.length > 0),
        'each claim names the page it came from',
      );
      const counts = engine.counts(taskId);
      assert.deepEqual(
        [counts.totalClaims, new Set(counts.pageIds)],
        [materials.paging.totalClaims, new Set(materials.pages.map((p) => p.pageId))],
        'counts say what materials hold',
      );

      // A search whose signal is already aborted is recorded, ends cancelled with the query's own warning,
      // and runs again on resume.
      const aborted = AbortSignal.abort(new Error('caller gave up'));
      const cut = await engine.search(taskId, 'sea level rise', { clientKey: 'contract:3', signal: aborted });
      assert.deepEqual(
        [cut.status, outcomeOf(cut)],
        ['cancelled', { status: 'cancelled', newPages: 0, sources: [], unread: 0, queryWarnings: ['query_cancelled'] }],
      );
      assert.equal(engine.status(taskId).searches.find((s) => s.clientKey === 'contract:3')?.status, 'cancelled');
      const resumed = await engine.resume(taskId);
      assert.equal(resumed.searches.find((s) => s.clientKey === 'contract:3')?.status, 'done', 'resume runs the cancelled search');

      await assert.rejects(engine.search('task_unknown', QUERY), (e: unknown) => {
        assert.ok(isLyraError(e) && e.category === 'invalid_input' && e.code === 'task_not_found', String(e));
        return true;
      });
    } finally {
      await close();
    }
  });
}
