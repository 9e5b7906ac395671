import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// pg returns int8 (count(*), sum()) as strings; every such value here fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
