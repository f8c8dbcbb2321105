// Test support: a real `lyra serve` subprocess (stdio) or an HTTP endpoint driven by the SDK's own
// client, a scratch LYRA_HOME, and a content hash of every table of the database.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PROJECT_ROOT } from './shared-data.js';

export const LYRA_BIN = resolve(PROJECT_ROOT, 'bin', 'lyra.js');

export interface ScratchHome {
  dir: string;
  home: string;
  dbPath: string;
  cleanup(): void;
}

export function scratchHome(prefix = 'lyra-mcp-'): ScratchHome {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'home');
  return { dir, home, dbPath: join(home, 'lyra.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface StdioServer {
  client: Client;
  transport: StdioClientTransport;
  stderr(): string;
  close(): Promise<void>;
}

/** Starts `node bin/lyra.js serve` in `cwd` with LYRA_HOME=home and connects the SDK client to it. */
export async function startStdioServer(options: { home: string; cwd: string; env?: Record<string, string> }): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [LYRA_BIN, 'serve'],
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? options.cwd, LYRA_HOME: options.home, ...options.env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  const client = new Client({ name: 'lyra-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => err, close: () => client.close() };
}

/** The structured result, or a thrown error carrying the tool error text. */
export function structured<T = Record<string, unknown>>(result: CallToolResult | Record<string, unknown>): T {
  const r = result as CallToolResult;
  if (r.isError) throw new Error(`tool error: ${(r.content[0] as { text?: string } | undefined)?.text ?? ''}`);
  return r.structuredContent as T;
}

/** The parsed {category, code, message} of a tool error. */
export function toolError(result: CallToolResult | Record<string, unknown>): { category: string; code: string; message: string } | undefined {
  const r = result as CallToolResult;
  if (!r.isError) return undefined;
  const text = (r.content[0] as { text?: string } | undefined)?.text ?? '';
  return (JSON.parse(text) as { error: { category: string; code: string; message: string } }).error;
}

/** SHA-256 over every row of every ordinary table (virtual tables are hashed through their shadow tables). */
export function dbContentHash(path: string): { hash: string; rows: number } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string; sql: string | null }>;
    const h = createHash('sha256');
    let rows = 0;
    for (const t of tables) {
      if (t.sql?.toUpperCase().startsWith('CREATE VIRTUAL TABLE')) continue;
      h.update(`\u0000table ${t.name}\n`);
      for (const row of db
        .prepare(`SELECT * FROM "${t.name.replace(/"/g, '""')}"`)
        .raw()
        .iterate() as Iterable<unknown[]>) {
        h.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v)));
        h.update('\n');
        rows++;
      }
    }
    return { hash: h.digest('hex'), rows };
  } finally {
    db.close();
  }
}
