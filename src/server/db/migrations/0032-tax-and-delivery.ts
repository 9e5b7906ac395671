import { type Kysely, sql } from 'kysely';

/**
 * Tax, delivery and totals (docs/shop-rules.md, "Tax, delivery and totals").
 *
 * - settings: the seller's address becomes structured (JSON `{line1, line2?, city, region?, postalCode,
 *   country}`: the seller's country decides reverse charge), and gains the currency, the tax table, the
 *   delivery fee and free-delivery threshold, the order cut-off, time zone and transit days, the
 *   countries delivered to, and the return windows and instructions. Lists are JSON text.
 * - orders: every figure as charged (goods, delivery, taxes by rate, their sum), why no tax was charged,
 *   the structured delivery address and the expected delivery day. `total_cents` stays the order's total,
 *   now tax and delivery included. Orders placed before have goods_cents null: their total was their goods.
 * - credit_notes: `CN-<year>-<6 digits>`, gapless per year like invoices (their own sequence rows), each
 *   the negative of what its order charged.
 * - users: a buyer's own VAT ID and the shop's record that they are tax exempt (the reason, null if not).
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

interface Address {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

/**
 * The seller's address as the shop typed it (lines of text) made structured. "Detroit, MI 48207" reads
 * as city, region and postal code; a last line naming a country is read as its code; the rest are
 * street lines. What cannot be read stays as written in line1 and line2 for an admin to correct.
 */
export function structuredAddressOf(text: string): Address {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const countries: Record<string, string> = {
    'united states': 'US',
    usa: 'US',
    'united kingdom': 'GB',
    germany: 'DE',
    deutschland: 'DE',
    france: 'FR',
  };
  let country = 'US';
  const last = lines.at(-1)?.toLowerCase();
  if (last !== undefined && countries[last]) {
    country = countries[last];
    lines.pop();
  }
  const cityLine = lines.length > 1 ? lines.pop()! : '';
  const us = /^(.+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(cityLine);
  // A British postcode follows the town: "Gearville GV1 2AB".
  const ukLast = /^(.+?)\s+([A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2})$/i.exec(cityLine);
  const postalFirst = /^(\S+(?:\s\S{3})?)\s+(.+)$/.exec(cityLine);
  const [line1 = '', ...rest] = lines;
  const street = { line1, ...(rest.length > 0 ? { line2: rest.join(', ') } : {}) };
  if (us) return { ...street, city: us[1]!, region: us[2]!, postalCode: us[3]!, country };
  if (ukLast) return { ...street, city: ukLast[1]!, postalCode: ukLast[2]!.toUpperCase(), country };
  if (postalFirst && /\d/.test(postalFirst[1]!))
    return { ...street, city: postalFirst[2]!, postalCode: postalFirst[1]!, country };
  return { ...street, city: cityLine, postalCode: '', country };
}

export async function up(db: Kysely<any>): Promise<void> {
  const settingsColumns: [string, 'text' | 'bigint' | 'integer', string | number][] = [
    ['currency', 'text', 'USD'],
    ['tax_rates', 'text', '[]'],
    ['delivery_fee_cents', 'bigint', 990],
    ['free_delivery_threshold_cents', 'bigint', 10000],
    ['order_cutoff', 'text', '14:00'],
    ['time_zone', 'text', 'America/Detroit'],
    ['transit_days', 'text', '{}'],
    ['deliver_to', 'text', '[]'],
    ['return_window_days', 'integer', 30],
    ['core_return_window_days', 'integer', 90],
    ['return_instructions', 'text', ''],
  ];
  for (const [name, type, fallback] of settingsColumns) {
    await db.schema
      .alterTable('settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  const seller: { seller_address: string } | undefined = await db
    .selectFrom('settings')
    .select('seller_address')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (seller) {
    await db
      .updateTable('settings')
      .set({ seller_address: JSON.stringify(structuredAddressOf(seller.seller_address)) })
      .where('id', '=', 1)
      .execute();
  }

  // Nullable or with a constant default: adding them rewrites no existing order on either engine.
  await db.schema.alterTable('orders').addColumn('goods_cents', 'bigint').execute();
  const orderColumns: [string, 'text' | 'bigint', string | number][] = [
    ['delivery_cents', 'bigint', 0],
    ['tax_cents', 'bigint', 0],
    ['taxes', 'text', '[]'],
    ['currency', 'text', 'USD'],
  ];
  for (const [name, type, fallback] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  for (const name of ['tax_exemption', 'delivery_address', 'expected_delivery', 'buyer_vat_id']) {
    await db.schema.alterTable('orders').addColumn(name, 'text').execute();
  }

  await db.schema
    .createTable('credit_notes')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('goods_cents', 'bigint', (c) => c.notNull())
    .addColumn('delivery_cents', 'bigint', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull().check(sql.raw('total_cents >= 0')))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').columns(['order_id', 'issued_at']).execute();
  await db.schema
    .createTable('credit_note_sequences')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('vat_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('tax_exempt_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('tax_exempt_reason').execute();
  await db.schema.alterTable('users').dropColumn('vat_id').execute();
  await db.schema.dropTable('credit_note_sequences').execute();
  await db.schema.dropTable('credit_notes').execute();
  for (const name of [
    'buyer_vat_id',
    'expected_delivery',
    'delivery_address',
    'tax_exemption',
    'currency',
    'taxes',
    'tax_cents',
    'delivery_cents',
    'goods_cents',
  ]) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
  const seller: { seller_address: string } | undefined = await db
    .selectFrom('settings')
    .select('seller_address')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (seller) {
    // Back to the lines the shop printed before: "Detroit, MI 48207", "Gearville GV1 2AB", "70173
    // Stuttgart", then the country's name, so that up() reads them again as they were.
    const address = JSON.parse(seller.seller_address) as Address;
    const cityLine =
      address.country === 'US'
        ? `${address.city}, ${address.region ?? ''} ${address.postalCode}`
        : address.country === 'GB'
          ? `${address.city} ${address.postalCode}`
          : [address.postalCode, address.city, address.region].filter(Boolean).join(' ');
    const names: Record<string, string> = { US: 'United States', GB: 'United Kingdom', DE: 'Germany', FR: 'France' };
    const country = names[address.country] ?? address.country;
    const text = [address.line1, address.line2, cityLine, country].filter(Boolean).join('\n');
    await db.updateTable('settings').set({ seller_address: text }).where('id', '=', 1).execute();
  }
  for (const name of [
    'return_instructions',
    'core_return_window_days',
    'return_window_days',
    'deliver_to',
    'transit_days',
    'time_zone',
    'order_cutoff',
    'free_delivery_threshold_cents',
    'delivery_fee_cents',
    'tax_rates',
    'currency',
  ]) {
    await db.schema.alterTable('settings').dropColumn(name).execute();
  }
}
