import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { orderNumberOf } from '#shared/order-number';
import { WEBHOOK_SIGNATURE_HEADER } from '#shared/schemas/webhooks';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { CompanyRow } from '../../db/schema';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody, TEST_PHONE } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine, RELAXED_ABUSE_LIMITS, type TestContext } from '../../testing/test-app';
import { LocalDiskStorage } from '../uploads';
import { verifySignature } from './signature';
import { RETRY_DELAYS_MS } from './webhook-sender';

const s = copy.webhooks;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Received {
  path: string;
  body: string;
  signature: string;
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * A receiver on 127.0.0.1: records every POST and answers what `answer` says (a status, after a wait).
 * Each test gives its webhook a path of its own, so what a test reads is its own.
 */
function startReceiver() {
  const received: Received[] = [];
  let answer: (req: Received) => { status: number; delayMs?: number } = () => ({ status: 200 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const got: Received = {
        path: req.url ?? '',
        body,
        signature: String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? ''),
        json: JSON.parse(body) as Received['json'],
      };
      received.push(got);
      const { status, delayMs = 0 } = answer(got);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status).end('ok');
      }, delayMs);
    });
  });
  return {
    received,
    at: (pathName: string) => received.filter((r) => r.path === pathName),
    answer(fn: typeof answer) {
      answer = fn;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An active company on Net 30 with its admin, a buyer, a delivery site and a part. */
async function company(ctx: TestContext, fields: Partial<CompanyRow> = {}) {
  const db = ctx.database.db;
  const admin = await signedInCustomer(ctx);
  const buyer = await signedInCustomer(ctx);
  const row = await insertCompany(db, {
    memberIds: [admin.id],
    status: 'active',
    payment_terms: 'net30',
    credit_limit_cents: 100_000_000,
    ...fields,
  });
  await db
    .insertInto('company_members')
    .values({ company_id: row.id, user_id: buyer.id, role: 'buyer', order_limit_cents: null, joined_at: row.created_at })
    .execute();
  const site = await db.selectFrom('company_addresses').select('id').where('company_id', '=', row.id).executeTakeFirstOrThrow();
  return { row, admin, buyer, siteId: site.id };
}

const receiver = startReceiver();
let base = '';
let pathCount = 0;
beforeAll(async () => {
  base = await receiver.listen();
});
afterAll(() => receiver.close());

describeOnEachEngine('webhooks', (ctx) => {
  const api = testApi(ctx);
  /** A fresh address on the receiver. */
  const newPath = () => `/hook-${(pathCount += 1)}`;
  const addWebhook = async (who: TestAccount, events: string[], pathName = newPath()) => {
    const res = await api.as(who).post('/api/webhooks', { url: `${base}${pathName}`, events });
    expect(res.status, res.body).toBe(201);
    return { ...(res.json as { id: string; url: string; events: string[]; createdAt: string; secret: string }), path: pathName };
  };
  const deliveries = async (who: TestAccount, id: string) => {
    const res = await api.as(who).get(`/api/webhooks/${id}/deliveries`);
    expect(res.status, res.body).toBe(200);
    return (res.json as { items: Record<string, unknown>[] }).items;
  };
  const drain = () => ctx.app.webhookSender.drain();

  it('adds a webhook whose secret is shown once, lists it without the secret, and removes it', async () => {
    const { admin } = await company(ctx);
    const res = await api.as(admin).post('/api/webhooks', { url: `${base}/crud`, events: ['order.created', 'invoice.issued'] });
    expect(res.status, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json as { id: string; secret: string };
    expect(res.json).toEqual({
      id: expect.any(String),
      url: `${base}/crud`,
      events: ['order.created', 'invoice.issued'],
      createdAt: ctx.clock.now().toISOString(),
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z_-]{43}$/),
    });
    const listed = await api.as(admin).get('/api/webhooks');
    expect(listed.json).toEqual({
      items: [
        {
          id: created.id,
          url: `${base}/crud`,
          events: ['order.created', 'invoice.issued'],
          createdAt: ctx.clock.now().toISOString(),
        },
      ],
    });
    expect(listed.body).not.toContain(created.secret);
    expect((await api.as(admin).get(`/api/webhooks/${created.id}/deliveries`)).json).toEqual({ items: [] });
    expect((await api.as(admin).delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    expect((await api.as(admin).delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    expect((await api.as(admin).get('/api/webhooks')).json).toEqual({ items: [] });
    expect((await api.as(admin).get(`/api/webhooks/${created.id}/deliveries`)).status).toBe(404);
  });

  it("keeps a company's webhooks to its admins, the shop's to shop admins: 401, 403 and 404", async () => {
    const first = await company(ctx);
    const second = await company(ctx);
    const loner = await signedInCustomer(ctx);
    const shopAdmin = await signedInAdmin(ctx);
    const theirs = await addWebhook(first.admin, ['order.created']);
    const shops = await addWebhook(shopAdmin, ['part.stock_changed']);
    for (const who of [first.buyer, loner]) {
      const res = await api.as(who).post('/api/webhooks', { url: `${base}/x`, events: ['order.created'] });
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json.detail).toBe(s.adminsOnly);
      expect((await api.as(who).get('/api/webhooks')).status).toBe(403);
    }
    expect((await api.anonymous.get('/api/webhooks')).status).toBe(401);
    expect((await api.as(second.admin).get('/api/webhooks')).json).toEqual({ items: [] });
    for (const [who, id] of [
      [second.admin, theirs.id],
      [shopAdmin, theirs.id],
      [first.admin, shops.id],
    ] as const) {
      expect((await api.as(who).get(`/api/webhooks/${id}/deliveries`)).status).toBe(404);
      expect((await api.as(who).delete(`/api/webhooks/${id}`)).status).toBe(404);
    }
    const listed = (await api.as(shopAdmin).get('/api/webhooks')).json as { items: { id: string }[] };
    expect(listed.items.map((item) => item.id)).toContain(shops.id);
    expect(listed.items.map((item) => item.id)).not.toContain(theirs.id);
  });

  it.each([
    [{ url: '', events: ['order.created'] }, 'url', s.urlRequired],
    [{ url: 'ftp://erp.example.com/x', events: ['order.created'] }, 'url', s.urlInvalid],
    [{ url: 'https://user:pw@erp.example.com/x', events: ['order.created'] }, 'url', s.urlHasCredentials],
    [{ url: 'https://erp.example.com/x', events: [] }, 'events', s.eventsRequired],
    [{ url: 'https://erp.example.com/x', events: ['order.created', 'order.created'] }, 'events', s.duplicateEvent],
    [{ url: 'https://erp.example.com/x', events: ['order.deleted'] }, 'events.0', s.unknownEvent],
    [{ url: 'https://erp.example.com/x', events: ['part.stock_changed'] }, 'events', s.shopEventOnly],
  ])('refuses %j naming %s', async (body, field, message) => {
    const { admin } = await company(ctx);
    const res = await api.as(admin).post('/api/webhooks', body);
    expect(res.status, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json.errors).toMatchObject({ [field]: message });
  });

  it(`allows at most ${10} live webhooks per owner`, async () => {
    const { admin } = await company(ctx);
    const made = [];
    for (let i = 0; i < 10; i += 1) made.push(await addWebhook(admin, ['order.created']));
    const refused = await api.as(admin).post('/api/webhooks', { url: `${base}/one-more`, events: ['order.created'] });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(s.tooMany(10));
    await api.as(admin).delete(`/api/webhooks/${made[0]!.id}`);
    await addWebhook(admin, ['order.created']);
  });

  it("sends a placed order to its company's webhooks and the shop's, signed, never to another company's", async () => {
    const first = await company(ctx);
    const second = await company(ctx);
    const shopAdmin = await signedInAdmin(ctx);
    const ours = await addWebhook(first.admin, ['order.created', 'invoice.issued']);
    const ordersOnly = await addWebhook(first.admin, ['order.status_changed']);
    const others = await addWebhook(second.admin, ['order.created']);
    const shop = await addWebhook(shopAdmin, ['order.created', 'part.stock_changed']);
    const part = await insertPart(ctx.database.db, { price_cents: 10_000, min_order_quantity: 1, stock: 50 });

    const placed = await api.as(first.buyer).post('/api/orders', {
      lines: [{ partId: part.id, quantity: 2 }],
      phone: TEST_PHONE,
      deliveryAddressId: first.siteId,
      payment: 'account',
      poNumber: 'PO-77',
    });
    expect(placed.status, placed.body).toBe(201);
    const orderId = placed.json.id as string;
    await drain();

    const got = receiver.at(ours.path);
    expect(got.map((r) => r.json.type).sort()).toEqual(['invoice.issued', 'order.created']);
    for (const r of got) expect(verifySignature(r.signature, r.body, ours.secret, ctx.clock.now())).toBe(true);
    expect(verifySignature(got[0]!.signature, got[0]!.body, shop.secret, ctx.clock.now())).toBe(false);
    const created = got.find((r) => r.json.type === 'order.created')!;
    expect(created.json).toEqual({
      id: expect.any(String),
      type: 'order.created',
      createdAt: ctx.clock.now().toISOString(),
      data: {
        orderId,
        number: orderNumberOf(orderId),
        status: 'confirmed',
        companyId: first.row.id,
        poNumber: 'PO-77',
        currency: 'USD',
        paymentMethod: 'account',
        goodsCents: expect.any(Number),
        deliveryCents: expect.any(Number),
        taxCents: expect.any(Number),
        totalCents: 20_000,
        createdAt: ctx.clock.now().toISOString(),
        lines: [
          {
            id: `${orderId}:0`,
            kind: 'part',
            partId: part.id,
            sku: part.sku,
            name: part.name,
            quantity: 2,
            unitPriceCents: 10_000,
            lineTotalCents: 20_000,
          },
        ],
      },
    });
    const invoice = got.find((r) => r.json.type === 'invoice.issued')!;
    expect(invoice.json.data).toMatchObject({
      orderId,
      orderNumber: orderNumberOf(orderId),
      invoiceNumber: expect.stringMatching(/^INV-/),
      totalCents: 20_000,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      companyId: first.row.id,
    });
    // Placed confirmed: its first status is in order.created, not a change of its own.
    expect(receiver.at(ordersOnly.path)).toEqual([]);
    expect(receiver.at(others.path)).toEqual([]);
    const shopGot = receiver.at(shop.path);
    expect(shopGot.map((r) => r.json.type).sort()).toEqual(['order.created', 'part.stock_changed']);
    // One event, one id: the shop's delivery of it carries the company's id and the same body.
    expect(shopGot.find((r) => r.json.type === 'order.created')!.body).toBe(created.body);
    expect(shopGot.find((r) => r.json.type === 'part.stock_changed')!.json.data).toEqual({
      partId: part.id,
      sku: part.sku,
      stock: 48,
    });
    for (const r of shopGot) expect(verifySignature(r.signature, r.body, shop.secret, ctx.clock.now())).toBe(true);

    const log = await deliveries(first.admin, ours.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, lastError: null, nextAttemptAt: null });
    expect(log[0]!.durationMs).toEqual(expect.any(Number));

    // A person's card order: only the shop hears it; paying it is a status change and an invoice.
    const person = await signedInCustomer(ctx);
    const card = await api.as(person).post('/api/orders', bookingBody({ id: part.id, minOrderQuantity: 1 }));
    expect(card.status, card.body).toBe(201);
    await drain();
    expect(
      receiver
        .at(shop.path)
        .filter((r) => r.json.type === 'order.created')
        .map((r) => r.json.data.orderId),
    ).toEqual([orderId, card.json.id]);
    expect(receiver.at(ours.path)).toHaveLength(2);
    expect(receiver.at(others.path)).toEqual([]);
  });

  it("tells the shop a part's stock when a cancelled order gives it back", async () => {
    const shopAdmin = await signedInAdmin(ctx);
    const hook = await addWebhook(shopAdmin, ['part.stock_changed']);
    const part = await insertPart(ctx.database.db, { price_cents: 1000, min_order_quantity: 1, stock: 10 });
    const person = await signedInCustomer(ctx);
    const placed = await api.as(person).post('/api/orders', bookingBody({ id: part.id, minOrderQuantity: 1 }));
    expect(placed.status, placed.body).toBe(201);
    expect((await api.as(person).delete(`/api/orders/${placed.json.id}`)).status).toBe(200);
    await drain();
    // A pass sends its deliveries side by side: they may arrive in either order.
    const stocks = receiver.at(hook.path).map((r) => r.json.data);
    expect(stocks.sort((a, b) => Number(a.stock) - Number(b.stock))).toEqual([
      { partId: part.id, sku: part.sku, stock: 9 },
      { partId: part.id, sku: part.sku, stock: 10 },
    ]);
  });

  it('tells a status change with the status before it', async () => {
    const { admin, buyer, siteId } = await company(ctx);
    const hook = await addWebhook(admin, ['order.status_changed']);
    const shopAdmin = await signedInAdmin(ctx);
    const part = await insertPart(ctx.database.db, { price_cents: 1000, min_order_quantity: 1, stock: 10 });
    const placed = await api.as(buyer).post('/api/orders', {
      lines: [{ partId: part.id, quantity: 1 }],
      phone: TEST_PHONE,
      deliveryAddressId: siteId,
      payment: 'account',
    });
    expect(placed.status, placed.body).toBe(201);
    const shipped = await api.as(shopAdmin).patch(`/api/orders/${placed.json.id}`, { status: 'shipped' });
    expect(shipped.status, shipped.body).toBe(200);
    await drain();
    expect(receiver.at(hook.path).map((r) => r.json.data)).toEqual([
      {
        orderId: placed.json.id,
        number: orderNumberOf(placed.json.id),
        status: 'shipped',
        previousStatus: 'confirmed',
        companyId: expect.any(String),
      },
    ]);
  });

  it('retries a failed delivery after its wait, counts the attempts and logs each answer', async () => {
    const { admin, buyer, siteId } = await company(ctx);
    const hook = await addWebhook(admin, ['order.created']);
    let calls = 0;
    receiver.answer((r) => (r.path === hook.path ? { status: (calls += 1) === 1 ? 500 : 200 } : { status: 200 }));
    try {
      const part = await insertPart(ctx.database.db, { price_cents: 1000, min_order_quantity: 1, stock: 10 });
      const placed = await api.as(buyer).post('/api/orders', {
        lines: [{ partId: part.id, quantity: 1 }],
        phone: TEST_PHONE,
        deliveryAddressId: siteId,
        payment: 'account',
      });
      expect(placed.status, placed.body).toBe(201);
      await drain();
      const first = (await deliveries(admin, hook.id))[0]!;
      expect(first).toMatchObject({
        status: 'pending',
        attempts: 1,
        responseStatus: 500,
        lastError: expect.any(String),
        nextAttemptAt: new Date(ctx.clock.now().getTime() + RETRY_DELAYS_MS[0]).toISOString(),
        deliveredAt: null,
      });
      ctx.clock.advance(RETRY_DELAYS_MS[0] - 1000);
      await drain();
      expect(receiver.at(hook.path)).toHaveLength(1);
      ctx.clock.advance(1000);
      await drain();
      const got = receiver.at(hook.path);
      expect(got).toHaveLength(2);
      // The same bytes each time, signed afresh.
      expect(got[1]!.body).toBe(got[0]!.body);
      expect(verifySignature(got[1]!.signature, got[1]!.body, hook.secret, ctx.clock.now())).toBe(true);
      expect((await deliveries(admin, hook.id))[0]).toMatchObject({
        status: 'delivered',
        attempts: 2,
        responseStatus: 200,
        lastError: null,
        deliveredAt: ctx.clock.now().toISOString(),
        nextAttemptAt: null,
      });
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it('gives a delivery up 24 hours after its event, and sends a removed webhook nothing more', async () => {
    const { admin, buyer, siteId } = await company(ctx);
    const hook = await addWebhook(admin, ['order.created']);
    const removed = await addWebhook(admin, ['order.created']);
    receiver.answer((r) => ({ status: r.path === hook.path ? 503 : 200 }));
    try {
      const part = await insertPart(ctx.database.db, { price_cents: 1000, min_order_quantity: 1, stock: 10 });
      const order = () =>
        api.as(buyer).post('/api/orders', {
          lines: [{ partId: part.id, quantity: 1 }],
          phone: TEST_PHONE,
          deliveryAddressId: siteId,
          payment: 'account',
        });
      const placedAt = ctx.clock.now().getTime();
      expect((await order()).status).toBe(201);
      await drain();
      expect(receiver.at(removed.path)).toHaveLength(1);
      expect((await api.as(admin).delete(`/api/webhooks/${removed.id}`)).status).toBe(204);
      expect((await order()).status).toBe(201);
      for (let i = 0; i < 30 && ctx.clock.now().getTime() < placedAt + 26 * HOUR; i += 1) {
        await drain();
        ctx.clock.advance(HOUR);
      }
      await drain();
      const log = await deliveries(admin, hook.id);
      expect(log).toHaveLength(2);
      const oldest = log[1]!;
      expect(oldest).toMatchObject({ status: 'failed', responseStatus: 503, nextAttemptAt: null, deliveredAt: null });
      // Attempts at 0, 1 min, 6 min, 36 min, 2 h 36, 7 h 36 and 17 h 36; the next would be past 24 h.
      expect(oldest.attempts).toBe(7);
      expect(receiver.at(removed.path)).toHaveLength(1);
    } finally {
      receiver.answer(() => ({ status: 200 }));
    }
  });

  it('sends a delivery again as a new delivery of the same event, with the same body', async () => {
    const shopAdmin = await signedInAdmin(ctx);
    const hook = await addWebhook(shopAdmin, ['part.stock_changed']);
    const part = await insertPart(ctx.database.db, { stock: 3 });
    const set = await api.as(shopAdmin).patch(`/api/parts/${part.id}`, { stock: 40 });
    expect(set.status, set.body).toBe(200);
    await drain();
    const [sent] = await deliveries(shopAdmin, hook.id);
    expect(sent).toMatchObject({ eventType: 'part.stock_changed', status: 'delivered' });
    const res = await api.as(shopAdmin).post(`/api/webhooks/${hook.id}/deliveries/${sent!.id as string}/resend`);
    expect(res.status, res.body).toBe(202);
    expect(res.json).toMatchObject({ eventId: sent!.eventId, status: 'pending', attempts: 0 });
    expect(res.json.id).not.toBe(sent!.id);
    await drain();
    const got = receiver.at(hook.path);
    expect(got).toHaveLength(2);
    expect(got[1]!.body).toBe(got[0]!.body);
    expect(got[0]!.json.data).toEqual({ partId: part.id, sku: part.sku, stock: 40 });
    const log = await deliveries(shopAdmin, hook.id);
    expect(log.map((d) => [d.eventId, d.status])).toEqual([
      [sent!.eventId, 'delivered'],
      [sent!.eventId, 'delivered'],
    ]);
    const other = await company(ctx);
    expect((await api.as(other.admin).post(`/api/webhooks/${hook.id}/deliveries/${sent!.id as string}/resend`)).status).toBe(404);
    expect((await api.as(shopAdmin).post(`/api/webhooks/${hook.id}/deliveries/nope/resend`)).status).toBe(404);
  });

  it('refuses an API key on every webhook route', async () => {
    const { admin } = await company(ctx);
    const key = await api.as(admin).post('/api/api-keys', { name: 'ERP', scopes: ['orders:read', 'orders:write'] });
    const headers = { authorization: `Bearer ${key.json.secret as string}`, origin: undefined };
    const res = await api.anonymous.post('/api/webhooks', { url: `${base}/k`, events: ['order.created'] }, { headers });
    expect(res.status).toBe(403);
    expect(res.json.detail).toBe(copy.apiKeys.notForKeys);
    expect((await api.anonymous.get('/api/webhooks', { headers })).status).toBe(403);
  });

  it('describes the webhook routes with examples in the OpenAPI document', async () => {
    const doc = (await api.anonymous.get('/api/openapi.json')).json;
    const hooks = doc.paths['/api/webhooks'];
    expect(JSON.stringify(hooks.post.requestBody)).toMatch(/"examples?"/);
    expect(JSON.stringify(hooks.post.responses['201'])).toMatch(/"examples?"/);
    expect(JSON.stringify(hooks.get.responses['200'])).toMatch(/"examples?"/);
    expect(JSON.stringify(doc.paths['/api/webhooks/{id}/deliveries'].get.responses['200'])).toMatch(/"examples?"/);
    expect(JSON.stringify(doc.paths['/api/webhooks/{id}/deliveries/{deliveryId}/resend'].post.responses['202'])).toMatch(
      /"examples?"/,
    );
  });
});

describeOnEachEngine(
  'a slow webhook receiver',
  (ctx) => {
    const api = testApi(ctx);
    it('counts an answer slower than WEBHOOK_TIMEOUT_MS as a failed attempt, and retries it', async () => {
      const shopAdmin = await signedInAdmin(ctx);
      const pathName = `/slow-${ctx.engine}`;
      const res = await api.as(shopAdmin).post('/api/webhooks', { url: `${base}${pathName}`, events: ['part.stock_changed'] });
      expect(res.status, res.body).toBe(201);
      const id = res.json.id as string;
      receiver.answer((r) => (r.path === pathName ? { status: 200, delayMs: 1500 } : { status: 200 }));
      try {
        const part = await insertPart(ctx.database.db, { stock: 3 });
        expect((await api.as(shopAdmin).patch(`/api/parts/${part.id}`, { stock: 9 })).status).toBe(200);
        const started = Date.now();
        await ctx.app.webhookSender.drain();
        expect(Date.now() - started).toBeLessThan(1400);
        const [delivery] = (await api.as(shopAdmin).get(`/api/webhooks/${id}/deliveries`)).json.items;
        expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, lastError: expect.any(String) });
        expect(delivery.durationMs).toBeGreaterThanOrEqual(250);
        receiver.answer(() => ({ status: 200 }));
        ctx.clock.advance(RETRY_DELAYS_MS[0]);
        await ctx.app.webhookSender.drain();
        const [after] = (await api.as(shopAdmin).get(`/api/webhooks/${id}/deliveries`)).json.items;
        expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
      } finally {
        receiver.answer(() => ({ status: 200 }));
      }
    });
  },
  { config: { webhookTimeoutMs: 300 } },
);

describeOnEachEngine('webhooks on several nodes', (ctx) => {
  it('posts each delivery exactly once when two app instances on one database send at the same time', async () => {
    const { db } = ctx.database;
    const shopAdmin = await signedInAdmin(ctx);
    const pathName = `/two-nodes-${ctx.engine}`;
    const res = await testApi(ctx)
      .as(shopAdmin)
      .post('/api/webhooks', { url: `${base}${pathName}`, events: ['part.stock_changed'] });
    expect(res.status, res.body).toBe(201);
    // Each answer takes a moment, so the two nodes' passes overlap.
    receiver.answer((r) => (r.path === pathName ? { status: 200, delayMs: 5 } : { status: 200 }));
    const at = ctx.clock.now().toISOString();
    const eventIds = Array.from({ length: 45 }, (_, i) => `event-${i}`);
    await db
      .insertInto('webhook_deliveries')
      .values(
        eventIds.map((eventId, i) => ({
          id: `delivery-${i}`,
          webhook_id: res.json.id as string,
          event_id: eventId,
          event_type: 'part.stock_changed',
          payload: JSON.stringify({ id: eventId, type: 'part.stock_changed', createdAt: at, data: {} }),
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute();
    const handles = [ctx.database.open(), ctx.database.open()];
    const nodes = await Promise.all(
      handles.map((database) =>
        buildApp(ctx.config, {
          database,
          clock: ctx.clock as Clock,
          storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
          logger: false,
          abuseLimits: RELAXED_ABUSE_LIMITS,
          orderSweepIntervalMs: 0,
          mailDispatchIntervalMs: 0,
        }),
      ),
    );
    try {
      await Promise.all(nodes.flatMap((node) => [node.webhookSender.drain(), node.webhookSender.drain()]));
      const got = receiver.at(pathName).map((r) => r.json.id);
      expect(got.sort()).toEqual([...eventIds].sort());
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('webhook_id', '=', res.json.id)
        .execute();
      expect(rows.every((row) => row.status === 'delivered' && Number(row.attempts) === 1)).toBe(true);
    } finally {
      receiver.answer(() => ({ status: 200 }));
      await Promise.all(nodes.map((node) => node.close()));
      await Promise.all(handles.map((handle) => handle.destroy()));
    }
  });
});
