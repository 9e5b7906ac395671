import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_STOCK_ALERTS } from '#shared/schemas/stock-alerts';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_PHONE } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { paidOrder, placedOrder, stockOf } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

// "Notify me" on a sold-out part (docs/shop-rules.md, "Back in stock"): a customer asks once, and is
// mailed once when the part can be ordered again, whatever gave the stock back; on both engines.
describeOnEachEngine('notify me when a sold-out part is back', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  let customer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    customer = await signedInCustomer(ctx);
    admin = await signedInAdmin(ctx);
  });

  const soldOut = (fields: Parameters<typeof insertPart>[1] = {}) =>
    insertPart(db(), { stock: 0, min_order_quantity: 1, ...fields });
  const notify = async (who: TestAccount, partId: string) => {
    const res = await api.as(who).post(`/api/parts/${partId}/notify-me`);
    expect(res.status, res.body).toBe(204);
  };
  const waiting = async (who: TestAccount) => (await api.as(who).get('/api/me/stock-alerts')).json.items as { partId: string }[];
  /** The back-in-stock mails written about a part, by recipient. */
  const mailsAbout = async (sku: string) =>
    (
      await db()
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'text'])
        .where('kind', '=', 'back-in-stock')
        .where('subject', 'like', `%(${sku})`)
        .orderBy('recipient')
        .execute()
    ).map((mail) => mail.recipient);
  const restock = async (partId: string, fields: object) => {
    const res = await api.as(admin).patch(`/api/parts/${partId}`, fields);
    expect(res.status, res.body).toBe(200);
  };
  /** A part of `units` units, booked to 0 by a customer of its own: it is sold out, that order holding the stock. */
  async function bookedOut(sku: string, units = 1) {
    const part = await insertPart(db(), { sku, stock: units, min_order_quantity: units });
    const buyer = await signedInCustomer(ctx);
    const order = await placedOrder(ctx, buyer, part.id, { quantity: units });
    expect(await stockOf(db(), part.id)).toBe(0);
    return { part, buyer, order };
  }

  it('asks once however often asked, lists the request, and stops it; a visitor 401, an admin 403', async () => {
    const part = await soldOut();
    const someone = await signedInCustomer(ctx);
    await notify(someone, part.id);
    await notify(someone, part.id);
    const rows = await db().selectFrom('stock_alerts').selectAll().where('part_id', '=', part.id).execute();
    expect(rows).toHaveLength(1);
    expect(await waiting(someone)).toEqual([{ partId: part.id, createdAt: rows[0]!.created_at }]);

    expect((await api.anonymous.post(`/api/parts/${part.id}/notify-me`)).status).toBe(401);
    expect((await api.anonymous.get('/api/me/stock-alerts')).status).toBe(401);
    const byAdmin = await api.as(admin).post(`/api/parts/${part.id}/notify-me`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.headers['content-type']).toMatch(/problem\+json/);

    expect((await api.as(someone).delete(`/api/parts/${part.id}/notify-me`)).status).toBe(204);
    expect(await waiting(someone)).toEqual([]);
    // Stopping what is not waiting changes nothing, and says so with the same answer.
    expect((await api.as(someone).delete(`/api/parts/${part.id}/notify-me`)).status).toBe(204);
    const unknown = await api.as(someone).delete('/api/parts/no-such-part/notify-me');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'not_found', detail: copy.part.notFound });
  });

  it('refuses a part not on sale (404) and one that can be ordered now (409), writing nothing', async () => {
    const missing = await api.as(customer).post('/api/parts/no-such-part/notify-me');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'not_found', detail: copy.part.notFound });
    const archived = await soldOut({ archived_at: '2026-01-01T00:00:00.000Z' });
    expect((await api.as(customer).post(`/api/parts/${archived.id}/notify-me`)).status).toBe(404);

    const inStock = await insertPart(db(), { stock: 12, min_order_quantity: 12 });
    const refused = await api.as(customer).post(`/api/parts/${inStock.id}/notify-me`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'conflict', detail: copy.stockAlerts.inStock });
    // Stock under the minimum order is sold out, as the part page says.
    const short = await insertPart(db(), { stock: 11, min_order_quantity: 12 });
    await notify(customer, short.id);
    const ids = (await waiting(customer)).map((alert) => alert.partId);
    expect(ids).toContain(short.id);
    expect(ids).not.toContain(inStock.id);
    expect(ids).not.toContain(archived.id);

    // A request made before its part was archived can still be stopped.
    await db()
      .insertInto('stock_alerts')
      .values({ user_id: customer.id, part_id: archived.id, created_at: archived.created_at })
      .execute();
    expect((await api.as(customer).delete(`/api/parts/${archived.id}/notify-me`)).status).toBe(204);
    expect(await db().selectFrom('stock_alerts').select('part_id').where('part_id', '=', archived.id).execute()).toEqual([]);
  });

  it(`waits for at most ${MAX_STOCK_ALERTS} parts at once (422)`, async () => {
    const busy = await signedInCustomer(ctx);
    const parts = await Promise.all(Array.from({ length: MAX_STOCK_ALERTS + 1 }, () => soldOut()));
    for (const part of parts.slice(0, MAX_STOCK_ALERTS)) await notify(busy, part.id);
    const refused = await api.as(busy).post(`/api/parts/${parts.at(-1)!.id}/notify-me`);
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe(copy.stockAlerts.tooMany(MAX_STOCK_ALERTS));
    // Asking again for one already asked is still fine.
    await notify(busy, parts[0]!.id);
  });

  it("mails each waiting customer once when an admin's restock makes the part orderable, and not while it stays short", async () => {
    const part = await soldOut({ sku: 'NOTIFY-ADMIN', name: 'Notify pads', min_order_quantity: 12 });
    const other = await signedInCustomer(ctx);
    await notify(customer, part.id);
    await notify(other, part.id);
    await restock(part.id, { stock: 11 });
    expect(await mailsAbout('NOTIFY-ADMIN')).toEqual([]);
    await restock(part.id, { stock: 24 });
    expect(await mailsAbout('NOTIFY-ADMIN')).toEqual([customer.email, other.email].sort());
    expect(await waiting(other)).toEqual([]);
    // Another restock sends nothing more.
    await restock(part.id, { stock: 36 });
    expect(await mailsAbout('NOTIFY-ADMIN')).toHaveLength(2);

    await ctx.app.mailOutbox.drain();
    const mail = ctx.mailer.messages.find((sent) => sent.to === other.email && sent.subject.includes('NOTIFY-ADMIN'));
    expect(mail?.subject).toBe(copy.mail.backInStockSubject('Notify pads', 'NOTIFY-ADMIN'));
    expect(mail?.text).toContain(copy.mail.backInStockIntro('Notify pads', 'NOTIFY-ADMIN'));
    expect(mail?.text).toContain(`/part/${part.id}`);
  });

  it('a lower minimum order makes a short part orderable: that mails too', async () => {
    const part = await soldOut({ sku: 'NOTIFY-MIN', stock: 6, min_order_quantity: 12 });
    await notify(customer, part.id);
    await restock(part.id, { minOrderQuantity: 6 });
    expect(await mailsAbout('NOTIFY-MIN')).toEqual([customer.email]);
  });

  it("mails when a customer's cancelled order gives the stock back", async () => {
    const { part, buyer, order } = await bookedOut('NOTIFY-CANCEL');
    await notify(customer, part.id);
    expect((await api.as(buyer).delete(`/api/orders/${order.id}`)).status).toBe(200);
    expect(await mailsAbout('NOTIFY-CANCEL')).toEqual([customer.email]);
  });

  it('mails when an unpaid order expires and its stock returns', async () => {
    const { part } = await bookedOut('NOTIFY-EXPIRY');
    await notify(customer, part.id);
    const before = ctx.clock.now().getTime();
    ctx.clock.advance(ctx.config.orderPaymentWindowHours * 3_600_000 + 60_000);
    try {
      expect(await ctx.app.orderExpiry.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      ctx.clock.set(new Date(before).toISOString());
    }
    expect(await stockOf(db(), part.id)).toBe(1);
    expect(await mailsAbout('NOTIFY-EXPIRY')).toEqual([customer.email]);
  });

  it('mails when an admin cancels a paid order and its stock returns', async () => {
    const part = await insertPart(db(), { sku: 'NOTIFY-PAID', stock: 1, min_order_quantity: 1 });
    const buyer = await signedInCustomer(ctx);
    const order = await paidOrder(ctx, buyer, part.id, { quantity: 1 });
    await notify(customer, part.id);
    const cancelled = await api.as(admin).delete(`/api/orders/${order.id}`);
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(await mailsAbout('NOTIFY-PAID')).toEqual([customer.email]);
  });

  it("mails when a company admin declines a member's order and its stock returns", async () => {
    const companyAdmin = await signedInCustomer(ctx);
    const member = await signedInCustomer(ctx);
    const company = await insertCompany(db(), { memberIds: [companyAdmin.id], status: 'active', payment_terms: 'net30' });
    await db()
      .insertInto('company_members')
      .values({ company_id: company.id, user_id: member.id, role: 'buyer', order_limit_cents: 1, joined_at: company.created_at })
      .execute();
    const site = await db()
      .selectFrom('company_addresses')
      .select('id')
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    const part = await insertPart(db(), { sku: 'NOTIFY-DECLINE', stock: 1, min_order_quantity: 1, price_cents: 10_000 });
    const placed = await api
      .as(member)
      .post('/api/orders', { lines: [{ partId: part.id, quantity: 1 }], phone: TEST_PHONE, deliveryAddressId: site.id });
    expect(placed.json.status, placed.body).toBe('awaiting_approval');
    await notify(customer, part.id);
    const declined = await api.as(companyAdmin).post(`/api/orders/${placed.json.id}/decline`, { reason: 'Not now' });
    expect(declined.status, declined.body).toBe(200);
    expect(await mailsAbout('NOTIFY-DECLINE')).toEqual([customer.email]);
  });

  it('sends nothing when the stock an order gives back leaves the part short', async () => {
    const part = await insertPart(db(), { sku: 'NOTIFY-SHORT', stock: 24, min_order_quantity: 12 });
    const buyer = await signedInCustomer(ctx);
    const order = await placedOrder(ctx, buyer, part.id, { quantity: 24 });
    // The admin cuts the minimum above what the order gives back: still sold out after the cancel.
    await restock(part.id, { minOrderQuantity: 30 });
    await notify(customer, part.id);
    expect((await api.as(buyer).delete(`/api/orders/${order.id}`)).status).toBe(200);
    expect(await stockOf(db(), part.id)).toBe(24);
    expect(await mailsAbout('NOTIFY-SHORT')).toEqual([]);
    expect((await waiting(customer)).map((alert) => alert.partId)).toContain(part.id);
  });

  it('mails once when two changes give the stock back at the same moment', async () => {
    const part = await insertPart(db(), { sku: 'NOTIFY-RACE', stock: 2, min_order_quantity: 1 });
    const buyers = [await signedInCustomer(ctx), await signedInCustomer(ctx)];
    const orders = [
      await placedOrder(ctx, buyers[0]!, part.id, { quantity: 1 }),
      await placedOrder(ctx, buyers[1]!, part.id, { quantity: 1 }),
    ];
    const waiters = [customer, await signedInCustomer(ctx), await signedInCustomer(ctx)];
    for (const waiter of waiters) await notify(waiter, part.id);
    const answers = await Promise.all([
      api.as(buyers[0]!).delete(`/api/orders/${orders[0]!.id}`),
      api.as(buyers[1]!).delete(`/api/orders/${orders[1]!.id}`),
      api.as(admin).patch(`/api/parts/${part.id}`, { stock: 5 }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await mailsAbout('NOTIFY-RACE')).toEqual(waiters.map((waiter) => waiter.email).sort());
  });
});
