// What lyra doctor's findings mean for the user, each with the command or setting that fixes it.
// `error`: Lyra cannot do its main job as configured (judge claims, search anything); `warning`:
// something is off or missing while the rest works.
import type { LyraConfig } from '../config/index.js';
import { storeLabel } from '../open-store.js';
import type { DoctorReport, Problem, SourceCheck } from './doctor-schema.js';

export interface ProblemInput {
  config: LyraConfig;
  report: Omit<DoctorReport, 'ok' | 'problems'>;
  /** The nearest existing folder of $LYRA_HOME and whether it is writable. */
  home: { dir: string; writable: boolean };
  storeError?: string;
  /** $LYRA_HOME/lyra.config.yaml, where a file may widen network reach. */
  homeConfig: string;
  /** The corpora shipped with Lyra (corpora/<name>: example), searchable offline, indexed on first use. */
  builtinCorpora?: readonly string[];
}

const ANSWERED: ReadonlySet<string> = new Set(['ok', 'http_error', 'blocked']);

function settingsFile(input: ProblemInput): string {
  return input.config.configFile ?? `${input.homeConfig} (lyra config init writes one)`;
}

function sourceProblem(input: ProblemInput, s: SourceCheck): Problem | undefined {
  const p = s.probe;
  if (p.status === 'ok' || p.status === 'skipped') return undefined;
  const file = settingsFile(input);
  const llmJudges = s.name === 'llm' && input.report.models.stance_backend === 'llm';
  const severity: Problem['severity'] = llmJudges ? 'error' : 'warning';
  const what = s.name === 'llm' ? `the chat endpoint of models.llm (${s.base_url})` : `${s.name} (${s.base_url})`;
  const detail = `${p.code ?? p.status}${p.message ? `: ${p.message}` : ''}`;
  switch (p.status) {
    case 'unreachable':
      return {
        severity,
        code: 'source_unreachable',
        message: `${what} did not answer: ${detail}`,
        fix:
          s.name === 'searxng'
            ? `start the SearXNG instance, or correct providers.searxng.base_url in ${file}`
            : s.name === 'llm'
              ? `start the endpoint (e.g. ollama serve), or correct models.llm.base_url in ${file}`
              : `check the network connection or proxy; lyra fetch "${p.url}" shows the whole error`,
      };
    case 'refused':
      return {
        severity,
        code: 'source_refused',
        message: `Lyra refused to ask ${what}: ${detail}`,
        fix: input.config.networkTrusted
          ? `add ${new URL(p.url!).origin} to fetch.allow_private in ${file}`
          : `move ${input.config.configFile} to ${input.homeConfig} or name it with --config: a lyra.config.yaml found in the working directory gets no private-address allowance`,
      };
    case 'http_error':
      return {
        severity,
        code: 'source_http_error',
        message: `${what} answered HTTP ${p.http_status}: ${detail}`,
        fix:
          s.name === 'searxng' && p.http_status === 403
            ? 'enable the JSON format in the SearXNG settings (search.formats: [html, json]) and restart it'
            : p.http_status === 429
              ? s.name === 'semantic_scholar'
                ? `wait, or set scholarly.semantic_scholar.api_key in ${file} (its rate without a key is shared)`
                : 'wait: the service is rate-limiting this address'
              : s.name === 'llm' && p.http_status === 401
                ? `set models.llm.api_key in ${file}`
                : `lyra fetch "${p.url}" shows the answer; correct the base_url of ${s.name} in ${file} if it is wrong`,
      };
    case 'blocked':
      return {
        severity,
        code: 'source_blocked',
        message: `${what} answered with a bot check: ${detail}`,
        fix: 'try later, or search through your own SearXNG (providers.searxng.base_url)',
      };
  }
}

