import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError } from './errors';

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
 * pg's pool as Kysely's PostgresDialect takes it, with lost connections heard and reported.
 *
 * A connection that PostgreSQL or the network ends emits 'error' on its client and on the pool:
 * unheard, Node ends the process. Each is reported once; the pool drops the connection, and the
 * statement it was running, or the next one of its transaction, fails as DatabaseUnavailableError.
 */
export function watchedPool(pool: pg.Pool, { answerTimeoutMs, onLost }: PoolWatch): PostgresPool {
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

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // A statement whose answer did not come in time: the connection may still be waiting for it.
    let gaveUp = false;
    const unavailable = (error: unknown) =>
      (gaveUp || lost.has(client)) && !(error instanceof DatabaseUnavailableError)
        ? new DatabaseUnavailableError('the connection to PostgreSQL was lost', { cause: error })
        : error;
    const query = async (text: string, values?: unknown[]) => {
      if (gaveUp || lost.has(client)) {
        // Nothing more goes out on it. PostgreSQL rolls back what it left open when it is closed, so
        // Kysely's rollback succeeds and the transaction fails with the error that ended it.
        if (text === 'rollback') return { command: 'ROLLBACK', rowCount: null, oid: 0, rows: [], fields: [] };
        throw new DatabaseUnavailableError('the connection to PostgreSQL was lost');
      }
      const running = client.query(text, values);
      if (!answerTimeoutMs) return running.catch((error: unknown) => Promise.reject(unavailable(error)));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          gaveUp = true;
          reject(new DatabaseUnavailableError(`PostgreSQL did not answer within ${answerTimeoutMs} ms`));
        }, answerTimeoutMs);
      });
      try {
        return await Promise.race([running, timedOut]);
      } catch (error) {
        throw unavailable(error);
      } finally {
        clearTimeout(timer);
        // The late answer, or its error, has no one left to hear it.
        running.catch(() => undefined);
      }
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      // A connection given up or lost is closed rather than handed to the next request.
      release: () => client.release(gaveUp || lost.has(client)),
    };
  };

  return {
    connect: async () => wrap(await connectTo(pool)),
    end: () => pool.end(),
  };
}
