import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { copyOutText } from './copy-out';
import { pooledForKysely, STATEMENT_CACHE_SIZE } from './postgres-pool';

export { sentWithTheNext } from './postgres-pool';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * PostgreSQL only: the one text column of each row of a select, back to back, as bytes streamed by
   * `COPY … TO STDOUT` (copy-out.ts), for exports too long to read as rows.
   */
  copyOutText?: ((select: string) => AsyncGenerator<Buffer>) | undefined;
  destroy(): Promise<void>;
}

// pg returns int8 (count(*), sum()) as strings; every such value here fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

/**
 * better-sqlite3 behind Kysely, with its prepared statements kept: Kysely prepares every query anew,
 * and compiling the same SQL again costs about as much as running it. Statements are run one at a
 * time (Kysely holds one connection), so reusing one is safe. Least recently used texts go first.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pooledForKysely(pool) }) });
    return {
      db,
      dialect: 'postgres',
      copyOutText: (select) => copyOutText(pool, select),
      destroy: () => db.destroy(),
    };
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Commits append to the WAL; a checkpoint copies it into the database file and syncs both, in the
  // commit that crosses the limit. At SQLite's default of 1,000 pages a stream of orders (some 20 pages
  // each) checkpointed every 50 of them, copying the same hot pages each time and costing half of
  // every commit. At 10,000 pages (a WAL of up to 40 MB) a checkpoint comes ten times less often.
  sqlite.pragma('wal_autocheckpoint = 10000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
