import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { DECLINED_CARD, GOOD_CARD, openPayment, placedOrder } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW, testConfig } from '../../testing/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value from Prometheus' text format; 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return 0;
}

describeOnEachEngine(
  'Prometheus metrics',
  (ctx) => {
    let customer: TestAccount;
    const scrape = async () => {
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    /** A customer books 12 of a fresh part. */
    const placeOrder = async () =>
      placedOrder(ctx, customer, (await insertPart(ctx.database.db, { stock: 50, price_cents: 1250 })).id);

    beforeAll(async () => {
      customer = await signedInCustomer(ctx);
    });

    it('asks for the token', async () => {
      expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(wrong.body).not.toContain('http_requests_total');
    });

    it('serves the text format with process metrics', async () => {
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(res.body).toContain('process_cpu_seconds_total');
      expect(res.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    });

    it('counts requests by route pattern, not by URL, and unmatched paths as one', async () => {
      const before = await scrape();
      const route = { method: 'GET', route: '/api/parts/:id', status: '404' };
      await ctx.app.inject({ url: '/api/parts/missing-one' });
      await ctx.app.inject({ url: '/api/parts/missing-two' });
      await ctx.app.inject({ url: '/api/no-such-thing-1' });
      await ctx.app.inject({ url: '/api/no-such-thing-2' });
      const after = await scrape();
      expect(sample(after, 'http_requests_total', route) - sample(before, 'http_requests_total', route)).toBe(2);
      const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
      expect(sample(after, 'http_requests_total', unmatched) - sample(before, 'http_requests_total', unmatched)).toBe(2);
      expect(after).not.toContain('missing-one');
      expect(after).not.toContain('no-such-thing');
      const count = { method: 'GET', route: '/api/parts/:id' };
      expect(sample(after, 'http_request_duration_seconds_count', count)).toBeGreaterThanOrEqual(2);
    });

    it('counts orders placed and payments that succeeded or failed', async () => {
      const before = await scrape();
      const { id: orderId } = await placeOrder();
      const clientSecret = await openPayment(ctx, customer, orderId);
      const asCustomer = testApi(ctx).as(customer);
      const declined = await asCustomer.post(`/api/orders/${orderId}/payment`, { clientSecret, card: DECLINED_CARD });
      expect(declined.status).toBe(402);
      const paid = await asCustomer.post(`/api/orders/${orderId}/payment`, { clientSecret, card: GOOD_CARD });
      expect(paid.status, paid.body).toBe(200);

      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(delta('orders_placed_total')).toBe(1);
      expect(delta('payments_failed_total', { provider: 'sandbox' })).toBe(1);
      expect(delta('payments_succeeded_total', { provider: 'sandbox' })).toBe(1);
      expect(delta('http_requests_total', { method: 'POST', route: '/api/orders', status: '201' })).toBe(1);
      expect(delta('http_requests_total', { method: 'POST', route: '/api/orders/:id/payment', status: '402' })).toBe(1);
      expect(delta('http_request_errors_total')).toBe(0);
    });

    it('counts unpaid orders expired by the sweep', async () => {
      const before = await scrape();
      await placeOrder();
      ctx.clock.advance(ctx.config.orderPaymentWindowHours * 3_600_000 + 1000);
      try {
        await ctx.app.orderExpiry.sweep();
      } finally {
        ctx.clock.set(TEST_NOW);
      }
      const after = await scrape();
      expect(sample(after, 'orders_expired_total') - sample(before, 'orders_expired_total')).toBe(1);
    });
  },
  { config: { metricsToken: TOKEN } },
);

describe('metrics without a token configured', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-metrics-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.sqlite') });
    app = await buildApp(testConfig(dir), { database, logger: false, responseCacheTtlMs: 0, orderSweepIntervalMs: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404, with or without a token', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});
