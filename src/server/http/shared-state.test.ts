import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { LocalDiskStorage } from '../modules/uploads';
import { TEST_ORIGIN, signInAs } from '../testing/accounts';
import { insertPart } from '../testing/factories';
import { RELAXED_ABUSE_LIMITS, testConfig } from '../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';
import { TEST_REDIS_URL, deleteRedisKeys, testRedisAvailable, uniqueRedisPrefix } from '../testing/redis';

/**
 * Two apps on one database stand for two nodes of one shop. With REDIS_URL they share their rate-limit
 * counters and cache invalidations; without it each keeps its own (the control that shows the test
 * can fail).
 */
const redisUp = await testRedisAvailable();
if (!redisUp) console.warn(`\n⚠ Redis is not reachable at ${TEST_REDIS_URL}: the shared-counter tests are skipped.\n`);

interface Nodes {
  a: FastifyInstance;
  b: FastifyInstance;
  database: TestDatabase;
}

async function startNodes(
  database: TestDatabase,
  options: { redisPrefix?: string; config?: Partial<Config>; responseCacheTtlMs?: number; signInPerMinute?: number },
): Promise<[FastifyInstance, FastifyInstance]> {
  const config = testConfig(database.dir, {
    ...options.config,
    redis: options.redisPrefix ? { url: TEST_REDIS_URL, prefix: options.redisPrefix } : undefined,
  });
  const build = () =>
    buildApp(config, {
      database,
      storage: new LocalDiskStorage(path.join(database.dir, 'uploads')),
      logger: false,
      responseCacheTtlMs: options.responseCacheTtlMs ?? 0,
      abuseLimits: { ...RELAXED_ABUSE_LIMITS, signIn: options.signInPerMinute ?? RELAXED_ABUSE_LIMITS.signIn },
      orderSweepIntervalMs: 0,
    });
  const nodes = [await build(), await build()] as const;
  await Promise.all(nodes.map((node) => node.ready()));
  return [nodes[0], nodes[1]];
}

function signInAttempt(node: FastifyInstance, remoteAddress: string) {
  return node.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email: 'nobody@example.com', password: 'a-wrong-guess-1' },
  });
}

