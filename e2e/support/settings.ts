import type { Settings, SettingsUpdate } from '#shared/schemas/content';

/**
 * The body that puts the settings back as GET /api/settings answered them: the discount text is made
 * from the percentage, and the deal's parts are sent by id.
 */
export function settingsUpdateOf({ flashDealDiscountText: _text, flashDealParts, ...settings }: Settings): SettingsUpdate {
  return { ...settings, flashDealPartIds: flashDealParts.map((part) => part.id) };
}
