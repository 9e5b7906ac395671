import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

/** How many distinct SQL texts keep their prepared statement (a query with an `in (…)` list of n is its own text). */
export const STATEMENT_CACHE_SIZE = 500;

/** SQLSTATE of "cached plan must not change result type" (feature_not_supported). */
const CACHED_PLAN_CHANGED = '0A000';

/** The messages of the wire protocol's extended query that pg's connection writes (pg/lib/connection.js). */
interface WireConnection {
  parse(message: { text: string }): void;
  bind(message: Record<string, never>): void;
  execute(message: Record<string, never>): void;
}

type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;

/** pg's Query as it is inside: a submittable whose steps a subclass may extend. */
const WireQuery = pg.Query as unknown as new (
  config: pg.QueryConfig & { queryMode: 'extended' },
  values: undefined,
  callback: QueryCallback,
) => pg.Submittable & {
  prepare(connection: WireConnection): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
};

/**
 * A transaction's first statement with its `begin` in front, both in one write: `begin` is parsed,
 * bound and executed ahead of the statement's own messages and the one Sync that ends them, so
 * PostgreSQL answers both in one round trip. The statement's result is the query's; `begin`'s
 * completion is passed over. A failing statement leaves the transaction begun and aborted, as it
 * would have been after a `begin` of its own, and the caller's rollback ends it.
 */
class AfterBegin extends WireQuery {
  #begun = false;

  override prepare(connection: WireConnection): void {
    connection.parse({ text: 'begin' });
    connection.bind({});
    connection.execute({});
    super.prepare(connection);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.#begun) super.handleCommandComplete(message, connection);
    else this.#begun = true;
  }
}

/** What `begin`, `commit` or `rollback` answer when nothing had to be sent. */
const nothingSent = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/**
 * pg's pool behind Kysely, spending fewer round trips on the same statements:
 *
 * - Each query with parameters is a named prepared statement: pg parses a name's text once a
 *   connection and binds it after, and PostgreSQL keeps its parse and, once it has seen a few runs,
 *   its plan, where an unnamed statement is parsed and planned on every run. A name stands for one
 *   text in the whole process (pg refuses a name reused for another text). Only the first
 *   STATEMENT_CACHE_SIZE texts get one, so a stream of one-off texts cannot grow every connection's
 *   statements without end; texts without parameters (commit) go unnamed, in one message.
 * - A transaction's `begin` goes out with its first statement (AfterBegin): Kysely sends `begin` and
 *   waits for its answer before the first statement, a round trip that carries nothing.
 */
export function pooledForKysely(pool: pg.Pool): PostgresPool {
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
    // Kysely asked for `begin`, which waits to go out with the first statement.
    let beginPending = false;
    const marked = <T>(running: Promise<T>) =>
      running.catch((error: unknown) => {
        if ((error as { code?: unknown }).code === CACHED_PLAN_CHANGED) stale = true;
        throw error;
      });
    const afterBegin = (text: string, values: unknown[]) =>
      marked(
        new Promise<pg.QueryResult>((resolve, reject) => {
          client.query(
            new AfterBegin({ text, values, name: nameOf(text), queryMode: 'extended' }, undefined, (error, result) =>
              error ? reject(error) : resolve(result),
            ),
          );
        }),
      );
    const query = async (text: string, values: unknown[] = []): Promise<pg.QueryResult> => {
      if (beginPending) {
        beginPending = false;
        if (values.length > 0) return afterBegin(text, values);
        // Nothing ran in the transaction: there is nothing to commit or roll back.
        if (text === 'commit' || text === 'rollback') return nothingSent(text.toUpperCase());
        // A text without parameters may hold several statements, which the extended protocol refuses.
        await client.query('begin');
      } else if (text === 'begin' && values.length === 0) {
        beginPending = true;
        return nothingSent('BEGIN');
      }
      return values.length > 0 ? marked(client.query({ text, values, name: nameOf(text) })) : client.query(text);
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => {
        beginPending = false;
        client.release(stale);
      },
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
