import { sql } from 'kysely';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Overview } from '#shared/schemas/overview';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_PHONE } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { payByCard } from '../../testing/orders';
import { download, pdfText } from '../../testing/pdf';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';
import { SandboxProvider } from '../payments';

const r = copy.returns;
const DAY_MS = 86_400_000;
const NEW_YORK = { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postalCode: '10118', country: 'US' };
/** Sales tax of 5%, delivery 9.90 under 100.00 of goods. */
const SHOP = {
  flashDealEndsAt: '2026-07-01T00:00:00Z',
  taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 5 }],
  deliveryFeeCents: 990,
  freeDeliveryThresholdCents: 10_000,
};

interface Line {
  id: string;
  kind: string;
  partId: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

describeOnEachEngine('core deposits', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  let admin: TestAccount;
  const refundAmount = vi.spyOn(SandboxProvider.prototype, 'refundAmount');

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    const res = await api.as(admin).patch('/api/settings', SHOP);
    expect(res.status, res.body).toBe(200);
  });
  afterEach(() => {
    refundAmount.mockClear();
    ctx.clock.set(TEST_NOW);
  });

  /** An alternator at 20.00 with a 45.00 core deposit, sold by the unit. */
  const alternator = (stock = 50) =>
    insertPart(db(), { price_cents: 2000, core_charge_cents: 4500, stock, min_order_quantity: 1, pack_size: 1 });

  async function ordered(buyer: TestAccount, lines: { partId: string; quantity: number }[]) {
    const placed = await api.as(buyer).post('/api/orders', { lines, phone: TEST_PHONE, deliveryAddress: NEW_YORK });
    expect(placed.status, placed.body).toBe(201);
    return placed.json.id as string;
  }

  /** Books 4 alternators, pays, ships and delivers them: answers the order and its lines. */
  async function deliveredOrder(buyer: TestAccount) {
    const part = await alternator();
    const orderId = await ordered(buyer, [{ partId: part.id, quantity: 4 }]);
    expect((await payByCard(ctx, buyer, orderId)).status).toBe(200);
    for (const status of ['shipped', 'delivered']) {
      expect((await api.as(admin).patch(`/api/orders/${orderId}`, { status })).status).toBe(200);
    }
    const lines = (await api.as(buyer).get(`/api/orders/${orderId}`)).json.lines as Line[];
    return { orderId, partId: part.id, partLine: lines[0]!, coreLine: lines[1]! };
  }

  const ask = (buyer: TestAccount, orderId: string, lines: object[]) =>
    api.as(buyer).post('/api/returns', { orderId, lines, note: '' });

  async function creditedReturn(id: string, conditions: object[]) {
    expect((await api.as(admin).post(`/api/returns/${id}/approve`, {})).status).toBe(200);
    expect((await api.as(admin).post(`/api/returns/${id}/receive`, { lines: conditions })).status).toBe(200);
    const credited = await api.as(admin).post(`/api/returns/${id}/credit`);
    expect(credited.status, credited.body).toBe(200);
    return credited.json;
  }

  it('charges the deposit on a line of its own, taxed with the goods, not counted toward free delivery', async () => {
    const buyer = await signedInCustomer(ctx);
    const part = await alternator(50);
    // The quote prices the cart as the order will.
    const quote = await api
      .as(buyer)
      .post('/api/cart/quote', { lines: [{ partId: part.id, quantity: 4 }], deliveryAddress: NEW_YORK });
    expect(quote.status, quote.body).toBe(200);
    const orderId = await ordered(buyer, [{ partId: part.id, quantity: 4 }]);
    const order = (await api.as(buyer).get(`/api/orders/${orderId}`)).json;
    expect(order.lines).toMatchObject([
      { id: `${orderId}:0`, kind: 'part', partId: part.id, quantity: 4, unitPriceCents: 2000, lineTotalCents: 8000 },
      { id: `${orderId}:1`, kind: 'core', partId: part.id, quantity: 4, unitPriceCents: 4500, lineTotalCents: 18_000 },
    ]);
    expect(order.quantity).toBe(4);
    // 80.00 of parts is under 100.00: delivery is charged though the deposits bring the goods to 260.00.
    // 5% of 260.00 + 9.90 = 13.495 → 13.50.
    const figures = {
      goodsCents: 26_000,
      deliveryCents: 990,
      taxes: [{ name: 'Sales tax', ratePercent: 5, baseCents: 26_990, amountCents: 1350 }],
      totalCents: 28_340,
    };
    expect(order).toMatchObject(figures);
    expect(quote.json).toMatchObject(figures);
    // Stock is the part's only; units sold count the part line once paid.
    const stock = await db().selectFrom('part_stock').select('stock').where('part_id', '=', part.id).executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(46);
    expect((await payByCard(ctx, buyer, orderId)).status).toBe(200);
    const { rows } = await sql<{ units_sold: number }>`select units_sold from parts where id = ${part.id}`.execute(db());
    expect(Number(rows[0]!.units_sold)).toBe(4);

    const invoice = await download(ctx.app, buyer, `/api/orders/${orderId}/invoice.pdf`);
    expect(invoice.status).toBe(200);
    const text = await pdfText(invoice.bytes);
    expect(text).toContain(copy.orders.coreDepositLine(part.name));

    // An admin's cancellation gives back the 4 units, not 8.
    expect((await api.as(admin).delete(`/api/orders/${orderId}`)).status).toBe(200);
    const after = await db().selectFrom('part_stock').select('stock').where('part_id', '=', part.id).executeTakeFirstOrThrow();
    expect(Number(after.stock)).toBe(50);
    const sold = await sql<{ units_sold: number }>`select units_sold from parts where id = ${part.id}`.execute(db());
    expect(Number(sold.rows[0]!.units_sold)).toBe(0);
  });

  it('returns a core only as a core line, within the cores’ window', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, partLine, coreLine } = await deliveredOrder(buyer);
    const wrong = await ask(buyer, orderId, [{ orderLineId: coreLine.id, quantity: 1, reason: 'not_needed' }]);
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ 'lines.0.reason': r.reasonInvalid });
    const notCore = await ask(buyer, orderId, [{ orderLineId: partLine.id, quantity: 1, reason: 'core' }]);
    expect(notCore.json.errors).toEqual({ 'lines.0.reason': r.reasonInvalid });

    // Past the 30 days of other returns, a core still comes back; past 90 days it does not.
    ctx.clock.advance(60 * DAY_MS);
    const late = await ask(buyer, orderId, [{ orderLineId: partLine.id, quantity: 1, reason: 'not_needed' }]);
    expect(late.json.errors).toEqual({ 'lines.0.orderLineId': r.windowClosed(30) });
    expect((await ask(buyer, orderId, [{ orderLineId: coreLine.id, quantity: 1, reason: 'core' }])).status).toBe(201);
    ctx.clock.advance(30 * DAY_MS + 1000);
    const tooLate = await ask(buyer, orderId, [{ orderLineId: coreLine.id, quantity: 1, reason: 'core' }]);
    expect(tooLate.status).toBe(422);
    expect(tooLate.json.errors).toEqual({ 'lines.0.orderLineId': r.windowClosed(90) });
  });

  const overview = async () => (await api.as(admin).get('/api/admin/overview')).json as Overview;
  const cores = (body: Overview) => body.returnsByReason.find((row) => row.reason === 'core')!;

  it('credits a rebuildable core its deposit and tax once, refunded to the card; a damaged one nothing', async () => {
    const buyer = await signedInCustomer(ctx);
    const before = await overview();
    const { orderId, partId, coreLine } = await deliveredOrder(buyer);
    // The overview counts the 4 deposits open: 180.00.
    expect((await overview()).openCoreDepositsCents - before.openCoreDepositsCents).toBe(18_000);
    const stock = await db().selectFrom('part_stock').select('stock').where('part_id', '=', partId).executeTakeFirstOrThrow();

    const first = await ask(buyer, orderId, [{ orderLineId: coreLine.id, quantity: 3, reason: 'core' }]);
    expect(first.status, first.body).toBe(201);
    const credited = await creditedReturn(first.json.id as string, [{ orderLineId: coreLine.id, condition: 'resalable' }]);
    // 3 × 45.00 = 135.00, and its share of the tax: 5% → 6.75.
    expect(credited).toMatchObject({ status: 'credited', refundCents: 14_175, refundMethod: 'card' });
    expect(refundAmount).toHaveBeenCalledWith(expect.objectContaining({ orderId, amountCents: 14_175 }));
    // No stock moves for a core.
    const after = await db().selectFrom('part_stock').select('stock').where('part_id', '=', partId).executeTakeFirstOrThrow();
    expect(Number(after.stock)).toBe(Number(stock.stock));

    // Only the fourth core is left to return, and a damaged one is credited nothing.
    const again = await ask(buyer, orderId, [{ orderLineId: coreLine.id, quantity: 2, reason: 'core' }]);
    expect(again.json.errors).toEqual({ 'lines.0.quantity': r.quantityTooMany(1) });
    const last = await ask(buyer, orderId, [{ orderLineId: coreLine.id, quantity: 1, reason: 'core' }]);
    refundAmount.mockClear();
    const damaged = await creditedReturn(last.json.id as string, [{ orderLineId: coreLine.id, condition: 'damaged' }]);
    expect(damaged).toMatchObject({ status: 'credited', refundCents: 0 });
    expect(refundAmount).not.toHaveBeenCalled();

    // Every core is settled now; the returns by reason count the two core lines asked for, 4 units.
    const settled = await overview();
    expect(settled.openCoreDepositsCents).toBe(before.openCoreDepositsCents);
    expect(cores(settled).lines - cores(before).lines).toBe(2);
    expect(cores(settled).units - cores(before).units).toBe(4);
    expect(settled.returnsByReason.map((row) => row.reason)).toEqual(['wrong_part', 'damaged', 'not_needed', 'warranty', 'core']);
  });
});
