// The SQL connection the tables write through, and JSON helpers shared by them. Two backends implement
// it: SQLite (better-sqlite3, below) and PostgreSQL (pg/pg-db.ts). The tables' SQL is written for both:
// `?` placeholders, ON CONFLICT upserts, and a `rowid` column wherever insertion order breaks ties.
import type Database from 'better-sqlite3';
import { NonRetryableError } from '../core/index.js';

/** A synchronous SQL connection. */
export interface Db {
  /** What the store is, for messages: a file path, or a URL without its password. */
  readonly path: string;
  readonly dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, ...params: unknown[]): T[];
  get<T>(sql: string, ...params: unknown[]): T | undefined;
  /** Runs a statement; `changes` is the number of rows it inserted, updated or deleted. */
  run(sql: string, ...params: unknown[]): { changes: number };
}

/** A better-sqlite3 handle with a prepared-statement cache. */
export class SqliteDb implements Db {
  readonly dialect = 'sqlite' as const;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly raw: Database.Database,
    readonly path: string,
  ) {}

  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.raw.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.stmt(sql).all(...params) as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.stmt(sql).get(...params) as T | undefined;
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.stmt(sql).run(...params);
  }
}

/** Parses a JSON column; a corrupt value is an error naming the table and column, never a default. */
export function parseJson<T>(text: string, where: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new NonRetryableError(`store: corrupt JSON in ${where}: ${text.slice(0, 80)}`, { code: 'store_corrupt', details: { where }, cause });
  }
}

/** '' ↔ undefined for "no task" columns. */
export const taskKey = (taskId: string | undefined): string => taskId ?? '';
export const taskOf = (key: string): string | undefined => (key === '' ? undefined : key);

/** NULL → undefined, so mapped entities have no `null` fields. */
export function opt<T>(value: T | null): T | undefined {
  return value === null ? undefined : value;
}

export function bool(value: number): boolean {
  return value !== 0;
}

/** Drops keys whose value is undefined, so entities read back equal the ones written. */
export function compact<T extends object>(value: T): T {
  for (const k of Object.keys(value) as Array<keyof T>) if (value[k] === undefined) delete value[k];
  return value;
}
