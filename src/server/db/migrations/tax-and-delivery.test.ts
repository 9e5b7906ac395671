import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addressSchema } from '#shared/schemas/address';
import { DEFAULT_TAX_AND_DELIVERY } from '#shared/schemas/content';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';
import { structuredAddressOf } from './0032-tax-and-delivery';

/** The shop's default seller address before 0032, and the first shop's (migration 0014's). */
const DETROIT = '2750 Foundry Avenue\nDetroit, MI 48207\nUnited States';
const GEARVILLE = '1 Foundry Way\nGearville GV1 2AB\nUnited Kingdom';

describe('migration 0032: the seller address as text, made structured', () => {
  it.each([
    [DETROIT, { line1: '2750 Foundry Avenue', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' }],
    [GEARVILLE, { line1: '1 Foundry Way', city: 'Gearville', postalCode: 'GV1 2AB', country: 'GB' }],
    [
      ' Werkstraße 4 \r\nHinterhaus\n\n70173 Stuttgart\nGermany',
      { line1: 'Werkstraße 4', line2: 'Hinterhaus', city: 'Stuttgart', postalCode: '70173', country: 'DE' },
    ],
    [
      '12 Rue de la Forge\n75011 Paris\nFrance',
      { line1: '12 Rue de la Forge', city: 'Paris', postalCode: '75011', country: 'FR' },
    ],
    [
      '1 Main St\nAnytown, NY 10001-1234',
      { line1: '1 Main St', city: 'Anytown', region: 'NY', postalCode: '10001-1234', country: 'US' },
    ],
  ])('reads %j', (text, address) => {
    expect(structuredAddressOf(text.replaceAll('\r', ''))).toEqual(address);
    // What it reads is an address the settings take as it is.
    expect(addressSchema.parse(address)).toMatchObject(address);
  });

  it('keeps what it cannot read as written, for an admin to correct', () => {
    expect(structuredAddressOf('Somewhere in the hills')).toEqual({
      line1: 'Somewhere in the hills',
      city: '',
      postalCode: '',
      country: 'US',
    });
    expect(structuredAddressOf('Unit 7\nNowhere')).toEqual({ line1: 'Unit 7', city: 'Nowhere', postalCode: '', country: 'US' });
  });
});

describeOnEachEngine('migration 0032: tax and delivery settings', (ctx) => {
  const raw = () => ctx.database.db as never as Kysely<Record<string, Record<string, unknown>>>;

  /** The settings row as the shop wrote it before 0032, its seller address as text. */
  async function settingsBefore0032(sellerAddress: string) {
    await migrateTo(ctx.database.db, '0031-live-part-categories');
    await raw().deleteFrom('settings').execute();
    await raw()
      .insertInto('settings')
      .values({
        id: 1,
        flash_deal_ends_at: '2026-07-01T00:00:00.000Z',
        flash_deal_discount_text: '25% OFF',
        updated_at: '2026-06-01T00:00:00.000Z',
        seller_name: 'Gearhouse Manufacturing Inc.',
        seller_address: sellerAddress,
        seller_vat_number: '',
      })
      .execute();
  }
  const sellerAddress = async () =>
    String((await raw().selectFrom('settings').select('seller_address').executeTakeFirstOrThrow()).seller_address);

  it.each([
    [DETROIT, { line1: '2750 Foundry Avenue', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' }],
    [GEARVILLE, { line1: '1 Foundry Way', city: 'Gearville', postalCode: 'GV1 2AB', country: 'GB' }],
  ])('stores %j as a structured address with the defaults beside it, and down() puts the text back', async (text, address) => {
    await settingsBefore0032(text);
    await migrateTo(ctx.database.db, '0032-tax-and-delivery');
    expect(JSON.parse(await sellerAddress())).toEqual(address);
    const row = await ctx.database.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    const d = DEFAULT_TAX_AND_DELIVERY;
    expect({
      currency: row.currency,
      taxRates: JSON.parse(row.tax_rates),
      deliveryFeeCents: Number(row.delivery_fee_cents),
      freeDeliveryThresholdCents: Number(row.free_delivery_threshold_cents),
      orderCutoff: row.order_cutoff,
      timeZone: row.time_zone,
      transitDays: JSON.parse(row.transit_days),
      deliverTo: JSON.parse(row.deliver_to),
      returnWindowDays: Number(row.return_window_days),
      coreReturnWindowDays: Number(row.core_return_window_days),
      returnInstructions: row.return_instructions,
    }).toEqual(d);

    await migrateTo(ctx.database.db, '0031-live-part-categories');
    expect(await sellerAddress()).toBe(text);
    const columns = (await ctx.database.db.introspection.getTables()).find((table) => table.name === 'settings')!.columns;
    expect(columns.map((column) => column.name)).not.toContain('tax_rates');

    await migrateToLatest(ctx.database.db);
    expect(JSON.parse(await sellerAddress())).toEqual(address);
  });
});
