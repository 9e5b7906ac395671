import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { signedInAdmin, signedInCustomer, signUp, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { paidOrder, placedOrder } from '../../testing/orders';
import { deliveryAddress, download, MUNICH, pdfText, setShop } from '../../testing/pdf';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';
import { SandboxProvider } from '../payments';

/** The refunds the sandbox was asked for, by order. */
function refundsAsked(spy: { mock: { calls: unknown[][] } }, orderId: string): number {
  return spy.mock.calls.filter(([input]) => (input as { orderId: string }).orderId === orderId).length;
}

async function stockOf(ctx: TestContext, partId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('part_stock')
    .select('stock')
    .where('part_id', '=', partId)
    .executeTakeFirstOrThrow();
  return Number(row.stock);
}

async function intentStatusOf(ctx: TestContext, orderId: string): Promise<string | undefined> {
  const row = await ctx.database.db
    .selectFrom('payment_intents')
    .select('status')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.status;
}

/** The refund follows the cancellation's commit: waits until the sandbox has recorded it. */
async function refunded(ctx: TestContext, orderId: string): Promise<void> {
  await vi.waitFor(async () => expect(await intentStatusOf(ctx, orderId)).toBe('refunded'), { timeout: 5000, interval: 20 });
}

describeOnEachEngine('credit notes: an admin cancels a paid order', (ctx) => {
  let customer: TestAccount;
  let admin: TestAccount;
  const api = testApi(ctx);
  const refund = vi.spyOn(SandboxProvider.prototype, 'refund');

  beforeAll(async () => {
    customer = await signedInCustomer(ctx);
    admin = await signedInAdmin(ctx);
    await setShop(ctx, admin);
  });
  afterEach(() => refund.mockClear());

  const cancel = (account: TestAccount, id: string) => api.as(account).delete(`/api/orders/${id}`);

  it('cancels it, returns its stock, numbers its credit note, mails the customer and refunds the card once', async () => {
    const part = await insertPart(ctx.database.db, { name: 'Brake pad set', sku: 'GH-BRK-4001', price_cents: 1890, stock: 500 });
    const { id, transactionId } = await paidOrder(ctx, customer, part.id, { address: undefined, deliveryAddress: MUNICH });
    expect(await stockOf(ctx, part.id)).toBe(488);

    const res = await cancel(admin, id);
    expect(res.status, res.body).toBe(200);
    const order = res.json as Order;
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'admin', totalCents: 28_167 });
    expect(order.creditNotes).toEqual([{ number: 'CN-2026-000001', totalCents: 28_167, issuedAt: '2026-06-15T12:00:00.000Z' }]);
    expect(await stockOf(ctx, part.id)).toBe(500);

    const note = await ctx.database.db
      .selectFrom('credit_notes')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ number: 'CN-2026-000001', reason: 'cancelled', invoice_number: order.invoiceNumber });
    expect([note.goods_cents, note.delivery_cents, note.total_cents].map(Number)).toEqual([22_680, 990, 28_167]);
    expect(JSON.parse(note.taxes)).toEqual([{ name: 'VAT', ratePercent: 19, baseCents: 23_670, amountCents: 4497 }]);

    await refunded(ctx, id);
    expect(refundsAsked(refund, id)).toBe(1);
    expect(refund).toHaveBeenCalledWith(expect.objectContaining({ orderId: id, transactionId, amountCents: 28_167 }));
    // The recovery pass finds nothing owed, and asks the provider nothing more.
    expect(await ctx.app.creditRefunds.sweep()).toBe(0);
    expect(refundsAsked(refund, id)).toBe(1);

    await ctx.app.mailOutbox.drain();
    const mail = ctx.mailer.messages.find((message) => message.to === customer.email && message.kind === 'order-credited');
    expect(mail?.text).toContain(copy.mail.creditNote('CN-2026-000001', '$281.67'));

    // My Orders and Manage All Orders list it with the order.
    const mine = (await api.as(customer).get('/api/me/orders?view=cancelled')).json as { items: Order[] };
    expect(mine.items.find((item) => item.id === id)?.creditNotes).toEqual(order.creditNotes);
    const all = (await api.as(admin).get('/api/orders?status=cancelled')).json as { items: Order[] };
    expect(all.items.find((item) => item.id === id)?.creditNotes).toEqual(order.creditNotes);
    // Cancelling it again changes nothing.
    const again = await cancel(admin, id);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ detail: copy.orders.alreadyCancelled });
  });

  it('refunds, on the recovery pass, a credit note whose refund was lost after the commit', async () => {
    const part = await insertPart(ctx.database.db, { stock: 500 });
    const { id } = await paidOrder(ctx, customer, part.id);
    // The node stops (or the provider fails) between the commit and the refund.
    refund.mockRejectedValueOnce(new Error('connection reset'));
    expect((await cancel(admin, id)).status).toBe(200);
    await vi.waitFor(() => expect(refundsAsked(refund, id)).toBe(1));
    expect(await intentStatusOf(ctx, id)).toBe('succeeded');

    expect(await ctx.app.creditRefunds.sweep()).toBe(1);
    expect(await intentStatusOf(ctx, id)).toBe('refunded');
    expect(await ctx.app.creditRefunds.sweep()).toBe(0);
    expect(refundsAsked(refund, id)).toBe(2);
  });

  it('refuses a shipped or delivered order (409), and a customer cancelling their paid order', async () => {
    const part = await insertPart(ctx.database.db, { stock: 500 });
    const shipped = await paidOrder(ctx, customer, part.id);
    expect((await api.as(admin).patch(`/api/orders/${shipped.id}`, { status: 'shipped' })).status).toBe(200);
    const delivered = await paidOrder(ctx, customer, part.id);
    expect((await api.as(admin).patch(`/api/orders/${delivered.id}`, { status: 'shipped' })).status).toBe(200);
    expect((await api.as(admin).patch(`/api/orders/${delivered.id}`, { status: 'delivered' })).status).toBe(200);
    for (const { id } of [shipped, delivered]) {
      const res = await cancel(admin, id);
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'conflict', detail: copy.orders.sentNotCancellable });
    }
    const paid = await paidOrder(ctx, customer, part.id);
    const byCustomer = await cancel(customer, paid.id);
    expect(byCustomer.status).toBe(409);
    expect(byCustomer.json).toMatchObject({ detail: copy.orders.onlyUnpaidCancellable });

    const stock = await stockOf(ctx, part.id);
    expect(stock).toBe(500 - 3 * 12);
    for (const { id } of [shipped, delivered, paid]) {
      const order = (await api.as(customer).get(`/api/orders/${id}`)).json as Order;
      expect(order.creditNotes).toEqual([]);
      expect(order.status).not.toBe('cancelled');
    }
    expect(refund).not.toHaveBeenCalled();
    // An unpaid order an admin cancels has no invoice, and gets no credit note.
    const unpaid = await placedOrder(ctx, customer, part.id);
    expect(((await cancel(admin, unpaid.id)).json as Order).creditNotes).toEqual([]);
  });

  it('prints the credit note as its invoice, every figure credited, for its owner and an admin; 404 for anyone else', async () => {
    const buyer = await signUp(ctx.app, { name: 'Łukasz Żółć' });
    const pads = await insertPart(ctx.database.db, {
      name: 'Тормозные колодки',
      sku: 'GH-BRK-4002',
      price_cents: 1890,
      stock: 500,
    });
    const { id } = await paidOrder(ctx, buyer, pads.id, {
      address: undefined,
      deliveryAddress: deliveryAddress({ line1: 'Γιώργου Παπαδόπουλου 7', city: 'München', postalCode: '80331', country: 'DE' }),
    });
    const order = (await cancel(admin, id)).json as Order;
    const number = order.creditNotes[0]!.number;
    expect(number).toMatch(/^CN-2026-\d{6}$/);

    for (const account of [buyer, admin]) {
      const res = await download(ctx.app, account, `/api/credit-notes/${number}.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
      const text = await pdfText(res.bytes);
      expect(text).toContain(copy.invoice.creditNoteTitle);
      expect(text).toContain(`${copy.invoice.creditNoteNumber} ${number}`);
      expect(text).toContain(`${copy.invoice.refersTo} ${order.invoiceNumber!}`);
      expect(text).toContain('Gearhouse Parts GmbH Werkstrasse 4 70173 Stuttgart Germany');
      expect(text).toContain('Łukasz Żółć Γιώργου Παπαδόπουλου 7 80331 München Germany');
      expect(text).toContain('GH-BRK-4002 Тормозные колодки 12 -$18.90 -$226.80');
      expect(text).toContain(
        [
          `${copy.invoice.goodsSubtotal} -$226.80`,
          `${copy.totals.delivery} -$9.90`,
          'VAT 19% on -$236.70 -$44.97',
          `${copy.invoice.total} -$281.67`,
        ].join(' '),
      );
    }

    const stranger = await signedInCustomer(ctx);
    for (const [account, url] of [
      [stranger, `/api/credit-notes/${number}.pdf`],
      [buyer, '/api/credit-notes/CN-2026-999999.pdf'],
    ] as const) {
      const res = await download(ctx.app, account, url);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: copy.invoice.creditNoteNotFound });
    }
    expect((await download(ctx.app, null, `/api/credit-notes/${number}.pdf`)).status).toBe(401);
  });
});

describeOnEachEngine(
  'credit note numbers under concurrent cancellations',
  (ctx) => {
    it('numbers 12 credit notes issued at once 1 to 12 of the year, none missing or repeated', async () => {
      const customer = await signedInCustomer(ctx);
      const admin = await signedInAdmin(ctx);
      const parts = await Promise.all(Array.from({ length: 3 }, () => insertPart(ctx.database.db, { stock: 500 })));
      const orders = [];
      // Orders of the same parts, so the cancellations also take turns at their stock.
      for (let n = 0; n < 12; n++) orders.push(await paidOrder(ctx, customer, parts[n % 3]!.id));

      const answers = await Promise.all(orders.map(({ id }) => testApi(ctx).as(admin).delete(`/api/orders/${id}`)));
      expect(answers.map((res) => res.status)).toEqual(Array<number>(12).fill(200));
      const numbers = answers.map((res) => (res.json as Order).creditNotes.map((note) => note.number)).flat();
      expect(numbers.sort()).toEqual(Array.from({ length: 12 }, (_, n) => `CN-2026-${String(n + 1).padStart(6, '0')}`));
      const sequence = await ctx.database.db.selectFrom('credit_note_sequences').selectAll().execute();
      expect(sequence.map((row) => [Number(row.year), Number(row.last)])).toEqual([[2026, 12]]);
      for (const part of parts) {
        const row = await ctx.database.db
          .selectFrom('part_stock')
          .select('stock')
          .where('part_id', '=', part.id)
          .executeTakeFirstOrThrow();
        expect(Number(row.stock)).toBe(500);
      }
      for (const { id } of orders) await refunded(ctx, id);
    });
  },
  { engines: ['postgres'] },
);
