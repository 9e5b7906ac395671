import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { DatabaseUnavailableError } from '../db/errors';
import { LocalDiskStorage } from '../modules/uploads';
import { type TestAccount, TEST_ORIGIN, signedInCustomer } from '../testing/accounts';
import { testApi } from '../testing/api';
import { bookingBody } from '../testing/booking';
import { databaseNameOf } from '../testing/database-faults';
import { insertPart } from '../testing/factories';
import { ordersWithPart } from '../testing/orders';
import { type FaultProxy, startFaultProxy } from '../testing/fault-proxy';
import { RELAXED_ABUSE_LIMITS, testConfig } from '../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';
import { postgresUrlFor } from '../testing/test-env';

/** Short bounds, so that a test waits a second or two where a shop waits DATABASE_*_TIMEOUT_SECONDS. */
const TIMEOUTS = { connectMs: 500, statementMs: 1000 };
/** statementMs, the second the answer is awaited past it, and room for the request itself. */
const ANSWERED_WITHIN_MS = TIMEOUTS.statementMs + 1000 + 1500;

/**
 * The shop on PostgreSQL through a proxy that holds, cuts and refuses its connections: it answers 503
 * with Retry-After within the configured bounds, never half-writes an order, and serves again as soon
 * as the database is back.
 */
describe.skipIf(!availableEngines().includes('postgres'))('a database that fails under the shop [postgres]', () => {
  const ctx = {} as { app: FastifyInstance; database: TestDatabase };
  let proxy: FaultProxy;
  let served: DatabaseHandle;
  let customer: TestAccount;
  const logLines: { msg: string; level: number }[] = [];

  beforeAll(async () => {
    ctx.database = await createTestDatabase('postgres');
    proxy = await startFaultProxy();
    served = openDatabase(
      { kind: 'postgres', url: proxy.urlFor(postgresUrlFor(await databaseNameOf(ctx.database.db))) },
      { timeouts: TIMEOUTS },
    );
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as never);
        done();
      },
    });
    ctx.app = await buildApp(testConfig(ctx.database.dir), {
      database: served,
      storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
      logger: { level: 'info', stream },
      responseCacheTtlMs: 0,
      abuseLimits: RELAXED_ABUSE_LIMITS,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
    await ctx.app.ready();
    customer = await signedInCustomer(ctx);
  });
  afterAll(async () => {
    await proxy?.pass();
    await ctx.app?.close();
    await served?.destroy();
    proxy?.close();
    await ctx.database?.drop();
  });

  const api = testApi(ctx);
  const book = (partId: string) => api.as(customer).post('/api/orders', bookingBody(partId, { quantity: 12 }));

  /** Units ordered of the part and its stock, read straight from the database (not through the proxy). */
  async function accountOf(partId: string) {
    const { db } = ctx.database;
    const orders = (await ordersWithPart(db, partId)).map(({ id, quantity }) => ({ id, quantity }));
    const lines = await db.selectFrom('order_lines').select(['order_id', 'quantity']).where('part_id', '=', partId).execute();
    const stock = await db.selectFrom('part_stock').select('stock').where('part_id', '=', partId).executeTakeFirstOrThrow();
    return { orders, lines, stock: stock.stock };
  }

  function expectOutageAnswer(res: Awaited<ReturnType<typeof book>>) {
    expect(res.status, res.body).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json).toMatchObject({ code: 'unavailable', status: 503, detail: copy.common.databaseUnavailable });
    // Nothing of what failed reaches the client.
    expect(res.body).not.toMatch(/postgres|ECONN|timeout|terminated|5432/i);
  }

  it('answers 503 within the bounds while the database holds every byte, then books again', async () => {
    const part = await insertPart(ctx.database.db, { stock: 100 });
    expect((await book(part.id)).status).toBe(201);

    proxy.hold();
    try {
      const started = Date.now();
      // One request on a connection of the pool, the other waiting for a new one.
      const [first, second] = await Promise.all([book(part.id), api.anonymous.get('/api/parts')]);
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      expectOutageAnswer(first);
      expectOutageAnswer(second);
    } finally {
      await proxy.pass();
    }

    // A connection idle in the pool, whose statement's answer never comes: given up a second past
    // statement_timeout, which PostgreSQL cannot enforce on bytes it never received.
    await sql`select 1`.execute(served.db);
    proxy.hold();
    try {
      const started = Date.now();
      const failed = await sql`select 1`.execute(served.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(DatabaseUnavailableError);
      expect(String(failed)).toContain(`did not answer within ${TIMEOUTS.statementMs + 1000} ms`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUTS.statementMs + 1000 - 50);
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    } finally {
      await proxy.pass();
    }

    const again = await book(part.id);
    expect(again.status, again.body).toBe(201);
    const { orders, lines, stock } = await accountOf(part.id);
    // The held booking left nothing: two orders, each with its line, and the stock they took.
    expect(orders).toHaveLength(2);
    expect(lines.map((line) => line.order_id).sort()).toEqual(orders.map((order) => order.id).sort());
    expect(stock).toBe(100 - 24);
  });

  it('answers 503 at once when the database cuts and refuses connections, says it is not ready, then serves again', async () => {
    const part = await insertPart(ctx.database.db, { stock: 100 });
    expect((await book(part.id)).status).toBe(201);

    proxy.cut();
    proxy.refuse();
    try {
      const started = Date.now();
      expectOutageAnswer(await book(part.id));
      expectOutageAnswer(await api.anonymous.get(`/api/parts/${part.id}`));
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      const ready = await api.anonymous.get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.json.checks.database).not.toBe('ok');
    } finally {
      await proxy.pass();
    }

    expect((await api.anonymous.get('/api/ready')).status).toBe(200);
    const again = await book(part.id);
    expect(again.status, again.body).toBe(201);
    const { orders, lines, stock } = await accountOf(part.id);
    expect(orders).toHaveLength(2);
    expect(lines).toHaveLength(2);
    expect(stock).toBe(100 - 24);
    // Logged as the database's outage, not as a fault of the shop.
    expect(logLines.some((line) => line.level === 40 && line.msg.includes('the database is unavailable'))).toBe(true);
    expect(logLines.some((line) => line.level >= 50)).toBe(false);
  });

  it('books through a slow link, only later', async () => {
    const part = await insertPart(ctx.database.db, { stock: 100 });
    proxy.delay(50);
    try {
      const started = Date.now();
      const res = await book(part.id);
      expect(res.status, res.body).toBe(201);
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    } finally {
      await proxy.pass();
    }
    expect((await accountOf(part.id)).stock).toBe(88);
  });

  it('drops a booking whose client hung up while the database held it, before its transaction', async () => {
    const part = await insertPart(ctx.database.db, { stock: 100 });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const body = JSON.stringify(bookingBody(part.id, { quantity: 12 }));

    proxy.hold();
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/orders HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${TEST_ORIGIN}\r\nCookie: ${customer.cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // The client gives up while its session is being looked up; the database comes back at once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.pass();

    const dropped = () =>
      logLines.some((line) => line.msg.includes('client closed the connection before its request was handled'));
    const deadline = Date.now() + ANSWERED_WITHIN_MS;
    while (!dropped() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dropped()).toBe(true);
    const { orders, stock } = await accountOf(part.id);
    expect(orders).toHaveLength(0);
    expect(stock).toBe(100);
  });
});

