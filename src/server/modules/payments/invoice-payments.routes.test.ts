import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertAccountCompany, insertAccountInvoice } from '../../testing/invoices';
import { DECLINED_CARD, GOOD_CARD } from '../../testing/orders';
import { pdfText } from '../../testing/pdf';
import { describeOnEachEngine, TEST_NOW, type TestContext } from '../../testing/test-app';

const s = copy.statement;
const transfer = (fields: Record<string, unknown> = {}) => ({
  amountCents: 50_000,
  paidAt: '2026-06-14',
  reference: 'BANK-123',
  ...fields,
});

/**
 * Two shop admins, a company on account with its admin and a buyer, and a customer outside it, signed
 * in before the block's tests: read the fields inside tests, not at describe time.
 */
function companyOnAccount(ctx: TestContext) {
  const people = {} as {
    admin: TestAccount;
    secondAdmin: TestAccount;
    companyAdmin: TestAccount;
    buyer: TestAccount;
    stranger: TestAccount;
    companyId: string;
  };
  beforeAll(async () => {
    const { db } = ctx.database;
    people.admin = await signInAs(ctx.app, db, 'admin');
    people.secondAdmin = await signInAs(ctx.app, db, 'admin');
    people.companyAdmin = await signInAs(ctx.app, db, 'customer');
    people.buyer = await signInAs(ctx.app, db, 'customer');
    people.stranger = await signInAs(ctx.app, db, 'customer');
    people.companyId = (await insertAccountCompany(db, { adminIds: [people.companyAdmin.id], buyerIds: [people.buyer.id] })).id;
  });
  return people;
}

