import { Writable } from 'node:stream';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LocalDiskStorage } from '../modules/uploads';
import { signedInCustomer } from '../testing/accounts';
import { testApi } from '../testing/api';
import { bookingBody } from '../testing/booking';
import { databaseNameOf, terminateConnections } from '../testing/database-faults';
import { insertPart } from '../testing/factories';
import { stockOf } from '../testing/orders';
import { RELAXED_ABUSE_LIMITS, testConfig } from '../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';
import { isDatabaseUnavailable } from './errors';

/** Polls `check` until it holds or `withinMs` has passed; answers whether it held. */
async function eventually(check: () => boolean, withinMs = 3000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

/**
 * PostgreSQL ends a node's connections on a failover, a restart, a network cut or an administrator's
 * `pg_terminate_backend`. pg reports it as an 'error' event on the client and on the pool; with no one
 * listening, Node ends the process (and Vitest fails the run on the uncaught error).
 */
describe.skipIf(!availableEngines().includes('postgres'))('a PostgreSQL connection lost [postgres]', () => {
  const ctx = {} as { app: FastifyInstance; database: TestDatabase };
  const warnings: { msg: string }[] = [];
  let name: string;

  beforeAll(async () => {
    ctx.database = await createTestDatabase('postgres');
    name = await databaseNameOf(ctx.database.db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) warnings.push(JSON.parse(line) as { msg: string });
        done();
      },
    });
    ctx.app = await buildApp(testConfig(ctx.database.dir), {
      database: ctx.database,
      storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
      logger: { level: 'warn', stream },
      responseCacheTtlMs: 0,
      abuseLimits: RELAXED_ABUSE_LIMITS,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });

  const lostConnections = () => warnings.filter((entry) => entry.msg.includes('lost a connection to PostgreSQL')).length;

  it('logs, drops the idle connections PostgreSQL ended, and serves the next requests', async () => {
    const { db } = ctx.database;
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(db, { stock: 100 });
    // Several connections at once, then idle in the pool, as after a burst of requests.
    await Promise.all(
      Array.from({ length: 5 }, () => db.transaction().execute((trx) => sql`select pg_sleep(0.05)`.execute(trx))),
    );
    const before = lostConnections();

    expect(await terminateConnections(name)).toBeGreaterThanOrEqual(5);
    expect(await eventually(() => lostConnections() >= before + 5)).toBe(true);

    const api = testApi(ctx);
    const parts = await api.anonymous.get('/api/parts');
    expect(parts.status, parts.body).toBe(200);
    const booked = await api.as(customer).post('/api/orders', bookingBody(part.id, { quantity: 12 }));
    expect(booked.status, booked.body).toBe(201);
    expect(await stockOf(db, part.id)).toBe(88);
  });

  it('fails the transaction whose connection was ended between two statements, and nothing else', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 50 });
    const before = lostConnections();
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('part_stock').set({ stock: 40 }).where('part_id', '=', part.id).execute();
        // The connection is checked out (in a transaction) but not waiting for an answer when it ends.
        // Every ended connection is heard first, so that the reads below do not race an idle one's end.
        const ended = await terminateConnections(name);
        await eventually(() => lostConnections() >= before + ended);
        await trx.updateTable('part_stock').set({ stock: 30 }).where('part_id', '=', part.id).execute();
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // Nothing of the transaction was kept, and the next statements run on fresh connections.
    expect(await stockOf(db, part.id)).toBe(50);
    const res = await testApi(ctx).anonymous.get(`/api/parts/${part.id}`);
    expect(res.status, res.body).toBe(200);
  });
});
