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

  it('writes one JSON line per request, when it is answered, with the request id the answer carries', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-req-1' } });
    expect(res.headers['x-request-id']).toBe('proxy-req-1');
    const entries = entriesFor('proxy-req-1');
    expect(entries.map((entry) => entry.msg)).toEqual(['request completed']);
    expect(entries[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    expect(typeof entries[0]?.responseTime).toBe('number');
  });

  it('writes the line of a path the router refuses before any route runs', async () => {
    const res = await app.inject({ url: '/api/parts/%zz', headers: { 'x-request-id': 'undecodable-1' } });
    expect(res.statusCode).toBe(400);
    const entries = entriesFor('undecodable-1');
    expect(entries).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ url: '/api/parts/%zz' }),
        res: { statusCode: 400 },
      }),
    ]);
  });

  it('writes the URL as the client sent it, and never its cookie or authorization', async () => {
    const url = '/api/health?q=%22quoted%22&b=back\\slash&u=\u00e9t\u00e9&c="raw"';
    await app.inject({
      url,
      headers: {
        'x-request-id': 'proxy-req-2',
        cookie: 'better-auth.session_token=secret-cookie',
        authorization: 'Bearer secret-token',
      },
    });
    const written = lines.filter((line) => line.includes('"proxy-req-2"'));
    expect(written).toHaveLength(1);
    const [completed] = entriesFor('proxy-req-2');
    // Percent-encoded where it had to be, quotes and backslashes escaped in the JSON.
    expect((completed?.req as { url: string }).url).toContain('back\\slash&u=%C3%A9t%C3%A9&c=%22raw%22');
    expect(lines.join('\n')).not.toMatch(/secret-cookie|secret-token/);
  });

  it('writes each request line with its own URL, host and address when they change from one request to the next', async () => {
    const asked = [
      { url: '/api/health?n=1', host: 'shop.example', remoteAddress: '198.51.100.1' },
      { url: '/api/health?n=2', host: 'shop.example', remoteAddress: '198.51.100.2' },
      { url: '/api/health?n=1', host: 'other.example', remoteAddress: '198.51.100.1' },
      { url: '/api/health?n=1', host: 'other.example', remoteAddress: '198.51.100.1' },
    ];
    const before = Date.now();
    for (const [i, { url, host, remoteAddress }] of asked.entries())
      await app.inject({ url, remoteAddress, headers: { host, 'x-request-id': `changing-${i}` } });
    const after = Date.now();
    for (const [i, { url, host, remoteAddress }] of asked.entries()) {
      const [completed, ...more] = entriesFor(`changing-${i}`);
      expect(more).toEqual([]);
      expect(completed?.msg).toBe('request completed');
      expect(completed?.req).toMatchObject({ method: 'GET', url, host, remoteAddress });
      expect(completed?.time).toBeGreaterThanOrEqual(before);
      expect(completed?.time).toBeLessThanOrEqual(after);
    }
  });

  it('writes the line of a request coming in at debug level, before its answer is sent', async () => {
    const debug: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        debug.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const debugApp = await buildApp(testConfig(dir), {
      database,
      logger: { level: 'debug', stream },
      responseCacheTtlMs: 0,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
    let linesWhileHandled: Record<string, unknown>[] = [];
    debugApp.get('/api/test-only/slow', async () => {
      linesWhileHandled = debug.map((line) => JSON.parse(line) as Record<string, unknown>);
      return { ok: true };
    });
    try {
      await debugApp.inject({ url: '/api/test-only/slow?n=1', headers: { 'x-request-id': 'received-1' } });
      const mine = (entries: Record<string, unknown>[]) => entries.filter((entry) => entry.reqId === 'received-1');
      expect(mine(linesWhileHandled)).toEqual([
        expect.objectContaining({
          level: 20,
          msg: 'incoming request',
          req: expect.objectContaining({ url: '/api/test-only/slow?n=1' }),
        }),
      ]);
      const entries = mine(debug.map((line) => JSON.parse(line) as Record<string, unknown>));
      expect(entries.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await debugApp.close();
    }
  });

  it('writes no request lines when the level is above info, and still logs what is', async () => {
    const quiet: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        quiet.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const warnApp = await buildApp(testConfig(dir), {
      database,
      logger: { level: 'warn', stream },
      responseCacheTtlMs: 0,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
    warnApp.get('/api/test-only/warns', async (request) => {
      request.log.warn({ detail: 'kept' }, 'a warning');
      return { ok: true };
    });
    try {
      await warnApp.inject({ url: '/api/health' });
      await warnApp.inject({ url: '/api/test-only/warns', headers: { 'x-request-id': 'warned-1' } });
      const entries = quiet.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.map((entry) => entry.msg)).not.toContain('incoming request');
      expect(entries.map((entry) => entry.msg)).not.toContain('request completed');
      expect(entries.filter((entry) => entry.msg === 'a warning')).toHaveLength(1);
      expect(entries.find((entry) => entry.msg === 'a warning')).toMatchObject({ level: 40, reqId: 'warned-1', detail: 'kept' });
    } finally {
      await warnApp.close();
    }
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
