import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { testConfig } from '../testing/test-app';

describe('structured request logs', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-logs-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.sqlite') });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(testConfig(dir), {
      database,
      logger: { level: 'info', stream },
      responseCacheTtlMs: 0,
      orderSweepIntervalMs: 0,
    });
    app.get('/api/test-only/boom', async () => {
      throw new Error('secret internal detail');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const entriesFor = (requestId: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId);

  it('writes one JSON line per request event, each with the request id the answer carries', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-req-1' } });
    expect(res.headers['x-request-id']).toBe('proxy-req-1');
    const entries = entriesFor('proxy-req-1');
    expect(entries.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(entries[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
    expect(typeof entries[1]?.responseTime).toBe('number');
  });

  it('logs a failure with its request id and stack, and answers without the details', async () => {
    const res = await app.inject({ url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    const requestId = String(res.headers['x-request-id']);
    expect(res.json().requestId).toBe(requestId);
    const failure = entriesFor(requestId).find((entry) => entry.level === 50);
    expect(failure).toMatchObject({ msg: 'request failed', err: { message: 'secret internal detail' } });
    expect(String((failure?.err as { stack?: string }).stack)).toContain('request-logging.test.ts');
  });
});
