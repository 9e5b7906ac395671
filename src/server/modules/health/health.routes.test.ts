import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { describeOnEachEngine, testConfig } from '../../testing/test-app';
import { type DatabaseHandle, openDatabase } from '../../db/database';

describeOnEachEngine('liveness and readiness', (ctx) => {
  let redisUp = true;
  let cdnHangs = false;

  beforeAll(() => {
    // What another module would add while the app is built; toggled here to play an outage.
    ctx.app.readiness.add('redis', async () => {
      if (!redisUp) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    });
    ctx.app.readiness.add('cdn', () => (cdnHangs ? new Promise(() => undefined) : Promise.resolve()), { timeoutMs: 50 });
  });

  it('answers liveness without asking any dependency', async () => {
    redisUp = false;
    try {
      const res = await ctx.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      redisUp = true;
    }
  });

  it('is ready when the database and every added check answer', async () => {
    const res = await ctx.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // `schema`, `storage` (the uploads directory here) and `disk` (the data folder) are the app's own; `redis` and
    // `cdn` were added above.
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', schema: 'ok', disk: 'ok', storage: 'ok', redis: 'ok', cdn: 'ok' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the check that failed and the one that timed out', async () => {
    redisUp = false;
    cdnHangs = true;
    try {
      const started = Date.now();
      const res = await ctx.app.inject({ url: '/api/ready' });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = res.json();
      expect(body).toMatchObject({
        code: 'unavailable',
        status: 503,
        checks: { database: 'ok', disk: 'ok', storage: 'ok', redis: 'failed', cdn: 'timeout' },
      });
      expect(body.detail).toBe('Not ready: redis (failed), cdn (timeout).');
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      redisUp = true;
      cdnHangs = false;
    }
  });

  it('keeps probes out of the rate limit', async () => {
    const res = await ctx.app.inject({ url: '/api/ready' });
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    const ordinary = await ctx.app.inject({ url: '/api/settings' });
    expect(ordinary.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('stays ready while a service it can do without is down, and says how it does without it', async () => {
    let queueState: string | undefined = 'open';
    ctx.app.readiness.addDegradable('queue', async () => queueState);
    ctx.app.readiness.addDegradable('mirror', () => new Promise(() => undefined), { timeoutMs: 50 });
    try {
      const res = await ctx.app.inject({ url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ready', degraded: { queue: 'open', mirror: 'timeout' } });
      expect(res.json().checks).not.toHaveProperty('queue');
      queueState = undefined;
      expect((await ctx.app.inject({ url: '/api/ready' })).json().degraded).toEqual({ mirror: 'timeout' });
    } finally {
      queueState = undefined;
    }
  });

  // Last: a stopped node stays stopped.
  it('once the node is stopping, is not ready at once, without asking any check, and still alive', async () => {
    ctx.app.readiness.stop();
    // Asked, this check would answer in time, and the hanging one would be named as timed out.
    cdnHangs = true;
    try {
      const res = await ctx.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 503, code: 'unavailable', detail: 'Not ready: this node is shutting down.' });
      expect(res.json().checks).toEqual({});
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      cdnHangs = false;
    }
  });
});

describe('readiness without a database', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-unready-'));
    // Nothing listens on port 1: every connection is refused at once.
    database = openDatabase({ kind: 'postgres', url: 'postgres://gearhouse@127.0.0.1:1/gearhouse' });
    app = await buildApp(testConfig(dir), { database, logger: false, responseCacheTtlMs: 0, orderSweepIntervalMs: 0 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not ready, and still alive', async () => {
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'failed' }, detail: 'Not ready: database (failed).' });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