function modelProblems(input: ProblemInput): Problem[] {
  const out: Problem[] = [];
  const m = input.report.models;
  const file = settingsFile(input);
  const { en, ja } = m.stance;
  // The shipped judges: nli (models/nli-en) or the embedded networks (also the client backend's base);
  // both send Japanese claims to models/stance-ja, or to models/nli-ja where models.stance.japanese: nli is set.
  if (m.stance_backend === 'nli' || m.stance_backend === 'embedded' || m.stance_backend === 'client') {
    const nli = m.stance_backend === 'nli';
    if (!en.present)
      out.push({
        severity: 'error',
        code: 'stance_model_missing',
        message: `the ${nli ? 'pretrained English judge' : 'English stance model'} is missing: ${en.path}`,
        fix: nli
          ? 'reinstall Lyra (npm ci) or retrain it (npm run train:nli), or choose another backend (models.stance.backend)'
          : 'reinstall Lyra (npm ci) or retrain it (npm run train:stance), or correct models.stance.weights_path',
      });
    if (!ja.present)
      out.push({
        severity: 'warning',
        code: 'stance_model_missing',
        message: `the Japanese stance model is missing: ${ja.path}; Japanese claims cannot be judged`,
        fix:
          ja.model === 'nli-ja'
            ? 'reinstall Lyra (npm ci) or retrain it (npm run train:nli-ja)'
            : 'reinstall Lyra (npm ci) or retrain it (npm run train:stance)',
      });
  } else if (m.stance_backend === 'transformers') {
    if (!en.model)
      out.push({
        severity: 'error',
        code: 'model_not_configured',
        message: 'models.stance.backend is transformers but models.transformers.model is not set',
        fix: `set models.transformers.model (e.g. Xenova/nli-deberta-v3-xsmall) in ${file}, then lyra models pull <id>`,
      });
    else if (!en.present)
      out.push({
        severity: 'error',
        code: 'model_not_found',
        message: `the stance model ${en.model} is not in ${en.path}`,
        fix: `lyra models pull ${en.model}`,
      });
  } else if (m.stance_backend === 'llm' && !m.llm.configured) {
    out.push({
      severity: 'error',
      code: 'model_not_configured',
      message: 'models.stance.backend is llm but models.llm is not set',
      fix: `set models.llm.base_url and models.llm.model in ${file}`,
    });
  }
  // models.stance.japanese chooses among the shipped Japanese judges; the other backends judge every language themselves.
  const japanese = input.config.raw.models?.stance?.japanese;
  if (japanese !== undefined && (m.stance_backend === 'transformers' || m.stance_backend === 'llm')) {
    out.push({
      severity: 'warning',
      code: 'setting_ignored',
      message: `models.stance.japanese: ${japanese} has no effect under models.stance.backend ${m.stance_backend}, which judges Japanese claims itself`,
      fix: `remove models.stance.japanese from ${file}, or choose the nli, embedded or client backend`,
    });
  }
  // models.stance.second_reading reads the embedded judge's edges again; the other backends have no such judge.
  const reading = input.config.raw.models?.stance?.second_reading;
  if (reading !== undefined && reading !== 'none' && m.stance_backend !== 'embedded') {
    out.push({
      severity: 'warning',
      code: 'setting_ignored',
      message: `models.stance.second_reading: ${reading} has no effect under models.stance.backend ${m.stance_backend}: only the embedded judge's edges are read again`,
      fix: `remove models.stance.second_reading from ${file}, or choose the embedded backend`,
    });
  }
  if (m.second_reading && !m.second_reading.present) {
    out.push({
      severity: 'error',
      code: 'model_not_found',
      message: `models.stance.second_reading: the ${m.second_reading.model} judge that reads the embedded judge's edges again is missing: ${m.second_reading.path}`,
      fix: `restore models/${m.second_reading.model}/ from the repository, or set models.stance.second_reading: none in ${file}`,
    });
  }
  if (m.embedding.backend === 'transformers' && !m.embedding.present) {
    out.push(
      m.embedding.model
        ? {
            severity: 'error',
            code: 'model_not_found',
            message: `the embedding model ${m.embedding.model} is not in ${input.report.paths.models_dir.path}`,
            fix: `lyra models pull ${m.embedding.model}`,
          }
        : {
            severity: 'error',
            code: 'model_not_configured',
            message: 'models.embedding.backend is transformers but models.embedding.model is not set',
            fix: `set models.embedding.model (e.g. Xenova/multilingual-e5-small) in ${file}`,
          },
    );
  } else if (m.embedding.backend === 'embedded' && !m.embedding.present) {
    // The shipped encoder comes with the package: its absence is a broken install, and every search needs it.
    out.push({
      severity: 'error',
      code: 'model_weights_missing',
      message: `the shipped sentence encoder ${m.embedding.model} is missing from the package's models/ folder`,
      fix: 'reinstall Lyra (npm ci in a clone, or npm install again)',
    });
  }
  if (m.retrieval && !m.retrieval.present) {
    // Shipped with the package like the sentence encoder: corpus search by meaning cannot run without it.
    out.push({
      severity: 'error',
      code: 'model_weights_missing',
      message: `the shipped retrieval encoder ${m.retrieval.model} (corpus search by meaning) is missing from the package's models/ folder`,
      fix: 'reinstall Lyra (npm ci in a clone, or npm install again), or set corpus.ranking: bm25',
    });
  }
  if (m.relevance && m.relevance.backend === 'meaning' && !m.relevance.readable) {
    // Research runs would fail when they load it: a configured model that does not read is never skipped.
    out.push({
      severity: 'error',
      code: 'model_file_invalid',
      message: `the relevance model (models.relevance) does not read: ${m.relevance.error ?? m.relevance.path}`,
      fix: 'point models.relevance.weights_path at a file written by npm run train:relevance (or leave it unset for the shipped one), or set models.relevance.backend: rules',
    });
  }
  if (!m.llm.configured && input.config.raw.pipeline?.mirror_queries !== false) {
    out.push({
      severity: 'warning',
      code: 'no_translator',
      message: "no chat model (models.llm): queries are not mirrored between English and Japanese, and lyra research searches in the question's language only",
      fix: `set models.llm (an OpenAI-compatible endpoint such as Ollama) in ${file}, or pipeline.mirror_queries: false to accept one language`,
    });
  }
  return out;
}

