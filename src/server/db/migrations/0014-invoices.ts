import type { Kysely } from 'kysely';

/**
 * Invoice numbers (docs/decisions/0020-invoice-numbers.md): `INV-<year>-<6 digits>`, counted from 1 in
 * each year of payment (UTC), without gaps.
 *
 * - orders.invoice_number: null until the order is paid; unique (both engines let many rows be null).
 * - invoice_sequences: one row per year holding the last number given, raised in the payment's own
 *   transaction, so a rolled-back payment gives its number back (a database sequence would not).
 * - Orders already paid get their numbers here, in order of payment within each year, and each year's
 *   row starts after the last of them.
 * - mail_outbox.invoice_order_id: the order whose invoice goes with the mail (the "paid" mail); the PDF
 *   is made when the mail is sent, so the outbox keeps a reference, not the bytes.
 * - settings: the seller an invoice names (company name, postal address on several lines, VAT
 *   number), editable by an admin; the defaults stand until then.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The seller as the shop first had it (the shared schema's defaults say the same). */
const DEFAULT_SELLER = {
  name: 'Gearhouse Manufacturing Ltd.',
  address: '1 Foundry Way\nGearville GV1 2AB\nUnited Kingdom',
  vatNumber: '',
};

/** How many numbered orders one backfill statement writes. */
const BATCH = 500;

/** The number's form as it was then (the orders module writes the same). */
function invoiceNumberOf(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(6, '0')}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('invoice_number', 'text').execute();
  await db.schema.createIndex('orders_invoice_number_idx').unique().on('orders').column('invoice_number').execute();
  await db.schema
    .createTable('invoice_sequences')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('invoice_order_id', 'text').execute();
  await db.schema
    .alterTable('settings')
    .addColumn('seller_name', 'text', (c) => c.notNull().defaultTo(DEFAULT_SELLER.name))
    .execute();
  await db.schema
    .alterTable('settings')
    .addColumn('seller_address', 'text', (c) => c.notNull().defaultTo(DEFAULT_SELLER.address))
    .execute();
  await db.schema
    .alterTable('settings')
    .addColumn('seller_vat_number', 'text', (c) => c.notNull().defaultTo(DEFAULT_SELLER.vatNumber))
    .execute();

  const paid: { id: string; paid_at: string }[] = await db
    .selectFrom('orders')
    .select(['id', 'paid_at'])
    .where('paid_at', 'is not', null)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
  const last = new Map<number, number>();
  const numbered = paid.map((order) => {
    const year = new Date(order.paid_at).getUTCFullYear();
    const n = (last.get(year) ?? 0) + 1;
    last.set(year, n);
    return { id: order.id, number: invoiceNumberOf(year, n) };
  });
  for (let start = 0; start < numbered.length; start += BATCH) {
    const batch = numbered.slice(start, start + BATCH);
    // One statement per batch: `case id when … then …` is plain SQL on both engines.
    await db
      .updateTable('orders')
      .set((eb: any) => ({
        invoice_number: batch.reduce((cases: any, { id, number }) => cases.when('id', '=', id).then(number), eb.case()).end(),
      }))
      .where(
        'id',
        'in',
        batch.map(({ id }) => id),
      )
      .execute();
  }
  if (last.size > 0) {
    await db
      .insertInto('invoice_sequences')
      .values([...last].map(([year, n]) => ({ year, last: n })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('invoice_order_id').execute();
  for (const column of ['seller_name', 'seller_address', 'seller_vat_number']) {
    await db.schema.alterTable('settings').dropColumn(column).execute();
  }
  await db.schema.dropTable('invoice_sequences').execute();
  await db.schema.dropIndex('orders_invoice_number_idx').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_number').execute();
}
