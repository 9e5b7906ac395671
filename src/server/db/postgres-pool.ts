import { createRequire } from 'node:module';
import { type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import pg from 'pg';
import { ASSUMPTION_FAILED, DatabaseUnavailableError, isAssumptionFailed } from './errors';

/** How many distinct SQL texts keep their prepared statement (a query with an `in (…)` list of n is its own text). */
export const STATEMENT_CACHE_SIZE = 500;

/** SQLSTATE of "cached plan must not change result type" (feature_not_supported). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * The comment that ends a statement which, inside a PostgreSQL transaction, may go out with the
 * transaction's next statement or its commit (`sentWithTheNext`).
 */
const WITH_THE_NEXT = '/* sent with the next statement */';

/**
 * Marks a write whose answer nobody reads (an insert without `returning`), for `.modifyEnd(…)`:
 * inside a PostgreSQL transaction it goes out in one write with the transaction's next statement, or
 * with its commit, instead of costing a round trip of its own. Its promise settles at once; an error
 * it meets (a unique key taken) is the error of that next statement or commit, so the transaction
 * fails and rolls back as it would have. Outside a transaction, and on SQLite, it runs as it is.
 */
export const sentWithTheNext = sql.raw(WITH_THE_NEXT);

/** The messages of the wire protocol's extended query that pg's connection writes (pg/lib/connection.js). */
interface WireConnection {
  parse(message: { text: string; name?: string | undefined }): void;
  bind(message: { statement?: string | undefined; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  execute(message: Record<string, never>): void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

// How pg turns a parameter into its text (dates, arrays, objects as JSON), for the statements sent ahead.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;

/** pg's Query as it is inside: a submittable whose steps a subclass may extend. */
const WireQuery = pg.Query as unknown as new (
  config: pg.QueryConfig & { queryMode: 'extended' },
  values: undefined,
  callback: QueryCallback,
) => pg.Submittable & {
  name?: string | undefined;
  prepare(connection: WireConnection): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleDataRow(message: unknown): void;
  handleError(error: Error & { code?: unknown }, connection: WireConnection): void;
};

/** A statement held back to go out with the next one. */
interface Ahead {
  text: string;
  values: unknown[];
  name: string | undefined;
}

/**
 * A query with statements in front of it, all in one write: each statement ahead is parsed (unless
 * this connection has it already), bound and executed, then the query's own messages and the one
 * Sync that ends them all, so PostgreSQL answers them together in one round trip. The result is the
 * query's; the statements ahead are passed over (they read nothing back). When one of them fails,
 * PostgreSQL skips the rest up to the Sync, and its error is the query's.
 */
class WithStatementsAhead extends WireQuery {
  #ahead: readonly Ahead[];
  #left: number;
  /** The names this write prepares, by statement ahead (undefined: unnamed, or prepared before). */
  #preparedHere: (string | undefined)[] = [];
  #ownPreparedHere = false;

  constructor(ahead: readonly Ahead[], query: pg.QueryConfig, callback: QueryCallback) {
    super({ ...query, queryMode: 'extended' }, undefined, callback);
    this.#ahead = ahead;
    this.#left = ahead.length;
  }

  override prepare(connection: WireConnection): void {
    const prepared = (name: string) =>
      connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined;
    for (const { text, values, name } of this.#ahead) {
      const here = !name || !prepared(name);
      if (here) {
        connection.parse({ text, name });
        if (name) connection.submittedNamedStatements[name] = text;
      }
      this.#preparedHere.push(here ? name : undefined);
      connection.bind({ statement: name, values, valueMapper: prepareValue });
      connection.execute({});
    }
    this.#ownPreparedHere = this.name !== undefined && !prepared(this.name);
    super.prepare(connection);
  }

  /**
   * A failed assumption (`assumption_failed`) is raised when a statement runs, so everything up to
   * it was prepared and nothing after it was: pg's count of this connection's prepared statements is
   * put right, and the connection stays good. (Any other error may come from a parse, and the
   * connection is dropped when released.)
   */
  override handleError(error: Error & { code?: unknown }, connection: WireConnection): void {
    if (error.code === ASSUMPTION_FAILED && this.#left > 0) {
      const failed = this.#ahead.length - this.#left;
      for (const name of this.#preparedHere.slice(failed + 1)) {
        if (name) delete connection.submittedNamedStatements[name];
      }
      // pg takes the parse of a statement ahead for the query's own.
      if (this.#ownPreparedHere && this.name) delete connection.parsedStatements[this.name];
    }
    super.handleError(error, connection);
  }

  override handleDataRow(message: unknown): void {
    if (this.#left === 0) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.#left === 0) super.handleCommandComplete(message, connection);
    else this.#left -= 1;
  }
}

/**
 * A connection from the pool. Every way this fails is the database's, not the request's: refused, no
 * answer within the pool's connectionTimeoutMillis (a new connection, or a free one to wait for), a
 * pool already ended.
 */
export async function connectTo(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw new DatabaseUnavailableError('could not get a connection to PostgreSQL', { cause: error });
  }
}

/** What a statement answers when it was not sent (yet, or at all: a transaction that ran nothing). */
const notSent = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

export interface PoolWatch {
  /**
   * How long a statement's answer is awaited before its connection is given up (closed when released)
   * and the statement fails as DatabaseUnavailableError: a network that holds the bytes never lets
   * PostgreSQL's own statement_timeout answer. Unset: as long as it takes.
   */
  answerTimeoutMs?: number | undefined;
  /** Told once per connection that PostgreSQL or the network ended (the pool drops it). */
  onLost(error: Error): void;
}

/**
 * pg's pool behind Kysely, spending fewer round trips on the same statements:
 *
 * - Each query with parameters is a named prepared statement: pg parses a name's text once a
 *   connection and binds it after, and PostgreSQL keeps its parse and, once it has seen a few runs,
 *   its plan, where an unnamed statement is parsed and planned on every run. A name stands for one
 *   text in the whole process (pg refuses a name reused for another text). Only the first
 *   STATEMENT_CACHE_SIZE texts get one, so a stream of one-off texts cannot grow every connection's
 *   statements without end; texts without parameters (commit) go unnamed, in one message.
 * - A transaction's `begin` goes out with its first statement (WithStatementsAhead): Kysely sends
 *   `begin` and waits for its answer before the first statement, a round trip that carries nothing.
 *   Writes marked `sentWithTheNext` wait in the same way for the transaction's next statement or its
 *   commit.
 *
 * A connection that PostgreSQL or the network ends emits 'error' on its client, idle in the pool or
 * checked out, and on the pool: unheard, Node ends the process. Each is heard here, reported once, and
 * the connection is dropped; the statement it was running fails as DatabaseUnavailableError.
 */
export function pooledForKysely(pool: pg.Pool, { answerTimeoutMs, onLost }: PoolWatch): PostgresPool {
  const lost = new WeakSet<pg.ClientBase>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // pg may report one loss twice (PostgreSQL's goodbye, then the socket's end).
      if (lost.has(client)) return;
      lost.add(client);
      onLost(error);
    });
  });
  // The client's own listener above has reported it; the pool drops an idle client by itself.
  pool.on('error', () => undefined);
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
    // Inside a transaction (from `begin` to `commit` or `rollback`), the statements held back: `begin`
    // itself until the first statement, and writes marked sentWithTheNext.
    let inTransaction = false;
    let ahead: Ahead[] = [];
    // A statement whose answer did not come in time: the connection may still be waiting for it.
    let gaveUp = false;
    const broken = () => gaveUp || lost.has(client);
    const unavailable = (error: unknown) =>
      broken() && !(error instanceof DatabaseUnavailableError)
        ? new DatabaseUnavailableError('the connection to PostgreSQL was lost', { cause: error })
        : error;
    const awaited = <T>(running: Promise<T>): Promise<T> => {
      if (!answerTimeoutMs) return running.catch((error: unknown) => Promise.reject(unavailable(error)));
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          gaveUp = true;
          reject(new DatabaseUnavailableError(`PostgreSQL did not answer within ${answerTimeoutMs} ms`));
        }, answerTimeoutMs);
        running.then(
          (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(unavailable(error));
          },
        );
      });
    };
    const marked = <T>(running: Promise<T>) =>
      awaited(running).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === CACHED_PLAN_CHANGED) stale = true;
        throw error;
      });
    /** Sends the statements held back in front of this one. */
    const withAhead = (text: string, values: unknown[]) => {
      const sending = ahead;
      ahead = [];
      const answered = new Promise<pg.QueryResult>((resolve, reject) => {
        client.query(
          new WithStatementsAhead(
            sending,
            { text, values, name: values.length > 0 ? nameOf(text) : undefined },
            (error, result) => (error ? reject(error) : resolve(result)),
          ),
        );
      });
      return awaited(answered).catch((error: unknown) => {
        // pg takes any ParseComplete for the query's own (it knows of one query at a time), so after a
        // failure it may count as prepared a name PostgreSQL skipped: the connection is dropped when
        // released, and the next one prepares afresh. A failed assumption has put the count right.
        if (!isAssumptionFailed(error)) stale = true;
        throw error;
      });
    };
    const send = (text: string, values: unknown[]) =>
      values.length > 0 ? marked(client.query({ text, values, name: nameOf(text) })) : awaited(client.query(text));
    const query = async (text: string, values: unknown[] = []): Promise<pg.QueryResult> => {
      if (broken()) {
        // Nothing more goes out on it: PostgreSQL rolls back what the connection left open when it closes.
        if (text !== 'rollback') throw new DatabaseUnavailableError('the connection to PostgreSQL was lost');
        inTransaction = false;
        ahead = [];
        return notSent('ROLLBACK');
      }
      if (!inTransaction) {
        if (text !== 'begin' || values.length > 0) return send(text, values);
        inTransaction = true;
        ahead = [{ text, values, name: undefined }];
        return notSent('BEGIN');
      }
      if (text === 'commit' || text === 'rollback') {
        inTransaction = false;
        // `begin` never went out: nothing ran, or what was held back is dropped with the rollback.
        if (ahead[0]?.text === 'begin' && (ahead.length === 1 || text === 'rollback')) {
          ahead = [];
          return notSent(text.toUpperCase());
        }
        if (text === 'rollback') ahead = [];
      } else if (text.endsWith(WITH_THE_NEXT)) {
        ahead.push({ text, values, name: nameOf(text) });
        return notSent('');
      }
      if (ahead.length === 0) return send(text, values);
      if (values.length > 0 || text === 'commit') return withAhead(text, values);
      // A text without parameters may hold several statements, which the extended protocol refuses:
      // what is held back goes first.
      const last = ahead.pop()!;
      await withAhead(last.text, last.values);
      return send(text, values);
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => {
        inTransaction = false;
        ahead = [];
        client.release(stale || broken());
      },
    };
  };
  return {
    async connect() {
      const client = await connectTo(pool);
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
