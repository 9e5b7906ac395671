import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { CompanyRow } from '../../db/schema';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_PHONE } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';
import { LAST_USED_PRECISION_MS } from './api-keys.service';

const s = copy.apiKeys;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

/** An active company on Net 30 with its admin, a buyer, a delivery site and a part at $100.00 less 10%. */
async function company(ctx: TestContext, fields: Partial<CompanyRow> = {}) {
  const db = ctx.database.db;
  const admin = await signedInCustomer(ctx);
  const buyer = await signedInCustomer(ctx);
  const row = await insertCompany(db, {
    memberIds: [admin.id],
    status: 'active',
    payment_terms: 'net30',
    credit_limit_cents: 1_000_000,
    discount_percent: 10,
    ...fields,
  });
  await db
    .insertInto('company_members')
    .values({ company_id: row.id, user_id: buyer.id, role: 'buyer', order_limit_cents: null, joined_at: row.created_at })
    .execute();
  const site = await db.selectFrom('company_addresses').select('id').where('company_id', '=', row.id).executeTakeFirstOrThrow();
  const part = await insertPart(db, { price_cents: 10_000, min_order_quantity: 1, stock: 1000 });
  return { row, admin, buyer, siteId: site.id, part };
}

function keyClient(ctx: TestContext, secret: string) {
  // A system calling with a key sends no Origin and no cookie, as curl would.
  const api = testApi(ctx, { origin: null });
  const headers = { authorization: `Bearer ${secret}` };
  return {
    get: (url: string) => api.anonymous.get(url, { headers }),
    post: (url: string, body: object) => api.anonymous.post(url, body, { headers }),
    delete: (url: string) => api.anonymous.delete(url, undefined, { headers }),
    withCookie: (cookie: string) => ({
      get: (url: string) => api.anonymous.get(url, { headers: { ...headers, cookie } }),
    }),
  };
}

