// `lyra doctor`: what is configured, what answers, which models judge English and Japanese, where the
// data lives, whether Chromium is there — and for each problem the command or setting that fixes it.
// Reads only: it opens an existing store to count its corpora and creates nothing.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusInfo } from '../../core/index.js';
import { listBuiltinCorpora } from '../corpus/builtin-corpora.js';
import { webSearchPlan } from '../web-search.js';
import type { HostResolver } from '../../net/index.js';
import type { LyraConfig } from '../config/index.js';
import { fetcherSettings, lyraVersion } from '../fetcher.js';
import { createRuntime } from '../runtime.js';
import { modelsDirOf } from '../models.js';
import { openExistingStore, storeLabel } from '../open-store.js';
import type { DoctorReport, Problem, SourceCheck } from './doctor-schema.js';
import { chromiumCheck, modelChecks, writableAncestor } from './local-checks.js';
import { DEFAULT_PROBE_TIMEOUT_MS, probeTargets, runProbe } from './probes.js';
import { problemsOf } from './problems.js';

export interface RunDoctorOptions {
  config: LyraConfig;
  /** Probe the configured services (default true); false checks only this machine. */
  probe?: boolean;
  /** Time one probe may take, ms (default DEFAULT_PROBE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** DNS resolver for the probes (tests). */
  resolver?: HostResolver;
  signal?: AbortSignal;
}

function storeInfo(where: LyraConfig['store']): { exists: boolean; bytes: number | null; corpora: CorpusInfo[]; error?: string } {
  // A PostgreSQL store (store.url, $LYRA_DATABASE_URL) exists when it connects and holds Lyra's schema; its size is not read.
  if (where.url) {
    try {
      const store = openExistingStore(where);
      try {
        return { exists: store !== undefined, bytes: null, corpora: store?.listCorpora() ?? [] };
      } finally {
        store?.close();
      }
    } catch (err) {
      return { exists: false, bytes: null, corpora: [], error: err instanceof Error ? err.message : String(err) };
    }
  }
  const path = where.path;
  if (!existsSync(path)) return { exists: false, bytes: null, corpora: [] };
  const bytes = statSync(path).size;
  try {
    const store = openExistingStore(path);
    try {
      return { exists: true, bytes, corpora: store?.listCorpora() ?? [] };
    } finally {
      store?.close();
    }
  } catch (err) {
    return { exists: true, bytes, corpora: [], error: err instanceof Error ? err.message : String(err) };
  }
}

async function probeSources(options: RunDoctorOptions, timeoutMs: number): Promise<SourceCheck[]> {
  const { config } = options;
  const targets = probeTargets(config);
  const probing = options.probe !== false && targets.some((t) => t.enabled);
  // One attempt per probe, bounded by the probe timeout; the configured politeness and SSRF guard apply.
  const runtime = probing
    ? createRuntime(config, options.resolver ? { resolver: options.resolver } : {}, {
        fetchLimits: { maxRetries: 0, timeoutMs, idleTimeoutMs: timeoutMs, cache: {} },
      })
    : undefined;
  const fetcher = runtime?.fetcher();
  try {
    return await Promise.all(
      targets.map(
        async (t): Promise<SourceCheck> => ({
          name: t.name,
          kind: t.kind,
          enabled: t.enabled,
          base_url: t.baseUrl,
          probe: fetcher
            ? await runProbe({ fetcher, target: t, timeoutMs, ...(options.signal ? { signal: options.signal } : {}) })
            : { status: 'skipped', url: null },
        }),
      ),
    );
  } finally {
    await runtime?.close();
  }
}

export async function runDoctor(options: RunDoctorOptions): Promise<DoctorReport> {
  const { config } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const store = storeInfo(config.store);
  const cache = fetcherSettings(config).cache;
  const modelsDir = modelsDirOf(config);
  const report: Omit<DoctorReport, 'ok' | 'problems'> = {
    version: lyraVersion(),
    config: {
      file: config.configFile ?? null,
      source: config.configSource ?? null,
      network_trusted: config.networkTrusted,
      shadowed: [...config.shadowedConfigFiles],
      warnings: [...config.warnings],
    },
    paths: {
      home: { path: config.home, exists: existsSync(config.home) },
      store: {
        path: storeLabel(config.store),
        exists: store.exists,
        bytes: store.bytes,
        corpora: store.corpora.map((c) => ({ name: c.name, documents: c.documents })),
      },
      domains: { default_file: config.domains.defaultFile, user_file: config.domains.userFile ?? null },
      http_cache: cache && 'dir' in cache && cache.dir ? cache.dir : null,
      models_dir: { path: modelsDir, exists: existsSync(modelsDir) },
    },
    sources: await probeSources(options, timeoutMs),
    models: modelChecks(config),
    chromium: chromiumCheck(config),
    web_search: (({ enabled, providers, zeroConfig, reason }) => ({ enabled, providers, zero_config: zeroConfig, reason }))(webSearchPlan(config)),
    probes: { enabled: options.probe !== false, timeout_ms: timeoutMs },
  };
  const problems: Problem[] = problemsOf({
    config,
    report,
    home: writableAncestor(config.home),
    ...(store.error ? { storeError: store.error } : {}),
    homeConfig: join(config.home, 'lyra.config.yaml'),
    builtinCorpora: listBuiltinCorpora().map((c) => c.name),
  });
  // Errors first, each group in the order found.
  const sorted = [...problems.filter((p) => p.severity === 'error'), ...problems.filter((p) => p.severity !== 'error')];
  return { ok: !problems.some((p) => p.severity === 'error'), ...report, problems: sorted };
}
