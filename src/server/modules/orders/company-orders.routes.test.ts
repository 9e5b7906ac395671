import { expect, it } from 'vitest';
import type { CompanyRow } from '../../db/schema';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertOrder, insertPart } from '../../testing/factories';
import { download, pdfText } from '../../testing/pdf';
import { describeOnEachEngine } from '../../testing/test-app';
import { companyBalance } from './company-balance';

const HOUR = 3_600_000;

describeOnEachEngine('orders of a company’s members', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;

  /**
   * An active company on Net 30 with a company admin and a buyer (order limit `limit`), one delivery
   * site, and a part at $100.00 (no tax, free delivery: each unit's order totals $100.00).
   */
  async function company(fields: Partial<CompanyRow> = {}, { limit = null as number | null } = {}) {
    const admin = await signedInCustomer(ctx);
    const buyer = await signedInCustomer(ctx);
    const row = await insertCompany(db(), {
      memberIds: [admin.id],
      status: 'active',
      payment_terms: 'net30',
      credit_limit_cents: 1_000_000,
      ...fields,
    });
    await db()
      .insertInto('company_members')
      .values({ company_id: row.id, user_id: buyer.id, role: 'buyer', order_limit_cents: limit, joined_at: row.created_at })
      .execute();
    const site = await db()
      .selectFrom('company_addresses')
      .select('id')
      .where('company_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const part = await insertPart(db(), { price_cents: 10_000, min_order_quantity: 1, stock: 1000 });
    return { row, admin, buyer, siteId: site.id, part };
  }

  const order = (partId: string, siteId: string, extra: Record<string, unknown> = {}, quantity = 1) => ({
    lines: [{ partId, quantity }],
    phone: TEST_PHONE,
    deliveryAddressId: siteId,
    ...extra,
  });

  const stockOf = async (partId: string) =>
    Number((await db().selectFrom('part_stock').select('stock').where('part_id', '=', partId).executeTakeFirstOrThrow()).stock);
  const ordersOf = async (companyId: string) =>
    (await db().selectFrom('orders').select('id').where('company_id', '=', companyId).execute()).length;

  it('places an order on account as confirmed, invoiced at once and due by the terms, with its PO number', async () => {
    const { row, buyer, siteId, part } = await company();
    const res = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account', poNumber: '  PO-4711 ' }));
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ status: 'confirmed', invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/) });
    const placed = await api.as(buyer).get(`/api/orders/${res.json.id}`);
    const invoiceDay = new Date(Date.parse(placed.json.createdAt)).toISOString().slice(0, 10);
    const due = new Date(`${invoiceDay}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(placed.json).toMatchObject({
      status: 'confirmed',
      companyId: row.id,
      companyName: row.name,
      poNumber: 'PO-4711',
      payment: 'account',
      dueDate: due.toISOString().slice(0, 10),
      paidCents: 0,
      placedBy: { id: buyer.id, name: buyer.name },
      declineReason: null,
      payBy: null,
      totalCents: 10_000,
      deliveryAddress: { line1: '12 Piston Road', city: 'Detroit', country: 'US' },
    });
    expect(await companyBalance(db(), row.id, invoiceDay, Number(row.credit_limit_cents))).toMatchObject({
      balanceCents: 10_000,
      creditLeftCents: 990_000,
    });
    // Every member reads the same figures on their company.
    expect((await api.as(buyer).get('/api/me/company')).json).toMatchObject({ balanceCents: 10_000, creditLeftCents: 990_000 });
    // The invoice is there at once, and the buyer's mail carries it with its due date and the PO number.
    const pdf = await download(ctx.app, buyer, `/api/orders/${res.json.id}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('PO-4711');
    expect(text).toContain('On account, Net 30');
    expect(text).toContain(`Due by ${placed.json.dueDate} (Net 30)`);
    await ctx.app.mailOutbox.drain();
    const mail = ctx.mailer.messages.find((sent) => sent.to === buyer.email && sent.subject.includes(res.json.invoiceNumber));
    expect(mail?.text).toContain('PO number: PO-4711');
    expect(mail?.text).toContain(placed.json.dueDate);
  });

  it('places a card order as unpaid, to the company site, taxed as the company', async () => {
    const { row, buyer, siteId, part } = await company({ tax_exempt: 1, tax_exempt_reason: 'Resale certificate 123' });
    const res = await api.as(buyer).post('/api/orders', order(part.id, siteId, { phone: undefined }));
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending_payment', invoiceNumber: null, dueDate: null });
    const placed = (await api.as(buyer).get(`/api/orders/${res.json.id}`)).json;
    expect(placed).toMatchObject({
      companyId: row.id,
      payment: 'card',
      exemption: { kind: 'exempt', reason: 'Resale certificate 123' },
      // Without a phone, the site's.
      customer: { phone: '+1 555-010-2030' },
    });
  });

  it('refuses what a member may not ask, with the field named, and writes nothing', async () => {
    const { row, buyer, siteId, part } = await company();
    const other = await company();
    const cases: [Record<string, unknown>, string][] = [
      [order(part.id, other.siteId), 'deliveryAddressId'],
      [{ lines: [{ partId: part.id, quantity: 1 }], phone: TEST_PHONE, address: TEST_ADDRESS }, 'deliveryAddressId'],
      [order(part.id, siteId, { poNumber: 'P'.repeat(36) }), 'poNumber'],
      [order(part.id, siteId, { payment: 'cash' }), 'payment'],
    ];
    for (const [body, field] of cases) {
      const res = await api.as(buyer).post('/api/orders', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors ?? {})).toContain(field);
    }
    // Another company's site is not described.
    const foreign = await api.as(buyer).post('/api/orders', order(part.id, other.siteId));
    expect(JSON.stringify(foreign.json)).not.toContain('Piston');
    // Card terms: no account.
    const cardOnly = await company({ payment_terms: 'card' });
    const refused = await api
      .as(cardOnly.buyer)
      .post('/api/orders', order(cardOnly.part.id, cardOnly.siteId, { payment: 'account' }));
    expect(refused.status).toBe(400);
    expect(refused.json.errors.payment).toMatch(/terms/);
    expect(await ordersOf(row.id)).toBe(0);
    expect(await ordersOf(cardOnly.row.id)).toBe(0);
    expect(await stockOf(part.id)).toBe(1000);
  });

  it('on hold: refuses paying on account with 409, still takes card orders', async () => {
    const { row, buyer, siteId, part } = await company({ status: 'on_hold' });
    const refused = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }));
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe('Your company’s account is on hold');
    expect((await api.as(buyer).post('/api/orders', order(part.id, siteId))).json.status).toBe('pending_payment');
    expect(await ordersOf(row.id)).toBe(1);
  });

  it('a member of a company not yet approved orders as a person, by card', async () => {
    const { buyer, siteId, part } = await company({ status: 'applied' });
    expect((await api.as(buyer).post('/api/orders', order(part.id, siteId))).status).toBe(400);
    expect((await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }))).status).toBe(400);
    const person = await api
      .as(buyer)
      .post('/api/orders', { lines: [{ partId: part.id, quantity: 1 }], phone: TEST_PHONE, address: TEST_ADDRESS });
    expect(person.status).toBe(201);
    expect((await api.as(buyer).get(`/api/orders/${person.json.id}`)).json).toMatchObject({ companyId: null, payment: 'card' });
  });

  it('refuses an order over the credit limit or while an invoice is overdue, saying which, and writes nothing', async () => {
    const { row, buyer, siteId, part } = await company({ credit_limit_cents: 25_000 });
    expect((await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }, 2))).status).toBe(201);
    const over = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }, 2));
    expect(over.status).toBe(409);
    expect(over.json.detail).toBe('Over your credit limit by $150.00');
    expect(await ordersOf(row.id)).toBe(1);
    expect(await stockOf(part.id)).toBe(998);

    await insertOrder(db(), {
      part_id: part.id,
      company_id: row.id,
      payment_method: 'account',
      status: 'delivered',
      invoice_number: 'INV-2020-000123',
      invoiced_at: '2020-01-01T00:00:00.000Z',
      due_date: '2020-01-31',
      quantity: 1,
      unit_price_cents: 100,
    });
    const overdue = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }));
    expect(overdue.status).toBe(409);
    expect(overdue.json.detail).toBe('Invoice INV-2020-000123 is overdue');
  });

  it('an order above the limit waits for a company admin, who approves it on account (credit-checked again)', async () => {
    const { row, admin, buyer, siteId, part } = await company({}, { limit: 15_000 });
    const placed = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account', poNumber: 'PO-9' }, 2));
    expect(placed.status, placed.body).toBe(201);
    expect(placed.json).toMatchObject({ status: 'awaiting_approval', invoiceNumber: null });
    expect(await stockOf(part.id)).toBe(998);
    expect(await companyBalance(db(), row.id, '2026-01-01', Number(row.credit_limit_cents))).toMatchObject({ balanceCents: 0 });
    await ctx.app.mailOutbox.drain();
    expect(ctx.mailer.messages.some((mail) => mail.to === admin.email && /needs your approval/.test(mail.subject))).toBe(true);

    // Only a company admin of the order's company decides: anyone else is told it does not exist.
    const stranger = await company();
    for (const who of [buyer, stranger.admin] as TestAccount[]) {
      expect((await api.as(who).post(`/api/orders/${placed.json.id}/approve`, {})).status).toBe(404);
    }
    const approved = await api.as(admin).post(`/api/orders/${placed.json.id}/approve`, {});
    expect(approved.status, approved.body).toBe(200);
    expect(approved.json).toMatchObject({ status: 'confirmed', invoiceNumber: expect.stringMatching(/^INV-/), poNumber: 'PO-9' });
    expect(approved.json.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await api.as(admin).post(`/api/orders/${placed.json.id}/approve`, {})).status).toBe(409);
    await ctx.app.mailOutbox.drain();
    expect(ctx.mailer.messages.some((mail) => mail.to === buyer.email && /was approved/.test(mail.subject))).toBe(true);

    // Approving checks the credit again: an order that no longer fits is refused and stays waiting.
    const second = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }, 2));
    await db().updateTable('companies').set({ credit_limit_cents: 30_000 }).where('id', '=', row.id).execute();
    const refused = await api.as(admin).post(`/api/orders/${second.json.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe('Over your credit limit by $100.00');
    expect((await api.as(buyer).get(`/api/orders/${second.json.id}`)).json.status).toBe('awaiting_approval');
  });

  it('a company admin declines with a reason: the stock comes back, the buyer is mailed; by card, approval makes it payable', async () => {
    const { admin, buyer, siteId, part } = await company({}, { limit: 5_000 });
    const first = await api.as(buyer).post('/api/orders', order(part.id, siteId, {}, 3));
    expect(first.json.status).toBe('awaiting_approval');
    expect((await api.as(admin).post(`/api/orders/${first.json.id}/decline`, { reason: '' })).status).toBe(400);
    const declined = await api.as(admin).post(`/api/orders/${first.json.id}/decline`, { reason: 'Not this month' });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ status: 'declined', declineReason: 'Not this month' });
    expect(await stockOf(part.id)).toBe(1000);
    await ctx.app.mailOutbox.drain();
    const mail = ctx.mailer.messages.find((sent) => sent.to === buyer.email && /was declined/.test(sent.subject));
    expect(mail?.text).toContain('Not this month');

    const second = await api.as(buyer).post('/api/orders', order(part.id, siteId, {}, 1));
    const approved = await api.as(admin).post(`/api/orders/${second.json.id}/approve`, {});
    expect(approved.json.status).toBe('pending_payment');
  });

  it('an order not decided within the payment window expires and gives its stock back', async () => {
    const { buyer, siteId, part } = await company({}, { limit: 5_000 });
    const placed = await api.as(buyer).post('/api/orders', order(part.id, siteId, {}, 4));
    expect(placed.json.status).toBe('awaiting_approval');
    ctx.clock.advance(ctx.config.orderPaymentWindowHours * HOUR + 1000);
    try {
      await ctx.app.orderExpiry.sweep();
    } finally {
      ctx.clock.advance(-(ctx.config.orderPaymentWindowHours * HOUR + 1000));
    }
    expect((await api.as(buyer).get(`/api/orders/${placed.json.id}`)).json).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
    });
    expect(await stockOf(part.id)).toBe(1000);
  });

  it('lists every order of the company to its admins, a buyer’s own to them, company and PO to shop admins', async () => {
    const { row, admin, buyer, siteId, part } = await company();
    const mine = await api.as(admin).post('/api/orders', order(part.id, siteId));
    const theirs = await api.as(buyer).post('/api/orders', order(part.id, siteId, { poNumber: 'PO-77' }));
    const ids = (list: { items: { id: string }[] }) => list.items.map((item) => item.id).sort();
    const adminList = await api.as(admin).get('/api/me/orders');
    expect(adminList.status).toBe(200);
    expect(ids(adminList.json)).toEqual([mine.json.id, theirs.json.id].sort());
    expect(adminList.json.items.find((item: { id: string }) => item.id === theirs.json.id).placedBy).toEqual({
      id: buyer.id,
      name: buyer.name,
    });
    expect(ids((await api.as(buyer).get('/api/me/orders')).json)).toEqual([theirs.json.id]);
    // The list of every order is the shop's.
    expect((await api.as(admin).get('/api/orders')).status).toBe(403);
    // A buyer sees a colleague's order no more than a stranger does.
    expect((await api.as(buyer).get(`/api/orders/${mine.json.id}`)).status).toBe(404);
    expect((await api.as(admin).get(`/api/orders/${theirs.json.id}`)).status).toBe(200);

    const shopAdmin = await signedInAdmin(ctx);
    const all = await api.as(shopAdmin).get(`/api/orders?q=${theirs.json.id}`);
    expect(all.json.items[0]).toMatchObject({ companyName: row.name, poNumber: 'PO-77' });
  });

  it('a shop admin ships a confirmed order, or cancels it before it ships: stock back, a credit note, off the balance', async () => {
    const { row, buyer, siteId, part } = await company();
    const shopAdmin = await signedInAdmin(ctx);
    const shipped = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }));
    expect((await api.as(shopAdmin).patch(`/api/orders/${shipped.json.id}`, { status: 'shipped' })).json.status).toBe('shipped');
    const cancelled = await api.as(buyer).post('/api/orders', order(part.id, siteId, { payment: 'account' }, 2));
    expect(await companyBalance(db(), row.id, '2026-01-01', Number(row.credit_limit_cents))).toMatchObject({
      balanceCents: 30_000,
    });
    const res = await api.as(shopAdmin).delete(`/api/orders/${cancelled.json.id}`);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'cancelled', creditNotes: [{ totalCents: 20_000 }] });
    expect(await stockOf(part.id)).toBe(999);
    expect(await companyBalance(db(), row.id, '2026-01-01', Number(row.credit_limit_cents))).toMatchObject({
      balanceCents: 10_000,
    });
    // The buyer is told it comes off the company's balance: there is no card to refund.
    await ctx.app.mailOutbox.drain();
    const mail = ctx.mailer.messages.find(
      (sent) => sent.to === buyer.email && sent.text.includes(res.json.creditNotes[0].number),
    );
    expect(mail?.text).toContain('taken off your company’s balance');
    expect(mail?.text).not.toContain('refunded');
  });

  it('of 20 orders on account at once against a limit that allows 7, places exactly 7', { timeout: 60_000 }, async () => {
    const { row, admin, buyer, siteId, part } = await company({ credit_limit_cents: 75_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.as(i % 2 === 0 ? buyer : admin).post('/api/orders', order(part.id, siteId, { payment: 'account' })),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(statuses.filter((status) => status === 409)).toHaveLength(13);
    for (const res of results.filter((r) => r.status === 409)) expect(res.json.detail).toMatch(/^Over your credit limit by \$/);
    expect(await companyBalance(db(), row.id, '2026-01-01', Number(row.credit_limit_cents))).toMatchObject({
      balanceCents: 70_000,
      creditLeftCents: 5_000,
    });
    expect(await stockOf(part.id)).toBe(993);
    const invoices = await db().selectFrom('orders').select('invoice_number').where('company_id', '=', row.id).execute();
    expect(new Set(invoices.map((invoice) => invoice.invoice_number)).size).toBe(7);
  });
});
