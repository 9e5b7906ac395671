import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { LocalDiskStorage } from '../modules/uploads';
import { TEST_ORIGIN } from '../testing/accounts';
import { type FaultProxy, startFaultProxy } from '../testing/fault-proxy';
import { TEST_REDIS_URL, deleteRedisKeys, testRedisAvailable, uniqueRedisPrefix } from '../testing/redis';
import { RELAXED_ABUSE_LIMITS, testConfig } from '../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';

/**
 * Node A reaches Redis through a proxy that cuts, holds and passes its connections; node B, on the same
 * database and Redis, reaches it directly. While A's Redis fails or hangs, A keeps every limit on its
 * own (docs/decisions/0027-per-node-limits-when-redis-fails.md) and stops waiting on Redis after a
 * few tries; once Redis answers again, A counts there again, where B sees it.
 */
const redisUp = await testRedisAvailable();

/** Short, so a test waits a second or two where a shop waits REDIS_BREAKER_COOLDOWN_SECONDS. */
const BREAKER: Config['redisBreaker'] = { commandTimeoutMs: 400, failuresToOpen: 3, coolDownMs: 1500 };
const SIGN_IN_LIMIT = 3;

function signInAttempt(node: FastifyInstance, remoteAddress: string) {
  return node.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email: 'nobody@example.com', password: 'a-wrong-guess-1' },
  });
}

/** The state the node's breaker is in, as its metrics show it. */
async function breakerState(node: FastifyInstance): Promise<string | undefined> {
  const { values } = await node.metrics.redisBreaker.get();
  return values.find((sample) => sample.value === 1)?.labels.state as string | undefined;
}

