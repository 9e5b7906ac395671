import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

/** An order as the table was before migration 0014 (no invoice number). */
const oldOrder = (id: string, partId: string, status: string, paidAt: string | null) => ({
  id,
  user_id: null,
  part_id: partId,
  part_name: 'Pads',
  image_url: '/uploads/00000000000000000000000000000000.webp',
  unit_price_cents: 1000,
  quantity: 12,
  total_cents: 12_000,
  customer_name: 'Customer',
  customer_email: 'customer@example.com',
  phone: '+1 555-010-2030',
  address: '12 Piston Road',
  status,
  cancel_reason: null,
  transaction_id: paidAt ? `txn_${id}` : null,
  paid_at: paidAt,
  idempotency_key: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

describeOnEachEngine('migration 0014: invoice numbers', (ctx) => {
  it('numbers the orders already paid by year in order of payment, and each year counts on from them', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db);
    await migrateTo(db, '0013-search-at-scale');
    // The table as it was then, not as the types say now.
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto('orders')
      .values([
        oldOrder('o-2026-b', part.id, 'delivered', '2026-03-01T08:00:00.000Z'),
        oldOrder('o-2025-a', part.id, 'shipped', '2025-12-31T23:59:59.999Z'),
        oldOrder('o-2026-a', part.id, 'paid', '2026-01-01T00:00:00.000Z'),
        oldOrder('o-unpaid', part.id, 'pending_payment', null),
        oldOrder('o-cancelled', part.id, 'cancelled', null),
        oldOrder('o-2026-c', part.id, 'paid', '2026-03-01T09:00:00.000Z'),
      ])
      .execute();
    await migrateToLatest(db);

    const numbers = Object.fromEntries(
      (await db.selectFrom('orders').select(['id', 'invoice_number']).where('id', 'like', 'o-%').execute()).map((row) => [
        row.id,
        row.invoice_number,
      ]),
    );
    expect(numbers).toEqual({
      'o-2025-a': 'INV-2025-000001',
      'o-2026-a': 'INV-2026-000001',
      'o-2026-b': 'INV-2026-000002',
      'o-2026-c': 'INV-2026-000003',
      'o-unpaid': null,
      'o-cancelled': null,
    });
    const sequences = await db.selectFrom('invoice_sequences').selectAll().orderBy('year').execute();
    expect(sequences.map((row) => [Number(row.year), Number(row.last)])).toEqual([
      [2025, 1],
      [2026, 3],
    ]);
  });

  it('gives the stored settings the seller the shop first had', async () => {
    const { db } = ctx.database;
    await migrateTo(db, '0013-search-at-scale');
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    await raw.deleteFrom('settings').execute();
    await raw
      .insertInto('settings')
      .values({
        id: 1,
        flash_deal_ends_at: '2026-07-01T00:00:00.000Z',
        flash_deal_discount_text: '30% OFF',
        updated_at: '2026-06-01T00:00:00.000Z',
      })
      .execute();
    await migrateTo(db, '0014-invoices');
    const row = await raw.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    // The seller as the shop first had it, which migration 0014 wrote; an admin's Settings replace it.
    expect({ name: row.seller_name, address: row.seller_address, vatNumber: row.seller_vat_number }).toEqual({
      name: 'Gearhouse Manufacturing Ltd.',
      address: '1 Foundry Way\nGearville GV1 2AB\nUnited Kingdom',
      vatNumber: '',
    });
    expect(row.flash_deal_discount_text).toBe('30% OFF');

    // Migration 0032 later made that text an address with fields.
    await migrateToLatest(db);
    const latest = await db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(latest.seller_address)).toEqual({
      line1: '1 Foundry Way',
      city: 'Gearville',
      postalCode: 'GV1 2AB',
      country: 'GB',
    });
  });
});
