import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { orderLineIdOf } from '#shared/schemas/returns';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { insertOrder, insertPart } from '../../testing/factories';
import { insertAccountCompany, uniqueInvoiceNumber } from '../../testing/invoices';
import { paidOrder } from '../../testing/orders';
import { describeOnEachEngine, TEST_NOW, type TestContext } from '../../testing/test-app';
import { SandboxProvider } from '../payments';

const r = copy.returns;
const DAY_MS = 86_400_000;
/** What every settings PATCH names. */
const DEAL_END = { flashDealEndsAt: '2026-07-01T00:00:00Z' };

/** Every row a return may write, to show that a refused request changed nothing. */
async function snapshot(ctx: TestContext) {
  const { db } = ctx.database;
  return {
    returns: await db.selectFrom('returns').selectAll().orderBy('id').execute(),
    lines: await db.selectFrom('return_lines').selectAll().orderBy('return_id').orderBy('line_position').execute(),
    creditNotes: await db.selectFrom('credit_notes').selectAll().orderBy('number').execute(),
    refunds: await db.selectFrom('payment_refunds').selectAll().orderBy('idempotency_key').execute(),
    stock: await db.selectFrom('part_stock').selectAll().orderBy('part_id').execute(),
    mails: (await db.selectFrom('mail_outbox').select('id').execute()).length,
  };
}

async function stockOf(ctx: TestContext, partId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('part_stock')
    .select('stock')
    .where('part_id', '=', partId)
    .executeTakeFirstOrThrow();
  return Number(row.stock);
}