for (const engine of availableEngines()) {
  describe.skipIf(!redisUp)(`a node whose Redis fails or hangs [${engine}]`, () => {
    let database: TestDatabase;
    let proxy: FaultProxy;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const prefix = uniqueRedisPrefix('outage');
    const logLines: { level: number; msg: string }[] = [];
    const linesAt = (level: 'warn' | 'info', text: RegExp) =>
      logLines.filter((line) => line.level === (level === 'warn' ? 40 : 30) && text.test(line.msg));

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      const target = new URL(TEST_REDIS_URL);
      proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const build = async (redisUrl: string, logged: boolean) => {
        const node = await buildApp(
          testConfig(database.dir, { redis: { url: redisUrl, prefix }, redisBreaker: BREAKER, rateLimitPerMinute: 1000 }),
          {
            database,
            storage: new LocalDiskStorage(path.join(database.dir, 'uploads')),
            logger: logged
              ? {
                  level: 'info',
                  stream: new Writable({
                    write(chunk: Buffer, _encoding, done) {
                      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
                        logLines.push(JSON.parse(line) as never);
                      done();
                    },
                  }),
                }
              : false,
            responseCacheTtlMs: 0,
            abuseLimits: { ...RELAXED_ABUSE_LIMITS, signIn: SIGN_IN_LIMIT },
            orderSweepIntervalMs: 0,
            mailDispatchIntervalMs: 0,
          },
        );
        await node.ready();
        return node;
      };
      a = await build(proxy.urlFor(TEST_REDIS_URL), true);
      b = await build(TEST_REDIS_URL, false);
    });

    /** Lets Redis through again and waits until node A uses it again (its readiness pings Redis through the breaker). */
    async function redisBack(): Promise<void> {
      await proxy.pass();
      const deadline = Date.now() + BREAKER.coolDownMs + 5000;
      while (Date.now() < deadline) {
        const ready = (await a.inject({ url: '/api/ready' })).json();
        if (ready.degraded === undefined && (await breakerState(a)) === 'closed') return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('node A did not use Redis again');
    }

    afterEach(async () => {
      await redisBack();
    });

    afterAll(async () => {
      await proxy?.pass();
      await a?.close();
      await b?.close();
      proxy?.close();
      await database?.drop();
      await deleteRedisKeys(prefix);
    });

    it('keeps the sign-in limit on the node while Redis is unreachable, and stays ready, saying so', async () => {
      const warnedBefore = linesAt('warn', /failed or hung on every try/).length;
      proxy.cut();
      proxy.refuse();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await signInAttempt(a, '203.0.113.51')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      const refused = await signInAttempt(a, '203.0.113.51');
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      // Another client has limits of its own.
      expect((await signInAttempt(a, '203.0.113.52')).statusCode).toBe(401);

      const ready = await a.inject({ url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', storage: 'ok' },
        degraded: { redis: 'open' },
      });
      expect(ready.json().checks.redis).toBeUndefined();
      expect(await breakerState(a)).toBe('open');
      expect(linesAt('warn', /failed or hung on every try/)).toHaveLength(warnedBefore + 1);
    });

    it('stops waiting on a Redis that holds every command after so many timeouts in a row', async () => {
      const warnedBefore = linesAt('warn', /failed or hung on every try/).length;
      proxy.hold();
      const opensBefore = (await a.metrics.redisBreakerOpened.get()).values[0]?.value ?? 0;
      const requests: { ms: number; before: string | undefined; after: string | undefined }[] = [];
      for (let i = 0; i < 12; i++) {
        const before = await breakerState(a);
        const started = performance.now();
        const res = await a.inject({ url: '/api/shop', remoteAddress: '203.0.113.53' });
        const ms = performance.now() - started;
        expect(res.statusCode).toBe(200);
        requests.push({ ms, before, after: await breakerState(a) });
      }
      // One count a request: the first three each waited out a command timeout, and opened the breaker.
      expect(requests.slice(0, 3).map((r) => r.before)).toEqual(['closed', 'closed', 'closed']);
      expect(requests.slice(0, 3).every((r) => r.ms >= BREAKER.commandTimeoutMs - 5)).toBe(true);
      expect(requests[2]?.after).toBe('open');
      // From then on Redis is not asked: no request waits a command timeout.
      const whileOpen = requests.filter((r) => r.before === 'open' && r.after === 'open');
      expect(whileOpen.length).toBeGreaterThanOrEqual(8);
      expect(whileOpen.filter((r) => r.ms >= BREAKER.commandTimeoutMs)).toEqual([]);
      expect((await a.metrics.redisBreakerOpened.get()).values[0]?.value).toBe(opensBefore + 1);

      // The probe does not wait on the held Redis either.
      const ready = await a.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().degraded).toEqual({ redis: 'open' });

      // After the cool-down one request tries Redis again, which still holds it: open again, not warned again.
      await new Promise((resolve) => setTimeout(resolve, BREAKER.coolDownMs + 100));
      expect((await a.inject({ url: '/api/shop', remoteAddress: '203.0.113.53' })).statusCode).toBe(200);
      expect(await breakerState(a)).toBe('open');
      expect(linesAt('warn', /failed or hung on every try/)).toHaveLength(warnedBefore + 1);
    });

    it('counts in Redis again once it answers: a limit used up on one node is refused on the other', async () => {
      const toldBefore = linesAt('info', /Redis answers again/).length;
      proxy.cut();
      proxy.refuse();
      // One count a sign-in (its own limit, not the shop-wide one): as many as open the breaker.
      for (let i = 0; i < BREAKER.failuresToOpen; i++) await signInAttempt(a, '203.0.113.54');
      expect(await breakerState(a)).toBe('open');
      await redisBack();
      expect(linesAt('info', /Redis answers again/)).toHaveLength(toldBefore + 1);

      const client = '203.0.113.55';
      for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await signInAttempt(a, client)).statusCode).toBe(401);
      const onB = await signInAttempt(b, client);
      expect(onB.statusCode).toBe(429);
      const ready = (await a.inject({ url: '/api/ready' })).json();
      expect(ready.status).toBe('ready');
      expect(ready.degraded).toBeUndefined();
    });
  });
}
