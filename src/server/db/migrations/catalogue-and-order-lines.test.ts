import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

/** A row as the tables were before migration 0010 (no SKU, category or lines). */
const at = '2026-01-01T00:00:00.000Z';
const oldPart = (id: string, name: string) => ({
  id,
  name,
  description: `${name} description`,
  price_cents: 1000,
  stock: 100,
  min_order_quantity: 12,
  image_url: '/uploads/00000000000000000000000000000000.webp',
  created_at: at,
  updated_at: at,
  archived_at: null,
});
const oldOrder = (id: string, partId: string, status: string, quantity: number) => ({
  id,
  user_id: null,
  part_id: partId,
  part_name: `Part of ${id}`,
  image_url: '/uploads/00000000000000000000000000000000.webp',
  unit_price_cents: 1000,
  quantity,
  total_cents: 1000 * quantity,
  customer_name: 'Customer',
  customer_email: 'customer@example.com',
  phone: '+1 555-010-2030',
  address: '12 Piston Road',
  status,
  cancel_reason: null,
  transaction_id: null,
  paid_at: null,
  idempotency_key: null,
  created_at: at,
  updated_at: at,
});

describeOnEachEngine('migration 0010: catalogue fields and order lines', (ctx) => {
  it('gives every stored part a SKU and a category, every order one line, and keeps units sold exact', async () => {
    const { db } = ctx.database;
    await migrateTo(db, '0009-review-per-subject');
    // The tables as they were then, not as the types say now.
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto('parts')
      .values([oldPart('a1b2c3d4-0001-4000-8000-000000000001', 'Pads'), oldPart('a1b2c3d4-0002-4000-8000-000000000002', 'Discs')])
      .execute();
    await raw
      .insertInto('orders')
      .values([
        oldOrder('order-paid', 'a1b2c3d4-0001-4000-8000-000000000001', 'paid', 24),
        oldOrder('order-unpaid', 'a1b2c3d4-0001-4000-8000-000000000001', 'pending_payment', 12),
        oldOrder('order-shipped', 'a1b2c3d4-0002-4000-8000-000000000002', 'shipped', 36),
      ])
      .execute();

    await migrateToLatest(db);

    const parts = await db
      .selectFrom('parts')
      .select(['id', 'sku', 'category_id', 'cross_references', 'pack_size', 'price_tiers'])
      .orderBy('id')
      .execute();
    // "GH-" and the first twelve hex digits of the id.
    expect(parts.map((part) => part.sku)).toEqual(['GH-A1B2C3D40001', 'GH-A1B2C3D40002']);
    for (const part of parts) expect(part).toMatchObject({ cross_references: '[]', pack_size: 1, price_tiers: '[]' });
    const categories = await db.selectFrom('categories').selectAll().execute();
    expect(categories.map((category) => [category.slug, category.name])).toEqual([['other', 'Other parts']]);
    expect(parts.every((part) => part.category_id === categories[0]!.id)).toBe(true);

    const lines = await db.selectFrom('order_lines').selectAll().orderBy('order_id').execute();
    expect(
      lines.map((line) => [line.order_id, line.position, line.part_id, line.quantity, Number(line.line_total_cents)]),
    ).toEqual([
      ['order-paid', 0, 'a1b2c3d4-0001-4000-8000-000000000001', 24, 24_000],
      ['order-shipped', 0, 'a1b2c3d4-0002-4000-8000-000000000002', 36, 36_000],
      ['order-unpaid', 0, 'a1b2c3d4-0001-4000-8000-000000000001', 12, 12_000],
    ]);
    expect(lines.find((line) => line.order_id === 'order-paid')!.sku).toBe(parts[0]!.sku);

    const unitsSold = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('parts')
            .select(['id', sql<number>`units_sold`.as('units')])
            .execute()
        ).map((row) => [row.id, Number(row.units)]),
      );
    expect(await unitsSold()).toEqual({
      'a1b2c3d4-0001-4000-8000-000000000001': 24,
      'a1b2c3d4-0002-4000-8000-000000000002': 36,
    });
    // The triggers now follow the lines: paying the unpaid order adds its line, cancelling the paid one takes its off.
    await db.updateTable('orders').set({ status: 'paid' }).where('id', '=', 'order-unpaid').execute();
    await db.updateTable('orders').set({ status: 'delivered' }).where('id', '=', 'order-shipped').execute();
    await db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', 'order-paid').execute();
    expect(await unitsSold()).toEqual({
      'a1b2c3d4-0001-4000-8000-000000000001': 12,
      'a1b2c3d4-0002-4000-8000-000000000002': 36,
    });
    // Deleting a sold order takes its units off, its lines go with it.
    await db.deleteFrom('orders').where('id', '=', 'order-shipped').execute();
    expect(await unitsSold()).toMatchObject({ 'a1b2c3d4-0002-4000-8000-000000000002': 0 });
    expect(await db.selectFrom('order_lines').select('order_id').where('order_id', '=', 'order-shipped').execute()).toEqual([]);
  });

  it('makes no category in a shop without parts', async () => {
    const { db } = ctx.database;
    await migrateTo(db, '0009-review-per-subject');
    await sql`delete from payment_intents`.execute(db);
    await sql`delete from orders`.execute(db);
    await sql`delete from parts`.execute(db);
    await migrateToLatest(db);
    expect(await db.selectFrom('categories').selectAll().execute()).toEqual([]);
  });
});