/** Polls until `read` gives `expected` or `withinMs` has passed; answers the last value read. */
async function eventually<T>(read: () => Promise<T>, expected: T, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

for (const engine of availableEngines()) {
  describe.skipIf(!redisUp)(`two nodes sharing one Redis [${engine}]`, () => {
    const shared = {} as Nodes;
    const alone = {} as Nodes;
    const prefix = uniqueRedisPrefix('nodes');

    beforeAll(async () => {
      shared.database = await createTestDatabase(engine);
      [shared.a, shared.b] = await startNodes(shared.database, {
        redisPrefix: prefix,
        config: { rateLimitPerMinute: 20 },
        signInPerMinute: 2,
        // Long enough that only an invalidation from the other node can explain a fresh answer.
        responseCacheTtlMs: 60_000,
      });
      alone.database = await createTestDatabase(engine);
      [alone.a, alone.b] = await startNodes(alone.database, { config: { rateLimitPerMinute: 20 }, responseCacheTtlMs: 60_000 });
    });

    afterAll(async () => {
      for (const nodes of [shared, alone]) {
        await nodes.a?.close();
        await nodes.b?.close();
        await nodes.database?.drop();
      }
      await deleteRedisKeys(prefix);
    });

    it('counts the per-client limit across nodes: used up on one, 429 on the other', async () => {
      const client = '203.0.113.21';
      for (let i = 0; i < 20; i++) {
        const node = i % 2 === 0 ? shared.a : shared.b;
        expect((await node.inject({ url: '/api/shop', remoteAddress: client })).statusCode).toBe(200);
      }
      const limited = await shared.b.inject({ url: '/api/shop', remoteAddress: client });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect((await shared.a.inject({ url: '/api/shop', remoteAddress: client })).statusCode).toBe(429);
      // Another client is untouched.
      expect((await shared.a.inject({ url: '/api/shop', remoteAddress: '203.0.113.22' })).statusCode).toBe(200);
    });

    it('counts per-route limits (sign-in) across nodes', async () => {
      const client = '203.0.113.23';
      expect((await signInAttempt(shared.a, client)).statusCode).toBe(401);
      expect((await signInAttempt(shared.a, client)).statusCode).toBe(401);
      expect((await signInAttempt(shared.b, client)).statusCode).toBe(429);
    });

    it('is ready with Redis reachable, doing without nothing', async () => {
      const res = await shared.a.inject({ url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('ready');
      expect(res.json().degraded).toBeUndefined();
    });

    it('keeps its counters in Redis under the configured prefix', async () => {
      await shared.a.inject({ url: '/api/shop', remoteAddress: '203.0.113.24' });
      const client = new Redis(TEST_REDIS_URL);
      try {
        expect(await client.keys(`${prefix}rl:*203.0.113.24`)).toHaveLength(1);
      } finally {
        await client.quit();
      }
    });

    it('without Redis, each node counts alone', async () => {
      const client = '203.0.113.25';
      for (let i = 0; i < 20; i++)
        expect((await alone.a.inject({ url: '/api/shop', remoteAddress: client })).statusCode).toBe(200);
      expect((await alone.a.inject({ url: '/api/shop', remoteAddress: client })).statusCode).toBe(429);
      expect((await alone.b.inject({ url: '/api/shop', remoteAddress: client })).statusCode).toBe(200);
    });

    it("shows an admin's price change made on one node on the other at once, despite a long cache TTL", async () => {
      const part = await insertPart(shared.database.db, { price_cents: 1500 });
      const priceOn = async (node: FastifyInstance) =>
        (await node.inject({ url: `/api/parts/${part.id}`, remoteAddress: '203.0.113.30' })).json().priceCents as number;
      expect(await priceOn(shared.b)).toBe(1500); // now cached on B for a minute
      const admin = await signInAs(shared.a, shared.database.db, 'admin');
      const patched = await shared.a.inject({
        method: 'PATCH',
        url: `/api/parts/${part.id}`,
        remoteAddress: '203.0.113.31',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
        payload: { priceCents: 1750 },
      });
      expect(patched.statusCode).toBe(200);
      // Pub/sub delivers in milliseconds; a second is far below the minute the answer would stay cached.
      expect(await eventually(() => priceOn(shared.b), 1750, 1000)).toBe(1750);
    });

    it('without Redis, the other node keeps its cached answer until the TTL (the control)', async () => {
      const part = await insertPart(alone.database.db, { price_cents: 1500 });
      const priceOn = async (node: FastifyInstance) =>
        (await node.inject({ url: `/api/parts/${part.id}`, remoteAddress: '203.0.113.32' })).json().priceCents as number;
      expect(await priceOn(alone.b)).toBe(1500);
      const admin = await signInAs(alone.a, alone.database.db, 'admin');
      const patched = await alone.a.inject({
        method: 'PATCH',
        url: `/api/parts/${part.id}`,
        remoteAddress: '203.0.113.33',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
        payload: { priceCents: 1750 },
      });
      expect(patched.statusCode).toBe(200);
      expect(await priceOn(alone.a)).toBe(1750);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await priceOn(alone.b)).toBe(1500);
    });
  });
}

describe('when Redis is down', () => {
  let database: TestDatabase;
  let node: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.dir, {
      redis: { url: 'redis://127.0.0.1:1', prefix: uniqueRedisPrefix('down') },
      rateLimitPerMinute: 2,
    });
    node = await buildApp(config, { database, logger: false, responseCacheTtlMs: 1000, orderSweepIntervalMs: 0 });
    await node.ready();
  });
  afterAll(async () => {
    await node?.close();
    await database?.drop();
  });

  it('still starts and serves, keeping the limits on the node itself', async () => {
    const started = Date.now();
    for (let i = 0; i < 2; i++)
      expect((await node.inject({ url: '/api/shop', remoteAddress: '203.0.113.40' })).statusCode).toBe(200);
    expect((await node.inject({ url: '/api/shop', remoteAddress: '203.0.113.40' })).statusCode).toBe(429);
    // Commands are not queued while Redis is unreachable: no request waits for it.
    expect(Date.now() - started).toBeLessThan(1000);
    const part = await insertPart(database.db);
    expect((await node.inject({ url: `/api/parts/${part.id}`, remoteAddress: '203.0.113.41' })).statusCode).toBe(200);
  });

  it('stays ready while its configured Redis is unreachable, and says it does without it', async () => {
    const res = await node.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // `failing` until so many commands in a row have failed, `open` from then on.
    expect(res.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
      degraded: { redis: expect.stringMatching(/^(failing|open)$/) },
    });
  });
});
