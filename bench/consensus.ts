// npm run bench:consensus — the consensus workflow (seed 004) end to end and offline: 3 agents × 2
// iterations on three topics each of the shipped example corpus (Wikipedia climate sentences, LOW)
// and the Check-COVID abstracts (ACADEMIC), with the embedded stance model. Statement pairing by
// shared words (the default, the baseline) against the embedding model's (the shipped encoder; USE-lite until 2026-11-28), measured in the same run:
// wall time, the share spent scoring (conflict detection), conflicts found, final scores, peak RSS.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToCorpus, loadConfig, openOrCreateStore, runConsensus } from '../src/app/index.js';
import { isLyraError } from '../src/core/index.js';
import type { ConsensusResearchResult } from '../src/workflows/consensus/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';

const TOPICS: Record<string, string[]> = {
  example: ['sea level rise caused by global warming', 'Arctic sea ice decline', 'ocean acidification and coral reefs'],
  'check-covid': ['vitamin D deficiency and COVID-19 severity', 'hydroxychloroquine treatment of COVID-19 patients', 'SARS-CoV-2 transmission by children'],
};
const covid = sharedDataPath('check-covid/corpus.json');

let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));

interface Row {
  corpus: string;
  mode: string;
  topic: string;
  ms: number;
  scoringMs: number;
  conflicts: number[];
  score: number;
  iterations: number;
  error?: string;
}

function summarize(corpus: string, mode: string, topic: string, ms: number, r: ConsensusResearchResult): Row {
  // Scoring time: an iteration's duration minus its slowest agent (agents run in parallel).
  const scoringMs = r.iterations.reduce((s, it) => s + it.durationMs - Math.max(...it.agentReports.map((a) => a.durationMs)), 0);
  const conflicts = r.iterations.map((it) => new Set(it.scores.flatMap((s) => s.conflicts.map((c) => c.conflictId))).size);
  return { corpus, mode, topic, ms, scoringMs, conflicts, score: r.finalScore.totalScore, iterations: r.iterations.length };
}

const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-consensus-'));
try {
  const config = loadConfig({ env: { LYRA_HOME: dir }, cwd: dir });
  const store = openOrCreateStore(config.store.path);
  const corpora = ['example'];
  if (existsSync(covid)) {
    await addToCorpus({ store, config, name: 'check-covid', paths: [covid], trustLevel: 'ACADEMIC' });
    corpora.push('check-covid');
  } else console.log(`check-covid skipped: missing ${covid} (../shared/data is not part of a user's clone)`);

  const rows: Row[] = [];
  for (const corpus of corpora) {
    for (const mode of ['words', 'embeddings'] as const) {
      for (const topic of TOPICS[corpus]!) {
        const t0 = performance.now();
        try {
          const r = await runConsensus({
            config,
            topic,
            corpus,
            store,
            engine: { agentCount: 3, iterationCount: 2 },
            ...(mode === 'embeddings' ? { embedding: true } : {}),
          });
          rows.push(summarize(corpus, mode, topic, performance.now() - t0, r));
        } catch (e) {
          // A run the product ends with a typed error (e.g. consensus_no_relevant) is a result, not a crash.
          if (!isLyraError(e)) throw e;
          rows.push({ corpus, mode, topic, ms: performance.now() - t0, scoringMs: 0, conflicts: [], score: 0, iterations: 0, error: e.code });
        }
        sample();
      }
    }
  }
  store.close();

  console.log('corpus       pairing     topic                                               wall s  scoring  conflicts/iter  final');
  for (const r of rows) {
    console.log(
      `${r.corpus.padEnd(12)} ${r.mode.padEnd(11)} ${r.topic.slice(0, 50).padEnd(51)} ${(r.ms / 1000).toFixed(1).padStart(6)}  ${`${((r.scoringMs / r.ms) * 100).toFixed(0)}%`.padStart(7)}  ${r.conflicts.join(', ').padStart(14)}  ${r.error ? `failed: ${r.error}` : `${(r.score * 100).toFixed(1)}%`}`,
    );
  }
  for (const corpus of corpora) {
    const sum = (mode: string, f: (r: Row) => number): number => rows.filter((r) => r.corpus === corpus && r.mode === mode).reduce((s, r) => s + f(r), 0);
    const words = sum('words', (r) => r.ms);
    const emb = sum('embeddings', (r) => r.ms);
    console.log(
      `${corpus}: embeddings / shared-words wall time = ${(emb / words).toFixed(2)}x; scoring share ${((sum('words', (r) => r.scoringMs) / words) * 100).toFixed(0)}% (words) vs ${((sum('embeddings', (r) => r.scoringMs) / emb) * 100).toFixed(0)}% (embeddings); conflicts ${sum('words', (r) => r.conflicts.reduce((a, b) => a + b, 0))} vs ${sum('embeddings', (r) => r.conflicts.reduce((a, b) => a + b, 0))}`,
    );
  }
  console.log(`peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
