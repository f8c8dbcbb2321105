// What the team-scale e2e tests share (research --queue, lyra worker, workers on PostgreSQL): a
// temporary PostgreSQL database and the loopback evidence web with a `workers:` section, made in the
// file's `before` hook and taken down in its `after` hook, and homes of their own copying the web's
// config, removed in `after` too. Real processes resolve names themselves, so the web serves every site
// on 127.0.0.1 ('loopback').
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startEvidenceWeb, type EvidenceWeb, type EvidenceWebOptions } from './evidence-web.js';
import { copyLyraHome, spawnLyra, type LyraHome } from './lyra-process.js';
import { createTestDatabase } from './postgres.js';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
type WorkerSettings = Record<string, string | number | boolean>;

export interface QueueTestbedOptions {
  /** The file's skip reason: when set, nothing is started. */
  skip: string | false | undefined;
  /** Homes are `lyra-<prefix>-<name>-*`. */
  prefix: string;
  /** The config's `workers:` keys (snake_case), or a function of the database when a key names it. */
  workers: WorkerSettings | ((db: TestDatabase) => WorkerSettings);
  /** The rest of the evidence web's options (its mode is always 'loopback'). */
  web?: Omit<EvidenceWebOptions, 'mode' | 'extraYaml'>;
}

export interface QueueTestbed {
  /** The database (after `before`). */
  readonly db: TestDatabase;
  /** The evidence web (after `before`). */
  readonly ew: EvidenceWeb;
  /** A new home with a copy of the web's config and `env` over process.env (LYRA_DATABASE_URL: '' for a SQLite home). */
  home(name: string, env?: NodeJS.ProcessEnv): LyraHome;
}

/** The `workers:` section of a config file, each value as YAML reads it back (strings quoted). */
export function workersYaml(settings: WorkerSettings): string {
  return ['workers:', ...Object.entries(settings).map(([k, v]) => `  ${k}: ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`)].join('\n');
}

/** Registers the `before` and `after` hooks of a team-scale e2e file and returns what they make. */
export function queueTestbed(options: QueueTestbedOptions): QueueTestbed {
  let db: TestDatabase | undefined;
  let ew: EvidenceWeb | undefined;
  const homes: string[] = [];
  before(async () => {
    if (options.skip) return;
    db = await createTestDatabase();
    const workers = typeof options.workers === 'function' ? options.workers(db) : options.workers;
    ew = await startEvidenceWeb({ ...options.web, mode: 'loopback', extraYaml: workersYaml(workers) });
  });
  after(async () => {
    try {
      for (const dir of homes) rmSync(dir, { recursive: true, force: true });
    } finally {
      try {
        await ew?.close();
      } finally {
        await db?.drop();
      }
    }
  });
  return {
    get db() {
      return db ?? assert.fail('queueTestbed: the database is made in the before hook');
    },
    get ew() {
      return ew ?? assert.fail('queueTestbed: the evidence web is made in the before hook');
    },
    home(name, env = {}) {
      const home = copyLyraHome({ configPath: this.ew.configPath, prefix: `${options.prefix}-${name}`, env });
      homes.push(home.dir);
      return home;
    },
  };
}

/** `lyra ...args` in the home; fails the test unless it exits 0, and returns its standard output. */
export async function lyraOk(home: LyraHome, args: string[]): Promise<string> {
  const r = await spawnLyra(home, args).ended;
  assert.equal(r.code, 0, `lyra ${args.join(' ')}: ${r.stderr.slice(-2000)}`);
  return r.stdout;
}
