// Seed 001 「差し戻し必要なら Phase 3 へ戻る」 through the real engine on the loopback evidence web: the
// major claim "brisk walking is the best treatment for high blood pressure" (journal A) stays
// CONTESTED after VERIFY (journal B, also academic, says it is not effective), so VERIFY sends it back
// to DEEP for one bounded round of its gap's searches, and the search log records the decision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EVIDENCE_WEB_SHARED_DATA, articleHtml, startEvidenceWeb } from '../../test-support/evidence-web.js';
import { MAX_QUERIES_PER_GAP, SEND_BACK_PHASE, loadResearchState } from '../../workflows/index.js';
import { PROJECT_ROOT, skipUnlessShared } from '../../test-support/shared-data.js';
import { createEngine, loadConfig } from '../index.js';
import { RESEARCH_STATE_KEY, runResearch } from './research.js';

const WEIGHTS = join(PROJECT_ROOT, 'models', 'stance-en', 'stance-en.json');
// The evidence web serves recorded API answers from ../shared/data; the stance model ships in models/.
const skip = skipUnlessShared(EVIDENCE_WEB_SHARED_DATA) || (existsSync(WEIGHTS) ? false : `missing ${WEIGHTS} (the embedded English stance model)`);

test('VERIFY sends a major claim that stays CONTESTED back to DEEP for one bounded round, recorded in the search log', { skip }, async () => {
  const queries: string[] = [];
  // A strong assertion (a major claim: "best") in one academic journal that the other contradicts.
  const review = {
    host: 'journal-a.test',
    path: '/reviews/aerobic-exercise',
    title: 'Aerobic exercise in hypertension: a review',
    byline: 'Ana Ruiz',
    published: '2020-06-01',
    paragraphs: [
      'Brisk walking is the best treatment for high blood pressure in adults with hypertension.',
      'Every trial we reviewed reported lower systolic pressure after training.',
    ],
  };
  const reply = {
    host: 'journal-b.test',
    path: '/letters/walking',
    title: 'Walking is not a treatment for hypertension',
    byline: 'Kenji Watanabe',
    published: '2021-01-10',
    paragraphs: ['Brisk walking is not an effective treatment for high blood pressure in adults with hypertension.'],
  };
  const ew = await startEvidenceWeb({
    routes: (web) => {
      for (const a of [review, reply]) web.route(`//${a.host}${a.path}`, { headers: { 'content-type': 'text/html; charset=utf-8' }, body: articleHtml(a) });
    },
    serp: (q, urls) => {
      queries.push(q);
      return [
        { url: urls.academicA.replace(/\/articles\/.*$/, review.path), title: review.title },
        { url: urls.academicB.replace(/\/papers\/.*$/, reply.path), title: reply.title },
        { url: urls.academicA, title: 'Aerobic exercise and resting blood pressure: a randomized trial' },
        { url: urls.academicB, title: 'Walking programmes and hypertension: no effect on resting blood pressure' },
        { url: urls.lowTrust, title: 'Exercise myths your doctor still believes' },
      ];
    },
  });
  try {
    const config = loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } });
    const r = await runResearch(
      config,
      {
        question: 'Is brisk walking an effective treatment for high blood pressure in adults with hypertension?',
        providers: ['searxng'],
        cwd: ew.home,
        budget: { pages: 30, queries: 400, seconds: 3000 },
      },
      { engine: { resolver: ew.resolver }, translator: null, writer: null },
    );
    assert.equal(r.status, 'completed');
    const engine = createEngine(config, { resolver: ew.resolver });
    try {
      const state = loadResearchState({ load: (id) => engine.store.loadCheckpoint(id, RESEARCH_STATE_KEY)?.payload, save: () => undefined }, r.taskId);
      const sb = state.sendBack;
      assert.ok(sb, 'the send-back decision is recorded');
      const sent = sb.claims.filter((c) => c.sent);
      assert.ok(sent.length >= 1, JSON.stringify(sb.claims));
      for (const c of sent) assert.ok(['UNSUPPORTED', 'CONTESTED'].includes(c.status));
      assert.ok(
        sent.some((c) => c.statement === review.paragraphs[0] && c.status === 'CONTESTED'),
        JSON.stringify(sent),
      );
      const entries = state.entries.filter((e) => sb.entryKeys.includes(e.key));
      assert.ok(entries.length >= 1 && entries.length <= 10, `bounded round: ${entries.length}`);
      assert.ok(entries.every((e) => e.phase === 'deep' && e.sendBack === true && e.round === sb.round));
      assert.ok(
        entries.some((e) => e.status === 'done'),
        'the round ran within the budget',
      );
      // The searches reached the provider after VERIFY's refutation searches.
      const firstVerify = queries.findIndex((q) => / not /.test(q) || /exception/.test(q));
      for (const e of entries.filter((x) => x.status === 'done')) assert.ok(queries.lastIndexOf(e.text) > firstVerify, e.text);
      // No gap runs more than MAX_QUERIES_PER_GAP searches.
      for (const g of state.normalize!.gaps) assert.ok(g.queries_run <= MAX_QUERIES_PER_GAP, `${g.gap_id}: ${g.queries_run}`);
      assert.ok(sent.every((c) => c.statusAfter !== undefined));
      const log = readFileSync(join(r.runDir, 'search_log.md'), 'utf8');
      assert.match(log, /## Send-back \(VERIFY → DEEP\)/);
      assert.ok(log.includes(`| ${SEND_BACK_PHASE} |`));

      // maxSendBackSearches: 0 turns the send-back off: the decision is recorded with no search.
      const off = await runResearch(
        config,
        {
          question: 'Is brisk walking an effective treatment for high blood pressure in adults with hypertension?',
          providers: ['searxng'],
          cwd: ew.home,
          budget: { pages: 30, queries: 400, seconds: 3000 },
          maxSendBackSearches: 0,
          out: join(ew.home, 'off'),
        },
        { engine: { resolver: ew.resolver }, translator: null, writer: null },
      );
      const offState = loadResearchState({ load: (id) => engine.store.loadCheckpoint(id, RESEARCH_STATE_KEY)?.payload, save: () => undefined }, off.taskId);
      assert.deepEqual([offState.sendBack?.entryKeys, offState.sendBack?.done], [[], true]);
      assert.ok(!offState.entries.some((e) => e.sendBack));
    } finally {
      await engine.close();
    }
  } finally {
    await ew.close();
    rmSync(ew.home, { recursive: true, force: true });
  }
});
