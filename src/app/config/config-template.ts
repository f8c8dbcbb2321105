// `lyra config init`: a commented lyra.config.yaml to start from, written to $LYRA_HOME by default.
// Every setting is commented out, so the file as written changes nothing; uncommenting a line turns
// that setting on (src/cli/commands/config.test.ts uncomments every line and validates the result).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InvalidInputError } from '../../core/index.js';
import { CONFIG_FILE_NAME, lyraHome } from './index.js';

export const CONFIG_TEMPLATE = `# Lyra configuration (lyra config init). Every key is optional; unknown keys are errors.
# Lyra reads ONE file: --config, else $LYRA_CONFIG, else ./lyra.config.yaml, else
# $LYRA_HOME/lyra.config.yaml (this file's usual place), else nothing (the defaults).
# A file found in the working directory may not widen network reach (allow_private, models.llm, …);
# this one, in $LYRA_HOME or named with --config, may. See every key and its default: lyra config show.
# A section with nothing under it means "on, with its defaults", e.g. "duckduckgo:" alone.

# contact_url: https://example.org/contact     # sent in the User-Agent so site owners can reach you

# Web search is on with no setting: with no provider below, the result page of a search engine is loaded
# in the system Chromium (apt-get install chromium), or, without Chromium, DuckDuckGo's HTML endpoint.
# web_search:
#   enabled: true                              # false: no web search at all (scholarly APIs and corpora only)
#   provider: auto                             # auto | browser | duckduckgo, when providers names none
#   browser_engine: duckduckgo_html            # duckduckgo_html | duckduckgo_lite | mojeek | bing
# Providers named here replace the zero-config one:
# providers:
#   searxng:
#     base_url: http://localhost:8888          # your instance (JSON format on); a local one is allowed for its own origin
#   duckduckgo:
#     region: wt-wt                            # DuckDuckGo's HTML endpoint, no key

# Scholarly APIs (all on by default, no account needed); contact addresses join the polite pools:
# scholarly:
#   openalex:
#     mailto: you@example.org
#   crossref:
#     mailto: you@example.org
#   pubmed:
#     email: you@example.org
#   unpaywall:
#     email: you@example.org                   # needed for open-access lookups
#   semantic_scholar:
#     enabled: true

# Models: stance judges (embedded is shipped; transformers needs lyra models pull) and an
# OpenAI-compatible chat endpoint for translation (mirror queries), the llm judge and prose answers:
# models:
#   stance:
#     backend: embedded                        # embedded (default) | nli | transformers | llm
#     japanese: embedded                       # Japanese claims: embedded (default, models/stance-ja) | nli (models/nli-ja)
#   transformers:
#     model: Xenova/nli-deberta-v3-xsmall      # lyra models pull Xenova/nli-deberta-v3-xsmall
#   llm:
#     base_url: http://127.0.0.1:11434/v1      # e.g. Ollama
#     model: qwen2.5:7b-instruct

# Fetching:
# fetch:
#   allow_private: ["http://127.0.0.1:8080"]  # origins on your machine or network Lyra may reach
#   render:
#     enabled: false                           # render script-built pages in Chromium
#     chromium_path: /usr/bin/chromium         # Debian: apt-get install chromium

# Budgets of the engine (lyra task, MCP):
# pipeline:
#   default_budget:
#     max_pages: 100
#     max_queries: 50
#     max_seconds: 1800
`;

export interface WriteConfigTemplateOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where to write; default `$LYRA_HOME/lyra.config.yaml`. */
  path?: string;
  /** Replace an existing file. */
  force?: boolean;
}

/** Writes the template (mode 0600: it may come to hold API keys); refuses to replace a file without `force`. */
export function writeConfigTemplate(options: WriteConfigTemplateOptions): { path: string; replaced: boolean } {
  const path = options.path ? resolve(options.cwd, options.path) : resolve(lyraHome({ env: options.env, cwd: options.cwd }), CONFIG_FILE_NAME);
  mkdirSync(dirname(path), { recursive: true });
  const existed = existsSync(path);
  try {
    // 'wx' fails when the file exists, so two runs cannot both "create" it.
    writeFileSync(path, CONFIG_TEMPLATE, { flag: options.force ? 'w' : 'wx', mode: 0o600 });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new InvalidInputError(`config init: ${path} exists; not replaced (use --force to replace it)`, { code: 'config_exists', details: { file: path } });
    }
    throw new InvalidInputError(`config init: cannot write ${path}: ${(cause as Error).message}`, { code: 'file_unwritable', details: { file: path }, cause });
  }
  return { path, replaced: existed };
}