export function problemsOf(input: ProblemInput): Problem[] {
  const { config, report } = input;
  const out: Problem[] = [];
  if (!config.networkTrusted && config.warnings.length > 0) {
    out.push({
      severity: 'warning',
      code: 'config_settings_ignored',
      message: `${config.configFile} is in the working directory: ${config.warnings.length} setting(s) that widen network reach are ignored`,
      fix: `lyra config show lists them; move the file to ${input.homeConfig} or name it with --config`,
    });
  }
  if (config.configSource === 'cwd' && config.shadowedConfigFiles.length > 0) {
    out.push({
      severity: 'warning',
      code: 'config_shadowed',
      message: `${config.shadowedConfigFiles.join(', ')} is not read: ${config.configFile} takes precedence (one file is read, never merged)`,
      fix: 'merge the two files, or remove the one you do not want; lyra config show says which is read',
    });
  }
  if (!input.home.writable)
    out.push({
      severity: 'error',
      code: 'home_not_writable',
      message: `Lyra cannot write its data folder ${config.home} (${input.home.dir} is not writable)`,
      fix: `chmod u+w ${input.home.dir}, or set LYRA_HOME to a folder you own`,
    });
  if (input.storeError)
    out.push({
      severity: 'error',
      code: 'store_unreadable',
      message: `the store ${storeLabel(config.store)} cannot be opened: ${input.storeError}`,
      fix: config.store.url
        ? 'check that the PostgreSQL server is running and the URL (store.url or LYRA_DATABASE_URL) names a database you may write'
        : `check the file, or set store.path (or LYRA_HOME) to start a new one`,
    });
  const web = report.sources.filter((s) => s.kind === 'web');
  if (!web.some((s) => s.enabled)) {
    // Web search is on unless turned off (web-search.ts): no web provider means web_search.enabled: false.
    out.push({
      severity: 'warning',
      code: 'no_web_provider',
      message: 'web search is off (web_search.enabled: false): only the scholarly APIs and local corpora are searched',
      fix: `remove web_search.enabled: false from ${config.configFile ?? input.homeConfig}`,
    });
  }
  const searchable = report.sources.filter((s) => s.kind !== 'llm' && s.enabled);
  // Offline: no web or scholarly source answered. One finding says so with both ways on, instead of one
  // near-identical DNS warning per source (six on a fresh offline machine) and an error that never named
  // the shipped example corpus the quick start runs on.
  const offline = report.probes.enabled && searchable.length > 0 && !searchable.some((s) => ANSWERED.has(s.probe.status));
  for (const s of report.sources) {
    if (offline && s.kind !== 'llm' && s.probe.status === 'unreachable') continue;
    const p = sourceProblem(input, s);
    if (p) out.push(p);
  }
  if (offline) {
    const indexed = report.paths.store.corpora.map((c) => c.name);
    const builtin = (input.builtinCorpora ?? []).filter((n) => !indexed.includes(n));
    const local = [...indexed, ...builtin];
    const silent = searchable.filter((s) => s.probe.status === 'unreachable').map((s) => s.name);
    out.push({
      // Lyra still works offline on local documents; only with none at all is nothing searchable.
      severity: local.length > 0 ? 'warning' : 'error',
      code: 'no_source_reachable',
      message:
        `offline: no search provider or scholarly API answered (${silent.join(', ')} did not answer)` +
        (local.length > 0 ? `; local corpora still work: ${local.join(', ')}` : ', and no local corpus is indexed: a search finds nothing'),
      fix:
        'connect to the network (or set a proxy), or research local documents: ' +
        `${local.length > 0 ? `lyra research "…" --corpus ${local[0]}, or ` : ''}lyra corpus add <folder> then --corpus NAME`,
    });
  }
  out.push(...modelProblems(input));
  const c = report.chromium;
  if (!c.found) {
    out.push({
      severity: c.render_enabled ? 'error' : 'warning',
      code: 'chromium_missing',
      message: `Chromium not found at ${c.path}${c.render_enabled ? ' while fetch.render.enabled is true' : ': pages built by scripts cannot be rendered'}`,
      fix:
        c.source === 'config'
          ? `correct fetch.render.chromium_path in ${settingsFile(input)}, or install it: sudo apt-get install chromium`
          : 'sudo apt-get install chromium (or set fetch.render.chromium_path)',
    });
  }
  return out;
}
