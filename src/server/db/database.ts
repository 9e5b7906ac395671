import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { copyOutText } from './copy-out';
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

/** How many distinct SQL texts keep their prepared statement (a query with an `in (…)` list of n is its own text). */
const STATEMENT_CACHE_SIZE = 500;

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

/** SQLSTATE of "cached plan must not change result type" (feature_not_supported). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * pg's pool behind Kysely, each query with parameters sent as a named prepared statement: pg parses a
 * name's text once a connection and binds it after, and PostgreSQL keeps its parse and, once it has
 * seen a few runs, its plan, where an unnamed statement is parsed and planned on every run. A name
 * stands for one text in the whole process (pg refuses a name reused for another text). Only the
 * first STATEMENT_CACHE_SIZE texts get one, so a stream of one-off texts cannot grow every
 * connection's statements without end; texts without parameters (begin, commit) go unnamed, in one
 * message.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    // A full-text match is planned for each run's words: how many parts a word finds decides the plan,
    // and a kept generic plan made searches 1.3-1.8 times slower in the scale bench.
    if (sql.includes(' @@ ')) return undefined;
    let name = names.get(sql);
    if (name === undefined && names.size < STATEMENT_CACHE_SIZE) {
      name = `gh_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
  // Kysely keeps its connection object by client, so each client keeps its one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // A column added to a table (another node's migration) makes a kept `select *` fail with
    // "cached plan must not change result type" on every later run of that connection: the
    // connection is closed when released, and the next one prepares its statements afresh.
    let stale = false;
    const named = (text: string, values: unknown[]) =>
      client.query({ text, values, name: nameOf(text) }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === CACHED_PLAN_CHANGED) stale = true;
        throw error;
      });
    return {
      query: ((text: unknown, values?: unknown[]) =>
        typeof text === 'string' && values && values.length > 0
          ? named(text, values)
          : client.query(text as string, values)) as unknown as PostgresPoolClient['query'],
      release: () => client.release(stale),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
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
