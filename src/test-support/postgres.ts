// A real PostgreSQL for tests: the server named by LYRA_TEST_DATABASE_URL (.ci/run starts one with
// scripts/pg-temp.mjs), or one started here from Debian's binaries in a temporary directory
// (initdb + pg_ctl, trust auth on 127.0.0.1, no service, no root needed; run as the `postgres` user when
// the tests run as root, because initdb refuses root). Each test gets a database of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Directory of initdb/pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) {
    const dir = which.stdout.trim().replace(/\/pg_ctl$/, '');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return undefined;
}

function pgNativeLoads(): string | undefined {
  try {
    require('pg-native');
    return undefined;
  } catch (cause) {
    return (cause as Error).message.split('\n')[0];
  }
}

/**
 * For `test(name, { skip: skipUnlessPostgres() }, fn)`: false when a PostgreSQL can be had, otherwise
 * a skip message naming what is missing.
 */
export function skipUnlessPostgres(): false | string {
  const native = pgNativeLoads();
  if (native) return `pg-native is not installed (an optional dependency; needs libpq-dev to build): ${native}`;
  if (process.env.LYRA_TEST_DATABASE_URL) return false;
  if (!findPostgresBin()) return 'no PostgreSQL server binaries (initdb, pg_ctl): install Debian package postgresql, or set LYRA_TEST_DATABASE_URL';
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface TempPostgres {
  /** Server URL (database `postgres`). */
  readonly url: string;
  stop(): void;
  /** Starts the stopped server again on the same port and data directory. */
  start(): void;
  /** Stops the server and removes its directory. */
  destroy(): void;
}

/** initdb + pg_ctl start in a new temporary directory. */
export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('startTempPostgres: initdb/pg_ctl not found');
  const dir = mkdtempSync(join(tmpdir(), 'lyra-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    );
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const res = spawnSync(file, argv as string[], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr || res.stdout}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'lyra', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  // fsync off: a test server's data is thrown away; it keeps initdb and every commit fast.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-s', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-s', 'stop']);
  start();
  let stopped = false;
  return {
    url: `postgres://lyra@127.0.0.1:${port}/postgres`,
    start: () => {
      start();
      stopped = false;
    },
    stop: () => {
      stop();
      stopped = true;
    },
    destroy: () => {
      try {
        if (!stopped) stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let counter = 0;
let processServer: Promise<TempPostgres> | undefined;

/** One temporary server per test process, started on first use and removed when the process exits. */
function testServer(): Promise<TempPostgres> {
  processServer ??= startTempPostgres().then((server) => {
    process.once('exit', () => server.destroy());
    return server;
  });
  return processServer;
}

/**
 * A new empty database on the shared test server (LYRA_TEST_DATABASE_URL) or on a temporary server of
 * this test process; `drop()` removes it. With `ownServer`, a server of its own (tests that stop and
 * restart it), removed by `drop()`.
 */
export async function createTestDatabase(options: { ownServer?: boolean } = {}): Promise<{ url: string; drop(): Promise<void>; server?: TempPostgres }> {
  const shared = options.ownServer ? undefined : process.env.LYRA_TEST_DATABASE_URL;
  const server = options.ownServer ? await startTempPostgres() : shared ? undefined : await testServer();
  const serverUrl = shared ?? server!.url;
  const name = `lyra_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = await import('pg');
  const client = new admin.default.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    ...(server ? { server } : {}),
    drop: async () => {
      if (options.ownServer) return server!.destroy();
      const c = new admin.default.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
