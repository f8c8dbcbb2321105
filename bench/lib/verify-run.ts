// `lyra verify` over a labelled claim set: every claim goes through the Engine's verifyClaim (search
// the corpus → stance → status) in a task of its own, in a temporary LYRA_HOME. Shared by
// bench:verify (Check-COVID) and bench:verdicts (Check-COVID and Climate-FEVER).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addToCorpus, buildStanceModel, createEngine, ensureBuiltinCorpus, loadConfig } from '../../src/app/index.js';
import type { ClaimStatus, StanceModel, TrustLevel } from '../../src/core/index.js';
import { SHIPPED_MODELS_DIR } from '../../src/models/index.js';

export interface VerifyClaimInput {
  id: string;
  claim: string;
  /** The document that holds the gold evidence (corpus document id), when known. */
  goldDocId?: string;
}

export interface VerifyRow {
  id: string;
  status: ClaimStatus;
  confidence: number;
  /** The gold document is among the cited supporting/refuting evidence. */
  cited: boolean;
  /** The gold document is among the task's pages. */
  retrieved: boolean;
  /** Baseline: the gold document is the corpus search's first hit for the claim. */
  searchTop1: boolean;
  supporting: number;
  refuting: number;
  /** Nothing supports or refutes and the answer lists closest neutral passages (what `lyra verify` prints then). */
  closestShown: boolean;
  /** The gold document is among those closest passages. */
  closestGold: boolean;
}

export interface VerifyRunResult {
  rows: VerifyRow[];
  stanceName: string;
  stancePairs: number;
  stanceSeconds: number;
  seconds: number;
  peakRssMb: number;
  corpusDocuments: number;
}

export interface VerifyRunOptions {
  claims: readonly VerifyClaimInput[];
  /** Corpus name; with `files` it is added from them, else it must be built in (e.g. `example`). */
  corpus: string;
  files?: string[];
  trustLevel?: TrustLevel;
  /** Stance backend (config `models.stance.backend`); default the configured one. */
  backend?: string;
  /** `models.stance.second_reading` (none or nli); default the configured one. */
  secondReading?: string;
  /** Extra YAML lines under `pipeline.graph` (e.g. `verify_candidates: 24`). */
  graphLines?: string[];
  /** The graph phase's embedding model configured as a transformers model: `minilm-en` (the same encoder the default `embedded` backend runs since 2026-11-28). */
  embedding?: 'minilm-en';
  /** Corpus search ranking (config `corpus.ranking`); default the configured one (hybrid). */
  ranking?: 'hybrid' | 'bm25';
  onProgress?: (done: number, total: number, pairs: number, seconds: number) => void;
}

export async function runVerify(options: VerifyRunOptions): Promise<VerifyRunResult> {
  let peakRss = process.memoryUsage().rss;
  const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const home = mkdtempSync(join(tmpdir(), 'lyra-bench-verify-'));
  const graph = options.graphLines ?? [];
  writeFileSync(
    join(home, 'lyra.config.yaml'),
    [
      ...(options.backend || options.secondReading || options.embedding ? ['models:'] : []),
      ...(options.backend || options.secondReading
        ? [
            '  stance:',
            ...(options.backend ? [`    backend: ${options.backend}`] : []),
            ...(options.secondReading ? [`    second_reading: ${options.secondReading}`] : []),
          ]
        : []),
      ...(options.embedding
        ? [
            '  transformers:',
            `    models_dir: ${JSON.stringify(SHIPPED_MODELS_DIR)}`,
            '  embedding:',
            '    backend: transformers',
            `    model: ${options.embedding}`,
            '    dtype: q8',
          ]
        : []),
      ...(graph.length > 0 ? ['pipeline:', '  graph:', ...graph.map((l) => `    ${l}`)] : []),
      ...(options.ranking ? ['corpus:', `  ranking: ${options.ranking}`] : []),
    ].join('\n') + '\n',
  );
  try {
    const config = loadConfig({ env: { ...process.env, LYRA_HOME: home }, cwd: home });
    const base = buildStanceModel({ config });
    let pairs = 0;
    let stanceMs = 0;
    const stance: StanceModel = {
      name: base.name,
      judge: async (batch, o) => {
        const t = performance.now();
        try {
          return await base.judge(batch, o);
        } finally {
          stanceMs += performance.now() - t;
          pairs += batch.length;
          sample();
        }
      },
    };
    const engine = createEngine(config, { stance });
    try {
      const corpusDocuments = options.files
        ? (await addToCorpus({ store: engine.store, config, name: options.corpus, paths: options.files, trustLevel: options.trustLevel ?? 'ACADEMIC' }))
            .inserted
        : (await ensureBuiltinCorpus({ store: engine.store, name: options.corpus }),
          engine.store.listCorpora().find((c) => c.name === options.corpus)?.documents ?? 0);
      const providers = [`corpus:${options.corpus}`];
      const rows: VerifyRow[] = [];
      const t0 = performance.now();
      for (const [i, c] of options.claims.entries()) {
        // The words-alone baseline: the store's BM25, whatever corpus.ranking the run uses.
        const searchTop1 = c.goldDocId !== undefined && engine.store.searchCorpus(c.claim, { corpus: options.corpus, limit: 1 })[0]?.id === c.goldDocId;
        const task = await engine.createTask({ question: c.claim, providers });
        const out = await engine.verifyClaim(task.id, c.claim, { providers });
        const goldUrl = c.goldDocId ? `corpus://${options.corpus}/${c.goldDocId}` : undefined;
        const cited = goldUrl !== undefined && [...out.supporting, ...out.refuting].some((e) => e.source.url === goldUrl);
        const retrieved = goldUrl !== undefined && engine.store.listPages(task.id).some((p) => p.url === goldUrl);
        const closestShown = out.supporting.length + out.refuting.length === 0 && out.closest.length > 0;
        rows.push({
          id: c.id,
          status: out.status,
          confidence: out.confidence,
          cited,
          retrieved,
          searchTop1,
          supporting: out.supporting.length,
          refuting: out.refuting.length,
          closestShown,
          closestGold: closestShown && goldUrl !== undefined && out.closest.some((e) => e.source.url === goldUrl),
        });
        sample();
        options.onProgress?.(i + 1, options.claims.length, pairs, (performance.now() - t0) / 1000);
      }
      return {
        rows,
        stanceName: stance.name,
        stancePairs: pairs,
        stanceSeconds: stanceMs / 1000,
        seconds: (performance.now() - t0) / 1000,
        peakRssMb: peakRss / 2 ** 20,
        corpusDocuments,
      };
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
