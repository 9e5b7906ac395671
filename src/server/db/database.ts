import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Log } from '../log';
import { copyOutText } from './copy-out';
import { watchedPool } from './postgres-pool';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Whether `db` (or a transaction of it) is PostgreSQL's rather than SQLite's. */
export function isPostgres(db: Db): boolean {
  return !(db.getExecutor().adapter instanceof SqliteAdapter);
}
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * PostgreSQL only: the one text column of each row of a select, back to back, as bytes streamed by
   * `COPY … TO STDOUT` (copy-out.ts), for exports too long to read as rows.
   */
  copyOutText?: ((select: string) => AsyncGenerator<Buffer>) | undefined;
  /**
   * Where a connection lost and dropped is reported (PostgreSQL: a failover, a restart, a network cut):
   * the app's log once it is built, standard error's warnings before.
   */
  logTo(log: Log): void;
  destroy(): Promise<void>;
}

/**
 * Bounded waits on PostgreSQL (config.ts). Migrations open the database without them: a migration, or
 * a node's wait for another node's, may rightly take minutes.
 */
export type DatabaseTimeouts = Config['databaseTimeouts'];

/** How much longer than statement_timeout an answer is awaited, for PostgreSQL's own cancel to arrive first. */
const ANSWER_MARGIN_MS = 1000;

// pg returns int8 (count(*), sum()) as strings; every such value here fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

export function openDatabase(database: Config['database'], { timeouts }: { timeouts?: DatabaseTimeouts } = {}): DatabaseHandle {
  let log: Pick<Log, 'warn'> = { warn: (details, message) => console.warn(message, details) };
  const logTo = (to: Log) => {
    log = to;
  };
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // TCP keepalives find a connection whose peer vanished (a failover, a cut) while it sits idle.
      keepAlive: true,
      ...(timeouts && { connectionTimeoutMillis: timeouts.connectMs, statement_timeout: timeouts.statementMs }),
    });
    const watched = watchedPool(pool, {
      answerTimeoutMs: timeouts && timeouts.statementMs + ANSWER_MARGIN_MS,
      onLost: (error) =>
        log.warn({ err: error }, 'lost a connection to PostgreSQL; it is dropped, and the next statement opens another'),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: watched }) });
    return {
      db,
      dialect: 'postgres',
      copyOutText: (select) => copyOutText(pool, select, { unboundedStatement: timeouts !== undefined }),
      logTo,
      destroy: () => db.destroy(),
    };
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process's write lock (db:seed, create-admin, a node's migration) is waited for up to 5 s,
  // during which the whole node waits (better-sqlite3 is synchronous); then SQLITE_BUSY, answered 503.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Commits append to the WAL; a checkpoint copies it into the database file and syncs both, in the
  // commit that crosses the limit. At SQLite's default of 1,000 pages a stream of orders (some 20 pages
  // each) checkpointed every 50 of them, copying the same hot pages each time and costing half of
  // every commit. At 10,000 pages (a WAL of up to 40 MB) a checkpoint comes ten times less often.
  sqlite.pragma('wal_autocheckpoint = 10000');
  // Kysely's SQLite driver holds its one connection for a whole transaction, so the transactions of
  // concurrent requests run one after another, never interleaved.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', logTo, destroy: () => db.destroy() };
}

/** How many SQL texts keep their compiled statement (a query with an `in (…)` list of n is its own text). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SqliteDialect takes it, keeping the compiled statement of the last
 * STATEMENT_CACHE_SIZE texts used: Kysely prepares every query anew, and compiling a statement costs
 * SQLite about as much as running it (docs/decisions/0033-kyselys-own-dialects.md).
 */
export function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      let statement = statements.get(text);
      if (statement) {
        // Taken out and put back: a Map iterates in insertion order, so the first key is the least recently used.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
    close: () => sqlite.close(),
  };
}