describeOnEachEngine('returns', (ctx) => {
  const api = testApi(ctx);
  let admin: TestAccount;
  const realRefundAmount = SandboxProvider.prototype.refundAmount;
  const refundAmount = vi.spyOn(SandboxProvider.prototype, 'refundAmount');

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
  });
  afterEach(() => {
    refundAmount.mockClear();
    ctx.clock.set(TEST_NOW);
  });

  /** A card order of 12 units of a new part, paid through the sandbox, shipped and delivered now. */
  async function deliveredCardOrder(buyer: TestAccount, part: { price_cents?: number } = {}) {
    const row = await insertPart(ctx.database.db, part);
    const order = await paidOrder(ctx, buyer, row.id);
    expect((await api.as(admin).patch(`/api/orders/${order.id}`, { status: 'shipped' })).status).toBe(200);
    expect((await api.as(admin).patch(`/api/orders/${order.id}`, { status: 'delivered' })).status).toBe(200);
    // The order names its lines as a return does.
    const lines = (await api.as(buyer).get(`/api/orders/${order.id}`)).json.lines as { id: string }[];
    expect(lines.map((line) => line.id)).toEqual([orderLineIdOf(order.id, 0)]);
    return { orderId: order.id, partId: row.id, lineId: lines[0]!.id };
  }

  const ask = (buyer: TestAccount, orderId: string, lines: object[], extra: object = {}) =>
    api.as(buyer).post('/api/returns', { orderId, lines, note: 'Not what I needed', ...extra });

  it('documents every route with examples in the OpenAPI document', async () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: unknown }> };
      responses: Record<string, unknown>;
    };
    const doc = (await api.anonymous.get('/api/openapi.json')).json as { paths: Record<string, Record<string, Operation>> };
    const routes: [string, string, string, boolean][] = [
      ['/api/returns', 'post', '201', true],
      ['/api/returns', 'get', '200', false],
      ['/api/returns/{id}', 'get', '200', false],
      ['/api/returns/{id}/approve', 'post', '200', true],
      ['/api/returns/{id}/refuse', 'post', '200', true],
      ['/api/returns/{id}/receive', 'post', '200', true],
      ['/api/returns/{id}/credit', 'post', '200', false],
    ];
    for (const [path, method, status, body] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      // Swagger writes one example as `example`, more as `examples`.
      expect(JSON.stringify(operation!.responses[status]), `${method} ${path}`).toMatch(/"examples?"/);
      if (body) expect(JSON.stringify(operation!.requestBody), `${method} ${path}`).toMatch(/"examples?"/);
    }
  });

  it('takes a request from the buyer, numbers it, and shows it to them and the shop, never to another customer', async () => {
    const buyer = await signedInCustomer(ctx);
    const stranger = await signedInCustomer(ctx);
    const { orderId, lineId, partId } = await deliveredCardOrder(buyer);

    const res = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'not_needed' }]);
    expect(res.status, res.body).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), number: expect.stringMatching(/^RMA-2026-\d{6}$/), status: 'requested' });
    const id = res.json.id as string;

    const mine = await api.as(buyer).get(`/api/returns/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      number: res.json.number,
      orderId,
      status: 'requested',
      note: 'Not what I needed',
      photos: [],
      lines: [{ orderLineId: lineId, partId, quantity: 2, reason: 'not_needed', condition: null }],
      requestedAt: TEST_NOW,
      creditNoteNumber: null,
    });
    expect((await api.as(buyer).get('/api/returns')).json).toMatchObject({ total: 1, items: [{ id }] });
    // One order's returns, as My Orders and the return form read them.
    expect((await api.as(buyer).get(`/api/returns?orderId=${orderId}`)).json).toMatchObject({ total: 1, items: [{ id }] });
    const otherOrder = '0193a1c2-7d4e-7000-8000-00000000a0ff';
    expect((await api.as(buyer).get(`/api/returns?orderId=${otherOrder}`)).json).toMatchObject({ total: 0, items: [] });
    expect((await api.as(admin).get('/api/returns')).json.items.map((item: { id: string }) => item.id)).toContain(id);

    expect((await api.as(stranger).get(`/api/returns/${id}`)).status).toBe(404);
    expect((await api.as(stranger).get('/api/returns')).json).toMatchObject({ total: 0, items: [] });
    // Another customer's order is not theirs to return: 404, as an order that does not exist.
    const before = await snapshot(ctx);
    const foreign = await ask(stranger, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'not_needed' }]);
    expect(foreign.status).toBe(404);
    expect(foreign.json.detail).toBe(r.orderNotFound);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('numbers returns one after the other, without a gap after a refused request', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const first = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'not_needed' }]);
    expect((await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 50, reason: 'not_needed' }])).status).toBe(422);
    const second = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'not_needed' }]);
    const n = (number: string) => Number(number.slice(-6));
    expect(n(second.json.number as string)).toBe(n(first.json.number as string) + 1);
  });

  it.each([
    [
      'an unknown line',
      (lineId: string) => [{ orderLineId: `${lineId}9`, quantity: 1, reason: 'not_needed' }],
      400,
      {
        'lines.0.orderLineId': r.lineUnknown,
      },
    ],
    [
      'a line twice',
      (lineId: string) => [
        { orderLineId: lineId, quantity: 1, reason: 'not_needed' },
        { orderLineId: lineId, quantity: 1, reason: 'damaged' },
      ],
      400,
      { 'lines.1.orderLineId': r.lineTwice },
    ],
    [
      'a core return of a line that is no core',
      (lineId: string) => [{ orderLineId: lineId, quantity: 1, reason: 'core' }],
      400,
      {
        'lines.0.reason': r.reasonInvalid,
      },
    ],
    [
      'an unknown reason',
      (lineId: string) => [{ orderLineId: lineId, quantity: 1, reason: 'bored' }],
      400,
      {
        'lines.0.reason': r.reasonInvalid,
      },
    ],
    [
      'no quantity',
      (lineId: string) => [{ orderLineId: lineId, quantity: 0, reason: 'damaged' }],
      400,
      {
        'lines.0.quantity': r.quantityInvalid,
      },
    ],
    [
      'more than was bought',
      (lineId: string) => [{ orderLineId: lineId, quantity: 13, reason: 'damaged' }],
      422,
      {
        'lines.0.quantity': r.quantityTooMany(12),
      },
    ],
    ['no lines', () => [], 400, { lines: r.linesRequired }],
  ])('refuses %s, naming the field, and changes nothing', async (_name, lines, status, errors) => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const before = await snapshot(ctx);
    const res = await ask(buyer, orderId, lines(lineId));
    expect(res.status, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json.errors).toEqual(errors);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('refuses photos that were not uploaded here, and more than 3', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const before = await snapshot(ctx);
    const line = [{ orderLineId: lineId, quantity: 1, reason: 'damaged' }];
    const foreign = await ask(buyer, orderId, line, { photos: ['https://example.com/cat.jpg'] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors).toEqual({ 'photos.0': r.photoNotUploaded });
    const many = await ask(buyer, orderId, line, {
      photos: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp', '/uploads/d.webp'],
    });
    expect(many.status).toBe(400);
    expect(many.json.errors).toEqual({ photos: r.tooManyPhotos(3) });
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('takes a return only of a delivered order, within the return window from its delivery', async () => {
    const buyer = await signedInCustomer(ctx);
    const part = await insertPart(ctx.database.db);
    const paid = await paidOrder(ctx, buyer, part.id);
    const before = await snapshot(ctx);
    const early = await ask(buyer, paid.id, [{ orderLineId: orderLineIdOf(paid.id, 0), quantity: 1, reason: 'damaged' }]);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ detail: r.orderNotDelivered, errors: { orderId: r.orderNotDelivered } });

    expect(await snapshot(ctx)).toEqual(before);

    const { orderId, lineId } = await deliveredCardOrder(buyer);
    ctx.clock.advance(30 * DAY_MS + 1000);
    // A later change of the order's row moves no window: it counts from the delivery.
    await ctx.database.db
      .updateTable('orders')
      .set({ updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', orderId)
      .execute();
    const delivered = await snapshot(ctx);
    const late = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'damaged' }]);
    expect(late.status).toBe(422);
    expect(late.json.errors).toEqual({ 'lines.0.orderLineId': r.windowClosed(30) });
    expect(await snapshot(ctx)).toEqual(delivered);

    // The window is a setting.
    expect((await api.as(admin).patch('/api/settings', { ...DEAL_END, returnWindowDays: 45 })).status).toBe(200);
    try {
      expect((await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'damaged' }])).status).toBe(201);
    } finally {
      expect((await api.as(admin).patch('/api/settings', { ...DEAL_END, returnWindowDays: 30 })).status).toBe(200);
    }
  });

  it('counts what earlier returns hold, except refused ones', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const first = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 5, reason: 'not_needed' }]);
    expect(first.status).toBe(201);
    const before = await snapshot(ctx);
    const tooMany = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 8, reason: 'not_needed' }]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.errors).toEqual({ 'lines.0.quantity': r.quantityTooMany(7) });
    expect(await snapshot(ctx)).toEqual(before);
    expect((await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 7, reason: 'not_needed' }])).status).toBe(201);
    expect((await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'not_needed' }])).json.errors).toEqual({
      'lines.0.quantity': r.quantityTooMany(0),
    });
    // A refused return holds nothing.
    expect((await api.as(admin).post(`/api/returns/${first.json.id}/refuse`, { reason: 'Fitted and used' })).status).toBe(200);
    expect((await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 5, reason: 'not_needed' }])).status).toBe(201);
  });

  it('lets returns asked at the same moment hold no more than was bought between them', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const answers = await Promise.all(
      [1, 2, 3].map(() => ask(buyer, orderId, [{ orderLineId: lineId, quantity: 5, reason: 'not_needed' }])),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 422]);
    const held = await ctx.database.db.selectFrom('return_lines').select('quantity').where('order_id', '=', orderId).execute();
    expect(held.reduce((sum, line) => sum + line.quantity, 0)).toBe(10);
  });

  it('moves a return through its states only from the state before, 409 with a sentence otherwise', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const id = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'damaged' }])).json.id as string;
    const to = (step: string, body?: object) => api.as(admin).post(`/api/returns/${id}/${step}`, body);
    const refusedWith = async (res: Awaited<ReturnType<typeof to>>, detail: string) => {
      expect(res.status, res.body).toBe(409);
      expect(res.json.detail).toBe(detail);
    };

    let before = await snapshot(ctx);
    await refusedWith(
      await to('receive', { lines: [{ orderLineId: lineId, condition: 'damaged' }] }),
      r.notApproved('requested'),
    );
    await refusedWith(await to('credit'), r.notReceived('requested'));
    expect(await snapshot(ctx)).toEqual(before);

    const approved = await to('approve', { note: 'Send with the original box.' });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'approved', approvedAt: TEST_NOW, adminNotes: 'Send with the original box.' });
    before = await snapshot(ctx);
    await refusedWith(await to('approve', {}), r.notRequested('approved'));
    await refusedWith(await to('refuse', { reason: 'Too late' }), r.notRequested('approved'));
    // Every line's condition, each line once.
    const missing = await to('receive', { lines: [] });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ lines: r.conditionMissing });
    const stranger = await to('receive', { lines: [{ orderLineId: orderLineIdOf(orderId, 3), condition: 'damaged' }] });
    expect(stranger.json.errors).toEqual({ 'lines.0.orderLineId': r.conditionLineUnknown });
    expect(await snapshot(ctx)).toEqual(before);

    const received = await to('receive', { lines: [{ orderLineId: lineId, condition: 'damaged' }] });
    expect(received.status).toBe(200);
    expect(received.json).toMatchObject({ status: 'received', receivedAt: TEST_NOW, lines: [{ condition: 'damaged' }] });

    const credited = await to('credit');
    expect(credited.status, credited.body).toBe(200);
    expect(credited.json).toMatchObject({ status: 'credited', creditNoteNumber: expect.stringMatching(/^CN-2026-\d{6}$/) });
    before = await snapshot(ctx);
    await refusedWith(await to('credit'), r.notReceived('credited'));
    expect(await snapshot(ctx)).toEqual(before);
    expect(refundAmount).toHaveBeenCalledTimes(1);
  });

  it('cannot receive a refused return', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const id = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'damaged' }])).json.id as string;
    const refused = await api.as(admin).post(`/api/returns/${id}/refuse`, { reason: 'The pads were fitted and used.' });
    expect(refused.json).toMatchObject({
      status: 'refused',
      refusedAt: TEST_NOW,
      refusalReason: 'The pads were fitted and used.',
    });
    const blank = await api.as(admin).post(`/api/returns/${id}/refuse`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual({ reason: r.refusalReasonRequired });
    const before = await snapshot(ctx);
    const res = await api
      .as(admin)
      .post(`/api/returns/${id}/receive`, { lines: [{ orderLineId: lineId, condition: 'resalable' }] });
    expect(res.status).toBe(409);
    expect(res.json.detail).toBe(r.notApproved('refused'));
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('lets only a shop admin approve, refuse, receive and credit', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer);
    const id = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'damaged' }])).json.id as string;
    const before = await snapshot(ctx);
    for (const step of ['approve', 'refuse', 'receive', 'credit']) {
      expect((await api.as(buyer).post(`/api/returns/${id}/${step}`, {})).status).toBe(403);
      expect((await api.anonymous.post(`/api/returns/${id}/${step}`, {})).status).toBe(401);
    }
    expect((await api.anonymous.get('/api/returns')).status).toBe(401);
    expect(await snapshot(ctx)).toEqual(before);
  });

  /** Approves and receives a return with these conditions, then credits it. */
  async function creditedReturn(
    id: string,
    conditions: { orderLineId: string; condition: string }[],
    approval: { note?: string } = {},
  ) {
    expect((await api.as(admin).post(`/api/returns/${id}/approve`, approval)).status).toBe(200);
    expect((await api.as(admin).post(`/api/returns/${id}/receive`, { lines: conditions })).status).toBe(200);
    const res = await api.as(admin).post(`/api/returns/${id}/credit`);
    expect(res.status, res.body).toBe(200);
    return res;
  }

  it('credits a card order: stock back for resalable unwanted parts, a credit note, and one refund of that amount', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId, partId } = await deliveredCardOrder(buyer, { price_cents: 2500 });
    const stock = await stockOf(ctx, partId);
    const id = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 3, reason: 'not_needed' }])).json.id as string;
    const credited = await creditedReturn(id, [{ orderLineId: lineId, condition: 'resalable' }]);
    expect(credited.json).toMatchObject({
      status: 'credited',
      creditedAt: TEST_NOW,
      refundCents: 7500,
      refundMethod: 'card',
      refundedAt: TEST_NOW,
    });
    expect(await stockOf(ctx, partId)).toBe(stock + 3);

    const note = await ctx.database.db
      .selectFrom('credit_notes')
      .selectAll()
      .where('number', '=', credited.json.creditNoteNumber as string)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ order_id: orderId, reason: 'returned' });
    expect(Number(note.goods_cents)).toBe(7500);
    expect(Number(note.delivery_cents)).toBe(0);
    expect(Number(note.total_cents)).toBe(7500);
    const order = await api.as(buyer).get(`/api/orders/${orderId}`);
    expect(order.json.creditNotes).toEqual([{ number: note.number, totalCents: 7500, issuedAt: TEST_NOW }]);

    expect(refundAmount).toHaveBeenCalledTimes(1);
    expect(refundAmount).toHaveBeenCalledWith(
      expect.objectContaining({ orderId, amountCents: 7500, idempotencyKey: `return:${id}` }),
    );
    const refunds = await ctx.database.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).execute();
    expect(refunds.map((row) => Number(row.amount_cents))).toEqual([7500]);
    // The rest of the charge stays taken.
    const intent = await ctx.database.db
      .selectFrom('payment_intents')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    expect(intent?.status).toBe('succeeded');
    const row = await ctx.database.db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ refund_id: refunds[0]!.refund_id, refunded_at: TEST_NOW, refund_method: 'card' });
  });

  it('keeps damaged units and warranty returns out of stock', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId, partId } = await deliveredCardOrder(buyer);
    const stock = await stockOf(ctx, partId);
    const damaged = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'not_needed' }])).json.id as string;
    await creditedReturn(damaged, [{ orderLineId: lineId, condition: 'damaged' }]);
    const warranty = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'warranty' }])).json.id as string;
    await creditedReturn(warranty, [{ orderLineId: lineId, condition: 'resalable' }]);
    expect(await stockOf(ctx, partId)).toBe(stock);
  });

  it('refunds delivery too when every line of the order comes back as the wrong part or damaged', async () => {
    const buyer = await signedInCustomer(ctx);
    // 12 × $5.00 is under the free delivery threshold: $9.90 of delivery.
    const cheap = await deliveredCardOrder(buyer, { price_cents: 500 });
    const first = (await ask(buyer, cheap.orderId, [{ orderLineId: cheap.lineId, quantity: 4, reason: 'wrong_part' }])).json.id;
    expect(
      (await creditedReturn(first as string, [{ orderLineId: cheap.lineId, condition: 'resalable' }])).json.refundCents,
    ).toBe(2000);
    const rest = (await ask(buyer, cheap.orderId, [{ orderLineId: cheap.lineId, quantity: 8, reason: 'damaged' }])).json.id;
    expect((await creditedReturn(rest as string, [{ orderLineId: cheap.lineId, condition: 'damaged' }])).json.refundCents).toBe(
      4000 + 990,
    );

    // Not when a line came back only because it was not needed.
    const other = await deliveredCardOrder(buyer, { price_cents: 500 });
    const all = (await ask(buyer, other.orderId, [{ orderLineId: other.lineId, quantity: 12, reason: 'not_needed' }])).json.id;
    expect((await creditedReturn(all as string, [{ orderLineId: other.lineId, condition: 'resalable' }])).json.refundCents).toBe(
      6000,
    );
  });

  it('refunds once when the node stops between the provider’s answer and its record, and the pass asks again', async () => {
    const buyer = await signedInCustomer(ctx);
    const { orderId, lineId } = await deliveredCardOrder(buyer, { price_cents: 2000 });
    const id = (await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'damaged' }])).json.id as string;
    // The provider refunds, then the answer is lost on the way back.
    refundAmount.mockImplementationOnce(async function (this: SandboxProvider, input) {
      await realRefundAmount.call(this, input);
      throw new Error('connection reset');
    });
    const credited = await creditedReturn(id, [{ orderLineId: lineId, condition: 'damaged' }]);
    expect(credited.json).toMatchObject({ status: 'credited', refundCents: 4000 });
    const refundsOf = () => ctx.database.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).execute();
    expect(await refundsOf()).toHaveLength(1);
    const unrecorded = await ctx.database.db
      .selectFrom('returns')
      .select('refunded_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(unrecorded.refunded_at).toBeNull();

    await ctx.app.creditRefunds.sweep();
    // Asked again (by this pass, or the one the app runs on its own), always with the return's key.
    expect(refundAmount.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(refundAmount.mock.calls.map(([input]) => input.idempotencyKey))).toEqual(new Set([`return:${id}`]));
    expect((await refundsOf()).map((row) => Number(row.amount_cents))).toEqual([4000]);
    const recorded = await ctx.database.db
      .selectFrom('returns')
      .select('refunded_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(recorded.refunded_at).toBe(TEST_NOW);
    const asked = refundAmount.mock.calls.length;
    expect(await ctx.app.creditRefunds.sweep()).toBe(0);
    expect(refundAmount).toHaveBeenCalledTimes(asked);
  });

  it('mails whoever asked at every step: the receipt, the instructions, the refusal, the receipt of the goods, the credit', async () => {
    const buyer = await signedInCustomer(ctx);
    const instructions = 'Send the parts to Gearhouse Returns, 1 Dock Road, Detroit MI 48207.';
    expect((await api.as(admin).patch('/api/settings', { ...DEAL_END, returnInstructions: instructions })).status).toBe(200);
    const { orderId, lineId } = await deliveredCardOrder(buyer, { price_cents: 2500 });
    const mailsOf = async () =>
      (
        await ctx.database.db
          .selectFrom('mail_outbox')
          .select(['kind', 'subject', 'text'])
          .where('recipient', '=', buyer.email)
          .where('kind', 'like', 'return-%')
          .orderBy('id')
          .execute()
      ).map((mail) => ({ kind: mail.kind, subject: mail.subject, text: mail.text }));
    const first = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 2, reason: 'not_needed' }]);
    const number = first.json.number as string;
    const refused = await ask(buyer, orderId, [{ orderLineId: lineId, quantity: 1, reason: 'damaged' }]);
    expect((await api.as(admin).post(`/api/returns/${refused.json.id}/refuse`, { reason: 'Fitted and used.' })).status).toBe(200);
    const credited = await creditedReturn(first.json.id as string, [{ orderLineId: lineId, condition: 'resalable' }], {
      note: 'Use the prepaid label in the box.',
    });
    const creditNote = credited.json.creditNoteNumber as string;

    const mails = await mailsOf();
    const rm = r.mail;
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['return-requested', rm.requestedSubject(number)],
      ['return-requested', rm.requestedSubject(refused.json.number as string)],
      ['return-refused', rm.refusedSubject(refused.json.number as string)],
      ['return-approved', rm.approvedSubject(number)],
      ['return-received', rm.receivedSubject(number)],
      ['return-credited', rm.creditedSubject(number)],
    ]);
    expect(mails[2]!.text).toContain(rm.refusedBody(refused.json.number as string, 'Fitted and used.'));
    expect(mails[3]!.text).toContain(instructions);
    expect(mails[3]!.text).toContain(rm.shopNote('Use the prepaid label in the box.'));
    expect(mails[5]!.text).toContain(rm.creditedBody(number, creditNote, '$50.00', false));
  });

  it('lets a company admin return a buyer’s order on account, and takes the credit off the company’s balance', async () => {
    const companyAdmin = await signedInCustomer(ctx);
    const buyer = await signedInCustomer(ctx);
    const outsider = await signedInCustomer(ctx);
    const company = await insertAccountCompany(ctx.database.db, { adminIds: [companyAdmin.id], buyerIds: [buyer.id] });
    const otherAdmin = await signedInCustomer(ctx);
    await insertCompany(ctx.database.db, { memberIds: [otherAdmin.id], status: 'active' });
    const part = await insertPart(ctx.database.db);
    const order = await insertOrder(ctx.database.db, {
      part_id: part.id,
      unit_price_cents: 10_000,
      quantity: 12,
      user_id: buyer.id,
      company_id: company.id,
      payment_method: 'account',
      status: 'delivered',
      invoice_number: uniqueInvoiceNumber(),
      invoiced_at: TEST_NOW,
      due_date: '2026-07-15',
      updated_at: TEST_NOW,
    });
    const lineId = orderLineIdOf(order.id, 0);
    const balance = async () => (await api.as(companyAdmin).get('/api/me/company')).json.balanceCents as number;
    expect(await balance()).toBe(120_000);

    for (const someone of [outsider, otherAdmin]) {
      expect((await ask(someone, order.id, [{ orderLineId: lineId, quantity: 1, reason: 'damaged' }])).status).toBe(404);
    }
    const res = await ask(companyAdmin, order.id, [{ orderLineId: lineId, quantity: 3, reason: 'wrong_part' }]);
    expect(res.status, res.body).toBe(201);
    const id = res.json.id as string;
    // The buyer sees the return of their order; the company admin their company's; no one else.
    expect((await api.as(buyer).get(`/api/returns/${id}`)).status).toBe(200);
    expect((await api.as(buyer).get('/api/returns')).json.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await api.as(companyAdmin).get('/api/returns')).json.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await api.as(otherAdmin).get(`/api/returns/${id}`)).status).toBe(404);

    const credited = await creditedReturn(id, [{ orderLineId: lineId, condition: 'resalable' }]);
    expect(credited.json).toMatchObject({ refundCents: 30_000, refundMethod: 'account', refundedAt: null });
    expect(await balance()).toBe(90_000);
    expect(refundAmount).not.toHaveBeenCalled();
    const row = await ctx.database.db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ refund_method: 'account', refund_id: null });
  });
});
