import { EventEmitter } from 'node:events';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './errors';
import { watchedPool } from './postgres-pool';

/** A stand-in for pg's pool with one client, whose answers the test decides. */
function fakePool(answer: (text: string) => Promise<unknown>) {
  const sent: string[] = [];
  const released: (boolean | undefined)[] = [];
  const client = Object.assign(new EventEmitter(), {
    query: (text: string) => {
      sent.push(text);
      return answer(text);
    },
    release: (destroy?: boolean) => void released.push(destroy),
  });
  let connected = false;
  const pool = Object.assign(new EventEmitter(), {
    connect: async () => {
      if (!connected) pool.emit('connect', client);
      connected = true;
      return client;
    },
    end: async () => undefined,
  });
  return { pool: pool as unknown as pg.Pool, client, sent, released };
}

const rows = { command: 'SELECT', rowCount: 1, rows: [{ one: 1 }] };

describe('pg’s pool watched for Kysely', () => {
  it('fails a statement not answered in time, and its transaction, with that error, and closes the connection', async () => {
    const { pool, sent, released } = fakePool((text) => (text === 'begin' ? Promise.resolve(rows) : new Promise(() => {})));
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: watchedPool(pool, { answerTimeoutMs: 50, onLost: () => {} }) }),
    });
    const failed = await db
      .transaction()
      .execute((trx) => sql`select 1`.execute(trx))
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DatabaseUnavailableError);
    expect(String(failed)).toContain('did not answer within 50 ms');
    // The rollback is not sent on a connection that may still be waiting; closing it rolls back.
    expect(sent).toEqual(['begin', 'select 1']);
    expect(released).toEqual([true]);
  });

  it('reports a lost connection once, fails its next statement as unavailable and closes it', async () => {
    const { pool, client, sent, released } = fakePool(() => Promise.resolve(rows));
    const lost: Error[] = [];
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: watchedPool(pool, { onLost: (error) => lost.push(error) }) }),
    });
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // PostgreSQL's goodbye, then the socket's end: one loss.
        client.emit('error', Object.assign(new Error('terminating connection'), { code: '57P01' }));
        client.emit('error', new Error('Connection terminated unexpectedly'));
        await sql`select 2`.execute(trx);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(lost.map((error) => error.message)).toEqual(['terminating connection']);
    expect(sent).toEqual(['begin', 'select 1']);
    expect(released).toEqual([true]);
  });

  it('keeps a connection whose statement failed on its own', async () => {
    const { pool, released } = fakePool((text) =>
      text === 'select 1'
        ? Promise.reject(Object.assign(new Error('division by zero'), { code: '22012' }))
        : Promise.resolve(rows),
    );
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: watchedPool(pool, { onLost: () => {} }) }) });
    await expect(db.transaction().execute((trx) => sql`select 1`.execute(trx))).rejects.toMatchObject({ code: '22012' });
    expect(released).toEqual([false]);
  });
});