describeOnEachEngine('payments against invoices on account', (ctx) => {
  const api = testApi(ctx);
  const people = companyOnAccount(ctx);

  const invoice = (fields: Parameters<typeof insertAccountInvoice>[1] extends infer T ? Partial<T> : never = {}) =>
    insertAccountInvoice(ctx.database.db, { companyId: people.companyId, userId: people.buyer.id, ...fields });
  const paidCentsOf = async (orderId: string) =>
    Number(
      (await ctx.database.db.selectFrom('orders').select('paid_cents').where('id', '=', orderId).executeTakeFirstOrThrow())
        .paid_cents,
    );
  const paymentRows = (orderId: string) =>
    ctx.database.db.selectFrom('invoice_payments').selectAll().where('order_id', '=', orderId).execute();

  it('records a transfer: the payment, the order paid so far, and what the company owes', async () => {
    const order = await invoice();
    const before = (await api.as(people.companyAdmin).get('/api/me/company/statement')).json.balanceCents as number;
    const res = await api.as(people.admin).post(`/api/invoices/${order.invoice_number}/payments`, transfer());
    expect(res.status, res.body).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      invoiceNumber: order.invoice_number,
      orderId: order.id,
      amountCents: 50_000,
      paidAt: '2026-06-14',
      reference: 'BANK-123',
      method: 'transfer',
      createdAt: TEST_NOW,
    });
    expect(await paidCentsOf(order.id)).toBe(50_000);
    const listed = await api.as(people.admin).get(`/api/invoices/${order.invoice_number}/payments`);
    expect(listed.json).toMatchObject({
      totalCents: 120_000,
      paidCents: 50_000,
      leftCents: 70_000,
      items: [{ id: res.json.id }],
    });
    const after = (await api.as(people.companyAdmin).get('/api/me/company/statement')).json.balanceCents as number;
    expect(before - after).toBe(50_000);

    // The rest pays it in full: it leaves the open invoices.
    const rest = await api
      .as(people.admin)
      .post(`/api/invoices/${order.invoice_number}/payments`, transfer({ amountCents: 70_000 }));
    expect(rest.status, rest.body).toBe(201);
    const statement = await api.as(people.companyAdmin).get('/api/me/company/statement');
    expect((statement.json.invoices as { number: string }[]).map((i) => i.number)).not.toContain(order.invoice_number);
    const again = await api.as(people.admin).post(`/api/invoices/${order.invoice_number}/payments`, transfer({ amountCents: 1 }));
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(s.alreadyPaid(order.invoice_number!));
  });

  it('refuses more than is left with 409 naming what is left, and writes nothing', async () => {
    const order = await invoice({ paid_cents: 100_000 });
    const res = await api
      .as(people.admin)
      .post(`/api/invoices/${order.invoice_number}/payments`, transfer({ amountCents: 20_001 }));
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe('The invoice has $200.00 left to pay');
    expect(res.json.errors).toEqual({ amountCents: 'The invoice has $200.00 left to pay' });
    expect(await paidCentsOf(order.id)).toBe(100_000);
    expect(await paymentRows(order.id)).toEqual([]);
  });

  it('refuses a bad amount, date or reference, naming the field', async () => {
    const order = await invoice();
    const url = `/api/invoices/${order.invoice_number}/payments`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amountCents: 0 }, 'amountCents', s.amountInvalid],
      [{ amountCents: 12.5 }, 'amountCents', s.amountInvalid],
      [{ paidAt: '2026-02-30' }, 'paidAt', s.paidAtInvalid],
      [{ paidAt: '14/06/2026' }, 'paidAt', s.paidAtInvalid],
      // Tomorrow in the shop's time zone (America/Detroit: 08:00 on June 15th).
      [{ paidAt: '2026-06-16' }, 'paidAt', s.paidAtInFuture],
      [{ reference: '   ' }, 'reference', s.referenceRequired],
      [{ reference: 'x'.repeat(101) }, 'reference', copy.validation.tooLong(100)],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api.as(people.admin).post(url, transfer(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.json.errors?.[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await paymentRows(order.id)).toEqual([]);
  });

  it('records nothing against a cancelled order, a card invoice or an unknown number', async () => {
    const cancelled = await invoice({ status: 'cancelled', cancel_reason: 'admin' });
    const res = await api.as(people.admin).post(`/api/invoices/${cancelled.invoice_number}/payments`, transfer());
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe(s.orderCancelled(cancelled.invoice_number!));
    const card = await invoice({ payment_method: 'card', status: 'paid', due_date: null });
    const byCard = await api.as(people.admin).post(`/api/invoices/${card.invoice_number}/payments`, transfer());
    expect(byCard.status).toBe(409);
    expect(byCard.json.detail).toBe(s.notOnAccount(card.invoice_number!));
    expect((await api.as(people.admin).post('/api/invoices/INV-2026-000000001/payments', transfer())).status).toBe(404);
  });

  it('answers the same payment for the same Idempotency-Key, and refuses the key for another payment', async () => {
    const order = await invoice();
    const url = `/api/invoices/${order.invoice_number}/payments`;
    const headers = { 'idempotency-key': 'remittance-77' };
    const first = await api.as(people.admin).post(url, transfer(), { headers });
    const second = await api.as(people.admin).post(url, transfer(), { headers });
    expect(first.status, first.body).toBe(201);
    expect(second.status, second.body).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await paidCentsOf(order.id)).toBe(50_000);
    const other = await api.as(people.admin).post(url, transfer({ amountCents: 100 }), { headers });
    expect(other.status).toBe(409);
    expect(other.json.detail).toBe(s.keyReused);
  });

  it('records one payment when two admins send one key at once', async () => {
    const order = await invoice();
    const url = `/api/invoices/${order.invoice_number}/payments`;
    const headers = { 'idempotency-key': 'same-remittance' };
    const answers = await Promise.all(
      [people.admin, people.secondAdmin, people.admin, people.secondAdmin].map((who) =>
        api.as(who).post(url, transfer(), { headers }),
      ),
    );
    for (const res of answers) expect([200, 201], res.body).toContain(res.status);
    expect(new Set(answers.map((res) => res.json.id)).size).toBe(1);
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await paidCentsOf(order.id)).toBe(50_000);
  });

  it('never pays past the total when payments with different keys arrive at once', async () => {
    const order = await invoice();
    const url = `/api/invoices/${order.invoice_number}/payments`;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        api.as(n % 2 ? people.admin : people.secondAdmin).post(url, transfer({ amountCents: 50_000, reference: `R${n}` })),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(2);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(2);
    expect(await paidCentsOf(order.id)).toBe(100_000);
    expect(await paymentRows(order.id)).toHaveLength(2);
  });

  it("shows an invoice's payments to a shop admin and its company's admins, and to no one else", async () => {
    const order = await invoice();
    const url = `/api/invoices/${order.invoice_number}/payments`;
    expect((await api.as(people.admin).get(url)).status).toBe(200);
    expect((await api.as(people.companyAdmin).get(url)).status).toBe(200);
    expect((await api.as(people.buyer).get(url)).status).toBe(404);
    expect((await api.as(people.stranger).get(url)).status).toBe(404);
    expect((await api.anonymous.get(url)).status).toBe(401);
    // Recording is the shop's.
    expect((await api.as(people.companyAdmin).post(url, transfer())).status).toBe(403);
  });

  it('lets a company admin pay what is left by card, recorded once however often it is confirmed', async () => {
    const order = await invoice({ paid_cents: 20_000 });
    const number = order.invoice_number!;
    expect((await api.as(people.buyer).post(`/api/invoices/${number}/pay-by-card`)).status).toBe(404);
    expect((await api.as(people.stranger).post(`/api/invoices/${number}/pay-by-card`)).status).toBe(404);
    const started = await api.as(people.companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    expect(started.status, started.body).toBe(200);
    expect(started.json).toMatchObject({ invoiceNumber: number, orderId: order.id, provider: 'sandbox', amountCents: 100_000 });
    const clientSecret = started.json.clientSecret as string;

    const declined = await api
      .as(people.companyAdmin)
      .post(`/api/invoices/${number}/card-payment`, { clientSecret, card: DECLINED_CARD });
    expect(declined.status).toBe(402);
    expect(await paymentRows(order.id)).toHaveLength(0);

    const paid = await api
      .as(people.companyAdmin)
      .post(`/api/invoices/${number}/card-payment`, { clientSecret, card: GOOD_CARD });
    expect(paid.status, paid.body).toBe(200);
    const again = await api
      .as(people.companyAdmin)
      .post(`/api/invoices/${number}/card-payment`, { clientSecret, card: GOOD_CARD });
    expect(again.status, again.body).toBe(200);
    expect(again.json.transactionId).toBe(paid.json.transactionId);
    const rows = await paymentRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: 'card',
      reference: paid.json.transactionId,
      paid_at: '2026-06-15',
      recorded_by: null,
    });
    expect(Number(rows[0]!.amount_cents)).toBe(100_000);
    expect(await paidCentsOf(order.id)).toBe(120_000);
    const more = await api.as(people.companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    expect(more.status).toBe(409);
    expect(more.json.detail).toBe(s.alreadyPaid(number));
  });

  it('starts a new card payment when a transfer changed what is left, and refuses the stale one', async () => {
    const order = await invoice();
    const number = order.invoice_number!;
    const stale = await api.as(people.companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    expect(stale.json.amountCents).toBe(120_000);
    expect((await api.as(people.admin).post(`/api/invoices/${number}/payments`, transfer({ amountCents: 20_000 }))).status).toBe(
      201,
    );
    const refused = await api
      .as(people.companyAdmin)
      .post(`/api/invoices/${number}/card-payment`, { clientSecret: stale.json.clientSecret, card: GOOD_CARD });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(s.cardNotStarted);
    const fresh = await api.as(people.companyAdmin).post(`/api/invoices/${number}/pay-by-card`);
    expect(fresh.json.amountCents).toBe(100_000);
    const paid = await api
      .as(people.companyAdmin)
      .post(`/api/invoices/${number}/card-payment`, { clientSecret: fresh.json.clientSecret, card: GOOD_CARD });
    expect(paid.status, paid.body).toBe(200);
    expect(await paidCentsOf(order.id)).toBe(120_000);
  });
});

