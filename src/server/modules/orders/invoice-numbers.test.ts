import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { signInAs, signedInCustomer } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { GOOD_CARD, paidOrder, payByCard, placedOrder } from '../../testing/orders';
import { capturingMailer } from '../../testing/mail';
import { RELAXED_ABUSE_LIMITS, TEST_NOW, describeOnEachEngine, testConfig } from '../../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { LocalDiskStorage } from '../uploads';
import { nextInvoiceNumber } from './invoices.repository';

describeOnEachEngine('invoice numbers', (ctx) => {
  const invoiceOf = async (cookie: string, orderId: string) =>
    (await testApi(ctx).as({ cookie }).get(`/api/orders/${orderId}`)).json.invoiceNumber as string | null;

  it('gives none to an unpaid order, then the next of the payment year when it is paid', async () => {
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(ctx.database.db, { stock: 1000 });
    const first = await placedOrder(ctx, customer, part.id);
    expect(await invoiceOf(customer.cookie, first.id)).toBeNull();

    const second = await placedOrder(ctx, customer, part.id);
    expect((await payByCard(ctx, customer, second.id)).status).toBe(200);
    const firstPaid = await payByCard(ctx, customer, first.id);
    expect(firstPaid.status).toBe(200);
    // Numbered in the order they were paid, not booked.
    expect(await invoiceOf(customer.cookie, second.id)).toBe('INV-2026-000001');
    expect(await invoiceOf(customer.cookie, first.id)).toBe('INV-2026-000002');

    // Confirming the same payment again changes nothing and takes no number.
    const again = await testApi(ctx)
      .as(customer)
      .post(`/api/orders/${first.id}/payment`, { clientSecret: firstPaid.clientSecret, card: GOOD_CARD });
    expect(again.status).toBe(200);
    const third = await paidOrder(ctx, customer, part.id);
    expect(await invoiceOf(customer.cookie, third.id)).toBe('INV-2026-000003');
    expect(await invoiceOf(customer.cookie, first.id)).toBe('INV-2026-000002');
  });

  it('starts again from 1 in a new year, by the payment time in UTC', async () => {
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(ctx.database.db, { stock: 1000 });
    ctx.clock.set('2026-12-31T23:59:59.000Z');
    const late = await paidOrder(ctx, customer, part.id);
    ctx.clock.set('2027-01-01T00:00:00.000Z');
    const early = await paidOrder(ctx, customer, part.id);
    expect(await invoiceOf(customer.cookie, late.id)).toMatch(/^INV-2026-00000[1-9]$/);
    expect(await invoiceOf(customer.cookie, early.id)).toBe('INV-2027-000001');
  });

  it('gives a rolled-back number to the next payment', async () => {
    const { db } = ctx.database;
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await nextInvoiceNumber(trx, 2031)).toBe('INV-2031-000001');
        throw new Error('the payment failed after taking its number');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await db.transaction().execute((trx) => nextInvoiceNumber(trx, 2031))).toBe('INV-2031-000001');
    expect(await db.transaction().execute((trx) => nextInvoiceNumber(trx, 2031))).toBe('INV-2031-000002');
  });
});

/**
 * Two nodes of one shop, each with its own connections to one PostgreSQL database, paying orders at
 * the same moment: the year's counter row is the only thing that orders them.
 */
describe.skipIf(!availableEngines().includes('postgres'))('invoice numbers on two nodes [postgres]', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let nodes: [FastifyInstance, FastifyInstance];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = database.open();
    const config = testConfig(database.dir);
    const build = (handle: DatabaseHandle) =>
      buildApp(config, {
        database: handle,
        clock: fixedClock(TEST_NOW),
        mailer: capturingMailer(),
        storage: new LocalDiskStorage(path.join(database.dir, 'uploads')),
        logger: false,
        responseCacheTtlMs: 0,
        abuseLimits: RELAXED_ABUSE_LIMITS,
        orderSweepIntervalMs: 0,
        mailDispatchIntervalMs: 0,
      });
    nodes = [await build(database), await build(second)];
    await Promise.all(nodes.map((node) => node.ready()));
  });
  afterAll(async () => {
    await Promise.all(nodes?.map((node) => node.close()) ?? []);
    await second?.destroy();
    await database?.drop();
  });

  it('numbers 20 simultaneous payments 1 to 20, half paid through each node, without gap or duplicate', async () => {
    const { db } = database;
    const [a, b] = nodes;
    const customer = await signInAs(a, db, 'customer');
    const orders = [];
    // A part each, so that no shared part row lines the payments up.
    for (let i = 0; i < 20; i++) orders.push(await placedOrder({ app: a, database }, customer, (await insertPart(db)).id));

    const payments = await Promise.all(
      orders.map((order, i) => payByCard({ app: i % 2 === 0 ? a : b, database }, customer, order.id)),
    );
    expect(payments.map((res) => res.status)).toEqual(Array(20).fill(200));

    const rows = await db
      .selectFrom('orders')
      .select('invoice_number')
      .where(
        'id',
        'in',
        orders.map((order) => order.id),
      )
      .execute();
    const numbers = rows.map((row) => row.invoice_number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`));
  });

  it('orders concurrent transactions by the counter row alone, each holding its number a while', async () => {
    const handles = [database.db, second.db];
    const numbers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handles[i % 2]!.transaction().execute(async (trx) => {
          const number = await nextInvoiceNumber(trx, 2032);
          // The rest of a payment's transaction: others must wait for it, not read the old count.
          await new Promise((resolve) => setTimeout(resolve, 10));
          return number;
        }),
      ),
    );
    expect(numbers.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `INV-2032-${String(i + 1).padStart(6, '0')}`));
  });
});
