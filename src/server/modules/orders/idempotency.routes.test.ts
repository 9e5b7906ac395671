import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody, TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertOrder, insertPart } from '../../testing/factories';
import { stockOf } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

/**
 * POST /api/orders with an Idempotency-Key (docs/connect.md, "Placing orders safely"): the same key
 * with the same body answers the first order, the same key with another body is refused and writes
 * nothing, and two requests with one key at once make one order.
 */
describeOnEachEngine('Idempotency-Key on POST /api/orders', (ctx) => {
  const api = testApi(ctx);
  const keyApi = testApi(ctx, { origin: null });
  const db = () => ctx.database.db;
  let customer: TestAccount;
  let sequence = 0;

  beforeAll(async () => {
    customer = await signedInCustomer(ctx);
  });

  const newKey = () => {
    sequence += 1;
    return `order-attempt-${sequence}`;
  };
  const place = (who: TestAccount, body: object, key: string) =>
    api.as(who).post('/api/orders', body, { headers: { 'idempotency-key': key } });
  const ordersWithKey = async (userId: string, key: string) =>
    (
      await db()
        .selectFrom('orders')
        .select(['id', 'idempotency_fingerprint'])
        .where('idempotency_key', '=', `${userId}:${key}`)
        .execute()
    ).map((row) => row.id);
  const linesBody = (partId: string, quantity: number) => ({
    lines: [{ partId, quantity }],
    phone: TEST_PHONE,
    address: TEST_ADDRESS,
  });

  it('answers the same key and body with the first order, whatever the order of its fields, and takes the stock once', async () => {
    const part = await insertPart(db(), { stock: 100, min_order_quantity: 1 });
    const key = newKey();
    const first = await place(customer, linesBody(part.id, 12), key);
    expect(first.status, first.body).toBe(201);
    // The same body with its fields in another order, and the text as the schema trims it.
    const again = await place(
      customer,
      { address: ` ${TEST_ADDRESS} `, phone: TEST_PHONE, lines: [{ quantity: 12, partId: part.id }] },
      key,
    );
    // A replay answers as the first request did: 201 with the same order.
    expect(again.status, again.body).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(await stockOf(db(), part.id)).toBe(88);
    expect(await ordersWithKey(customer.id, key)).toEqual([first.json.id]);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const part = await insertPart(db(), { stock: 100, min_order_quantity: 1 });
    const key = newKey();
    const first = await place(customer, linesBody(part.id, 12), key);
    expect(first.status, first.body).toBe(201);
    const orders = await db().selectFrom('orders').select('id').execute();

    const other = await place(customer, linesBody(part.id, 13), key);
    expect(other.status).toBe(422);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.json).toMatchObject({ code: 'idempotency_key_reused', detail: copy.orders.idempotencyKeyReused });
    expect(await stockOf(db(), part.id)).toBe(88);
    expect(await db().selectFrom('orders').select('id').execute()).toHaveLength(orders.length);
    // Another key is another order.
    expect((await place(customer, linesBody(part.id, 13), newKey())).status).toBe(201);
    expect(await stockOf(db(), part.id)).toBe(75);
  });

  it('makes one order of two requests with one key at once: the other gets it, or 422 for another body', async () => {
    const part = await insertPart(db(), { stock: 100, min_order_quantity: 1 });
    const same = newKey();
    const twins = await Promise.all([
      place(customer, linesBody(part.id, 10), same),
      place(customer, linesBody(part.id, 10), same),
    ]);
    expect(twins.map((res) => res.status)).toEqual([201, 201]);
    expect(twins[1]!.json.id).toBe(twins[0]!.json.id);
    expect(await stockOf(db(), part.id)).toBe(90);

    const raced = newKey();
    const rivals = await Promise.all([
      place(customer, linesBody(part.id, 10), raced),
      place(customer, linesBody(part.id, 20), raced),
    ]);
    expect(rivals.map((res) => res.status).sort()).toEqual([201, 422]);
    const winner = rivals.find((res) => res.status === 201)!;
    expect(await ordersWithKey(customer.id, raced)).toEqual([winner.json.id]);
    // Only the winner's units left stock.
    expect(await stockOf(db(), part.id)).toBe(90 - (winner.json.id === rivals[0]!.json.id ? 10 : 20));
  });

  it('replays an order placed before bodies were remembered, whatever the body', async () => {
    const part = await insertPart(db(), { stock: 100, min_order_quantity: 1 });
    const key = newKey();
    const earlier = await insertOrder(db(), {
      part_id: part.id,
      user_id: customer.id,
      status: 'pending_payment',
      idempotency_key: `${customer.id}:${key}`,
    });
    const res = await place(customer, linesBody(part.id, 7), key);
    expect(res.status, res.body).toBe(201);
    expect(res.json.id).toBe(earlier.id);
    expect(await stockOf(db(), part.id)).toBe(100);
  });

  it('refuses a key longer than 200 characters, and an empty one', async () => {
    const part = await insertPart(db(), { stock: 100 });
    for (const key of ['k'.repeat(201), '   ']) {
      const res = await place(customer, bookingBody(part.id), key);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
    }
    expect((await place(customer, bookingBody(part.id), 'k'.repeat(200))).status).toBe(201);
  });

  it("keys an API key's orders to its maker: the key and the maker's session share them", async () => {
    const admin = await signedInCustomer(ctx);
    const company = await insertCompany(db(), { status: 'active', memberIds: [admin.id] });
    const site = await db()
      .selectFrom('company_addresses')
      .select('id')
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    const created = await api.as(admin).post('/api/api-keys', { name: 'ERP', scopes: ['orders:write'] });
    expect(created.status, created.body).toBe(201);
    const part = await insertPart(db(), { stock: 100, min_order_quantity: 1 });
    const body = { lines: [{ partId: part.id, quantity: 5 }], deliveryAddressId: site.id, poNumber: 'PO-7781' };
    const key = newKey();
    const byKey = (payload: object) =>
      keyApi.anonymous.post('/api/orders', payload, {
        headers: { authorization: `Bearer ${created.json.secret}`, 'idempotency-key': key },
      });

    const first = await byKey(body);
    expect(first.status, first.body).toBe(201);
    expect((await byKey(body)).json.id).toBe(first.json.id);
    const other = await byKey({ ...body, poNumber: 'PO-7782' });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('idempotency_key_reused');
    // The maker's own session with that key is the same request.
    expect((await place(admin, body, key)).json.id).toBe(first.json.id);
    expect(await stockOf(db(), part.id)).toBe(95);
    expect(await ordersWithKey(admin.id, key)).toEqual([first.json.id]);
  });
});
