import type { CURRENCIES, Settings, SettingsUpdate, TAX_NAMES } from '#shared/schemas/content';

/**
 * The body that puts the settings back as GET /api/settings answered them: the discount text is made
 * from the percentage, the deal's parts are sent by id, and the optional parts of the address and of
 * the tax rows are named even when empty. The server answers only currencies and tax names it took.
 */
export function settingsUpdateOf({
  flashDealDiscountText: _text,
  flashDealParts,
  sellerAddress,
  taxRates,
  currency,
  ...settings
}: Settings): SettingsUpdate {
  return {
    ...settings,
    currency: currency as (typeof CURRENCIES)[number],
    sellerAddress: { ...sellerAddress, line2: sellerAddress.line2, region: sellerAddress.region },
    taxRates: taxRates.map((row) => ({ ...row, region: row.region, name: row.name as (typeof TAX_NAMES)[number] })),
    flashDealPartIds: flashDealParts.map((part) => part.id),
  };
}