describeOnEachEngine(
  'API keys',
  (ctx) => {
    const api = testApi(ctx);
    const createKey = async (who: TestAccount, scopes: string[], name = 'ERP') => {
      const res = await api.as(who).post('/api/api-keys', { name, scopes });
      expect(res.status, res.body).toBe(201);
      return res.json as { id: string; name: string; scopes: string[]; prefix: string; secret: string };
    };

    it('creates a key whose secret is shown once, lists it without the secret, and revokes it', async () => {
      const { admin } = await company(ctx);
      const created = await createKey(admin, ['orders:read', 'catalogue:read'], '  ERP order sync ');
      expect(created).toEqual({
        id: expect.any(String),
        name: 'ERP order sync',
        scopes: ['orders:read', 'catalogue:read'],
        prefix: created.secret.slice(0, 12),
        secret: expect.stringMatching(/^gh_live_[0-9A-Za-z]{49}$/),
      });
      const listed = await api.as(admin).get('/api/api-keys');
      expect(listed.status).toBe(200);
      expect(listed.json).toEqual({
        items: [
          {
            id: created.id,
            name: 'ERP order sync',
            scopes: ['orders:read', 'catalogue:read'],
            prefix: created.prefix,
            createdAt: ctx.clock.now().toISOString(),
            lastUsedAt: null,
          },
        ],
      });
      expect(listed.body).not.toContain(created.secret);
      const stored = await ctx.database.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(created.secret);

      const revoked = await api.as(admin).delete(`/api/api-keys/${created.id}`);
      expect(revoked.status, revoked.body).toBe(204);
      expect((await api.as(admin).get('/api/api-keys')).json).toEqual({ items: [] });
      // Kept for the record.
      const kept = await ctx.database.db
        .selectFrom('api_keys')
        .select('revoked_at')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(kept.revoked_at).toBe(ctx.clock.now().toISOString());
      expect((await keyClient(ctx, created.secret).get('/api/me/orders')).status).toBe(401);
    });

    it("lists a company's keys to its admins only, and answers 404 for another company's key", async () => {
      const first = await company(ctx);
      const second = await company(ctx);
      const key = await createKey(first.admin, ['orders:read']);
      expect((await api.as(second.admin).get('/api/api-keys')).json).toEqual({ items: [] });
      expect((await api.as(second.admin).delete(`/api/api-keys/${key.id}`)).status).toBe(404);
      const shopAdmin = await signedInAdmin(ctx);
      const shopKey = await createKey(shopAdmin, ['orders:read']);
      const shopList = (await api.as(shopAdmin).get('/api/api-keys')).json as { items: { id: string }[] };
      expect(shopList.items.map((item) => item.id)).toContain(shopKey.id);
      expect(shopList.items.map((item) => item.id)).not.toContain(key.id);
      expect((await api.as(shopAdmin).delete(`/api/api-keys/${key.id}`)).status).toBe(404);
      expect((await api.as(first.admin).delete(`/api/api-keys/${shopKey.id}`)).status).toBe(404);
    });

    it('refuses a buyer, a customer in no company and a visitor', async () => {
      const { buyer } = await company(ctx);
      const loner = await signedInCustomer(ctx);
      for (const who of [buyer, loner]) {
        const res = await api.as(who).post('/api/api-keys', { name: 'x', scopes: ['orders:read'] });
        expect(res.status).toBe(403);
        expect(res.json.detail).toBe(s.adminsOnly);
        expect((await api.as(who).get('/api/api-keys')).status).toBe(403);
      }
      expect((await api.anonymous.get('/api/api-keys')).status).toBe(401);
    });

    it.each([
      [{ name: '', scopes: ['orders:read'] }, 'name', s.nameRequired],
      [{ name: 'x'.repeat(81), scopes: ['orders:read'] }, 'name', s.nameTooLong(80)],
      [{ name: 'ERP', scopes: [] }, 'scopes', s.scopesRequired],
      [{ name: 'ERP', scopes: ['orders:read', 'orders:read'] }, 'scopes', s.duplicateScope],
      [{ name: 'ERP', scopes: ['admin'] }, 'scopes.0', s.unknownScope],
      [{ name: 'ERP' }, 'scopes', s.scopesRequired],
    ])('refuses %j naming %s', async (body, field, message) => {
      const { admin } = await company(ctx);
      const res = await api.as(admin).post('/api/api-keys', body);
      expect(res.status, res.body).toBe(400);
      expect(res.json.errors).toMatchObject({ [field]: message });
    });

    it('answers a revoked, an unknown, a malformed key and a key whose maker left with one and the same 401', async () => {
      const { admin, row } = await company(ctx);
      const revoked = await createKey(admin, ['orders:read']);
      await api.as(admin).delete(`/api/api-keys/${revoked.id}`);
      const orphaned = await createKey(admin, ['orders:read']);
      const other = await company(ctx);
      const fresh = await createKey(other.admin, ['orders:read']);
      // A well-formed secret, checksum and all, that no key has.
      const unknown = await createKey(other.admin, ['orders:read']);
      await ctx.database.db.deleteFrom('api_keys').where('id', '=', unknown.id).execute();
      // The key's maker is no longer its company's admin.
      await ctx.database.db
        .updateTable('company_members')
        .set({ role: 'buyer' })
        .where('user_id', '=', admin.id)
        .where('company_id', '=', row.id)
        .execute();
      const answers = [];
      for (const secret of [
        revoked.secret,
        unknown.secret,
        'gh_live_nope',
        `${fresh.secret.slice(0, -1)}x`,
        '',
        orphaned.secret,
      ]) {
        const res = await keyClient(ctx, secret).get('/api/me/orders');
        answers.push({ status: res.status, code: res.json.code, detail: res.json.detail });
      }
      expect(answers).toEqual(Array(6).fill({ status: 401, code: 'unauthenticated', detail: s.invalidKey }));
      expect((await keyClient(ctx, fresh.secret).get('/api/me/orders')).status).toBe(200);
    });

    it('refuses a route whose scope the key lacks, and routes no key may call, with 403', async () => {
      const { admin, part } = await company(ctx);
      const key = keyClient(ctx, (await createKey(admin, ['catalogue:read'])).secret);
      expect((await key.get(`/api/parts/${part.id}`)).status).toBe(200);
      const orders = await key.get('/api/me/orders');
      expect(orders.status).toBe(403);
      expect(orders.json.detail).toBe(s.scopeMissing('orders:read'));
      for (const url of ['/api/api-keys', '/api/me', '/api/me/company']) {
        const res = await key.get(url);
        expect(res.status, url).toBe(403);
        expect(res.json.detail).toBe(s.notForKeys);
      }
      expect((await key.post('/api/api-keys', { name: 'more', scopes: ['orders:write'] })).status).toBe(403);
    });

    it("never reads cookies with a key, and sees only its company's orders", async () => {
      const { admin, buyer, row } = await company(ctx);
      const other = await company(ctx);
      const part = await insertPart(ctx.database.db, { stock: 10 });
      const ours = await insertOrder(ctx.database.db, {
        part_id: part.id,
        user_id: buyer.id,
        company_id: row.id,
        status: 'confirmed',
      });
      const theirs = await insertOrder(ctx.database.db, {
        part_id: part.id,
        user_id: other.buyer.id,
        company_id: other.row.id,
        status: 'confirmed',
      });
      const key = keyClient(ctx, (await createKey(admin, ['orders:read'])).secret);
      const list = await key.get('/api/me/orders?view=all');
      expect(list.status, list.body).toBe(200);
      const ids = (list.json as { items: { id: string }[] }).items.map((item) => item.id);
      expect(ids).toContain(ours.id);
      expect(ids).not.toContain(theirs.id);
      expect((await key.get(`/api/orders/${ours.id}`)).status).toBe(200);
      expect((await key.get(`/api/orders/${theirs.id}`)).status).toBe(404);
      // The other company's admin's cookie changes nothing: the key decides who asks.
      expect((await key.withCookie(other.admin.cookie).get(`/api/orders/${theirs.id}`)).status).toBe(404);
      // A shop admin's orders list is not a member's.
      expect((await key.get('/api/orders')).status).toBe(403);
    });

    it('orders with company prices and a PO number, and writes lastUsedAt at most once a minute', async () => {
      const { admin, siteId, part } = await company(ctx);
      const created = await createKey(admin, ['orders:write', 'orders:read']);
      const key = keyClient(ctx, created.secret);
      const res = await key.post('/api/orders', {
        lines: [{ partId: part.id, quantity: 2 }],
        phone: TEST_PHONE,
        deliveryAddressId: siteId,
        payment: 'account',
        poNumber: 'PO-API-1',
      });
      expect(res.status, res.body).toBe(201);
      expect(res.json).toMatchObject({ status: 'confirmed' });
      const placed = await key.get(`/api/orders/${res.json.id}`);
      expect(placed.json).toMatchObject({ status: 'confirmed', poNumber: 'PO-API-1' });
      expect(placed.json.lines[0]).toMatchObject({ unitPriceCents: 9000, quantity: 2 });

      const lastUsed = async () =>
        ((await api.as(admin).get('/api/api-keys')).json as { items: { id: string; lastUsedAt: string | null }[] }).items.find(
          (item) => item.id === created.id,
        )?.lastUsedAt;
      const first = ctx.clock.now().toISOString();
      expect(await lastUsed()).toBe(first);
      ctx.clock.advance(LAST_USED_PRECISION_MS - 1000);
      await key.get(`/api/orders/${res.json.id}`);
      expect(await lastUsed()).toBe(first);
      ctx.clock.advance(2000);
      await key.get(`/api/orders/${res.json.id}`);
      expect(await lastUsed()).toBe(ctx.clock.now().toISOString());
      // A key cancels its company's unpaid order with orders:write.
      const card = await key.post('/api/orders', {
        lines: [{ partId: part.id, quantity: 1 }],
        phone: TEST_PHONE,
        deliveryAddressId: siteId,
      });
      expect(card.status, card.body).toBe(201);
      expect((await key.delete(`/api/orders/${card.json.id}`)).status).toBe(200);
    });

    it('lets a shop admin key act as a shop admin', async () => {
      const shopAdmin = await signedInAdmin(ctx);
      const key = keyClient(ctx, (await createKey(shopAdmin, ['orders:read'])).secret);
      const res = await key.get('/api/orders');
      expect(res.status, res.body).toBe(200);
      // The key stops working once its maker is no longer a shop admin.
      await ctx.database.db.updateTable('users').set({ role: 'customer' }).where('id', '=', shopAdmin.id).execute();
      expect((await key.get('/api/orders')).status).toBe(401);
    });

    it('describes the key routes with examples and the bearer scheme in the OpenAPI document', async () => {
      const doc = (await api.anonymous.get('/api/openapi.json')).json;
      expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
      const keys = doc.paths['/api/api-keys'];
      // Swagger writes one example as `example`, more as `examples`.
      expect(JSON.stringify(keys.post.requestBody)).toMatch(/"examples?"/);
      expect(JSON.stringify(keys.post.responses['201'])).toMatch(/"examples?"/);
      expect(JSON.stringify(keys.get.responses['200'])).toMatch(/"examples?"/);
      expect(doc.paths['/api/api-keys/{id}'].delete.responses['204']).toBeDefined();
      expect(doc.paths['/api/me/orders'].get).toMatchObject({
        security: [{ bearerAuth: [] }, {}],
        'x-api-key-scope': 'orders:read',
      });
      expect(keys.get.security).toBeUndefined();
    });

    it('never writes a secret or the Authorization header into the log', async () => {
      const { admin } = await company(ctx);
      const created = await createKey(admin, ['orders:read']);
      await keyClient(ctx, created.secret).get('/api/me/orders');
      await keyClient(ctx, `${created.secret}x`).get('/api/me/orders');
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) {
        expect(line).not.toContain(created.secret);
        expect(line.toLowerCase()).not.toContain('bearer');
      }
    });
  },
  { logger: { level: 'debug', stream: logStream } },
);

describeOnEachEngine(
  'API keys under their own rate limit',
  (ctx) => {
    const api = testApi(ctx);
    it('counts a key in its own bucket: 429 for the key while a cookie user on the same address goes on', async () => {
      const { admin } = await company(ctx);
      const created = await api.as(admin).post('/api/api-keys', { name: 'ERP', scopes: ['orders:read'] });
      const key = keyClient(ctx, created.json.secret as string);
      for (let i = 0; i < 3; i += 1) expect((await key.get('/api/me/orders')).status).toBe(200);
      const limited = await key.get('/api/me/orders');
      expect(limited.status).toBe(429);
      expect(limited.headers['content-type']).toContain('application/problem+json');
      expect(limited.json.code).toBe('rate_limited');
      expect((await api.as(admin).get('/api/me/orders')).status).toBe(200);
      // A second key has a bucket of its own.
      const second = await api.as(admin).post('/api/api-keys', { name: 'BI', scopes: ['orders:read'] });
      expect((await keyClient(ctx, second.json.secret as string).get('/api/me/orders')).status).toBe(200);
    });
  },
  { config: { apiKeyRateLimitPerMinute: 3 } },
);