/**
 * SQLite has no network to fail, but another process (db:seed, create-admin, a node's migration) may
 * hold the file's write lock past the busy timeout: the write then answers 503 too, and nothing of it
 * is kept.
 */
describe('a SQLite file another process keeps locked [sqlite]', () => {
  const ctx = {} as { app: FastifyInstance; database: TestDatabase };
  let customer: TestAccount;

  beforeAll(async () => {
    ctx.database = await createTestDatabase('sqlite');
    ctx.app = await buildApp(testConfig(ctx.database.dir), {
      database: ctx.database,
      storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
      logger: false,
      responseCacheTtlMs: 0,
      abuseLimits: RELAXED_ABUSE_LIMITS,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
    await ctx.app.ready();
    customer = await signedInCustomer(ctx);
    // The shop waits 5 s for the lock; the test a tenth of a second.
    await sql`pragma busy_timeout = 100`.execute(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });

  it('answers a booking 503 while the lock is held, then books it', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { stock: 100 });
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
    const other = new SQLite(rows.find((row) => row.name === 'main')!.file);
    try {
      other.exec('begin immediate');
      const res = await testApi(ctx)
        .as(customer)
        .post('/api/orders', bookingBody(part.id, { quantity: 12 }));
      expect(res.status, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json).toMatchObject({ code: 'unavailable', detail: copy.common.databaseUnavailable });
      other.exec('commit');
    } finally {
      other.close();
    }
    const again = await testApi(ctx)
      .as(customer)
      .post('/api/orders', bookingBody(part.id, { quantity: 12 }));
    expect(again.status, again.body).toBe(201);
    expect(await ordersWithPart(db, part.id)).toHaveLength(1);
    expect(
      (await db.selectFrom('part_stock').select('stock').where('part_id', '=', part.id).executeTakeFirstOrThrow()).stock,
    ).toBe(88);
  });
});