describeOnEachEngine('the company statement', (ctx) => {
  const api = testApi(ctx);
  const people = companyOnAccount(ctx);

  it('lists open invoices with days overdue in the shop time zone, recent payments, balance and credit', async () => {
    const { db } = ctx.database;
    const overdue = await insertAccountInvoice(db, {
      companyId: people.companyId,
      userId: people.buyer.id,
      dueDate: '2026-06-10',
    });
    const current = await insertAccountInvoice(db, {
      companyId: people.companyId,
      userId: people.buyer.id,
      dueDate: '2026-07-15',
      paid_cents: 0,
    });
    // Another company's invoice and a paid one stay out.
    const elsewhere = await insertAccountCompany(db, { adminIds: [people.stranger.id] });
    await insertAccountInvoice(db, { companyId: elsewhere.id, userId: people.stranger.id });
    const paidUp = await insertAccountInvoice(db, { companyId: people.companyId, userId: people.buyer.id });
    expect(
      (
        await api
          .as(people.admin)
          .post(
            `/api/invoices/${paidUp.invoice_number}/payments`,
            transfer({ amountCents: 120_000, reference: '=HYPERLINK("x")' }),
          )
      ).status,
    ).toBe(201);
    expect(
      (
        await api
          .as(people.admin)
          .post(`/api/invoices/${current.invoice_number}/payments`, transfer({ amountCents: 30_000, paidAt: '2026-06-12' }))
      ).status,
    ).toBe(201);

    const res = await api.as(people.companyAdmin).get('/api/me/company/statement');
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({
      companyName: 'Test Garage Inc.',
      currency: 'USD',
      date: '2026-06-15',
      paymentsSince: '2026-03-17',
      invoices: [
        {
          number: overdue.invoice_number,
          orderId: overdue.id,
          invoicedAt: '2026-06-15T12:00:00.000Z',
          dueDate: '2026-06-10',
          totalCents: 120_000,
          paidCents: 0,
          daysOverdue: 5,
        },
        expect.objectContaining({ number: current.invoice_number, paidCents: 30_000, daysOverdue: 0 }),
      ],
      payments: [
        expect.objectContaining({ invoiceNumber: paidUp.invoice_number, amountCents: 120_000, method: 'transfer' }),
        expect.objectContaining({
          invoiceNumber: current.invoice_number,
          amountCents: 30_000,
          paidAt: '2026-06-12',
          reference: 'BANK-123',
        }),
      ],
      balanceCents: 210_000,
      creditLimitCents: 500_000,
      creditLeftCents: 290_000,
    });

    // 23:30 in Detroit on June 15th is June 16th in UTC: still 5 days overdue in the shop's time zone.
    ctx.clock.set('2026-06-16T03:30:00.000Z');
    try {
      const late = await api.as(people.companyAdmin).get('/api/me/company/statement');
      expect(late.json.invoices[0].daysOverdue).toBe(5);
    } finally {
      ctx.clock.set(TEST_NOW);
    }

    const csv = await api.as(people.companyAdmin).get('/api/me/company/statement.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`invoice,${overdue.invoice_number},${overdue.id},2026-06-15,2026-06-10,1200.00,0.00,5`);
    // A reference a spreadsheet would run as a formula opens as text.
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('balance,,,2026-06-15,,2100.00');

    const pdf = await ctx.app.inject({ url: '/api/me/company/statement.pdf', headers: { cookie: people.companyAdmin.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(overdue.invoice_number);
    expect(text).toContain('$2,100.00');
  });

  it('is for company admins: a buyer is refused, someone in no company finds none', async () => {
    for (const url of ['/api/me/company/statement', '/api/me/company/statement.pdf', '/api/me/company/statement.csv']) {
      const asBuyer = await api.as(people.buyer).get(url);
      expect(asBuyer.status, url).toBe(403);
      expect(asBuyer.json.detail).toBe(s.adminsOnly);
      expect((await api.as(people.admin).get(url)).status, url).toBe(404);
      expect((await api.anonymous.get(url)).status, url).toBe(401);
    }
  });
});

describeOnEachEngine('the reminders of invoices on account', (ctx) => {
  let companyAdmin: TestAccount;
  let secondCompanyAdmin: TestAccount;
  let buyer: TestAccount;
  let companyId: string;

  beforeAll(async () => {
    const { db } = ctx.database;
    companyAdmin = await signInAs(ctx.app, db, 'customer');
    secondCompanyAdmin = await signInAs(ctx.app, db, 'customer');
    buyer = await signInAs(ctx.app, db, 'customer');
    companyId = (await insertAccountCompany(db, { adminIds: [companyAdmin.id, secondCompanyAdmin.id], buyerIds: [buyer.id] })).id;
  });

  const mailsAbout = async (number: string) =>
    (await ctx.database.db.selectFrom('mail_outbox').selectAll().where('subject', 'like', `%${number}%`).execute()).map(
      (mail) => `${mail.kind} ${mail.recipient}`,
    );

  it('mails the company admins 3 days before the due date and on the day after, once each', async () => {
    const { db } = ctx.database;
    const order = await insertAccountInvoice(db, { companyId, userId: buyer.id, dueDate: '2026-07-01' });
    const paid = await insertAccountInvoice(db, { companyId, userId: buyer.id, dueDate: '2026-07-01', paid_cents: 120_000 });
    const number = order.invoice_number!;
    try {
      ctx.clock.set('2026-06-27T12:00:00.000Z');
      await ctx.app.invoiceReminders.sweep();
      expect(await mailsAbout(number)).toEqual([]);

      // June 28th in Detroit: 3 days before.
      ctx.clock.set('2026-06-28T12:00:00.000Z');
      const [first, second] = await Promise.all([ctx.app.invoiceReminders.sweep(), ctx.app.invoiceReminders.sweep()]);
      expect(first + second).toBe(1);
      expect((await mailsAbout(number)).sort()).toEqual(
        [`invoice-due-soon ${companyAdmin.email}`, `invoice-due-soon ${secondCompanyAdmin.email}`].sort(),
      );
      ctx.clock.set('2026-06-30T12:00:00.000Z');
      expect(await ctx.app.invoiceReminders.sweep()).toBe(0);

      // Due on July 1st: the day after, July 2nd in the shop's time zone (03:00 UTC is still July 1st there).
      ctx.clock.set('2026-07-02T03:00:00.000Z');
      expect(await ctx.app.invoiceReminders.sweep()).toBe(0);
      ctx.clock.set('2026-07-02T14:00:00.000Z');
      expect(await ctx.app.invoiceReminders.sweep()).toBe(1);
      ctx.clock.set('2026-07-03T14:00:00.000Z');
      expect(await ctx.app.invoiceReminders.sweep()).toBe(0);
      const mails = await mailsAbout(number);
      expect(mails.filter((mail) => mail.startsWith('invoice-overdue'))).toHaveLength(2);
      expect(mails).toHaveLength(4);
      expect(await mailsAbout(paid.invoice_number!)).toEqual([]);
      const text = await db
        .selectFrom('mail_outbox')
        .select('text')
        .where('kind', '=', 'invoice-overdue')
        .executeTakeFirstOrThrow();
      expect(text.text).toContain(s.reminderAfterIntro(number, '$1,200.00', '2026-07-01'));
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });
});
