export { contentRoutes } from './content.routes';
export { createContentService, type ContentService, type FlashDealPartsPort } from './content.service';
// For pricing (parts, cart, orders): the flash deal's percentage and end.
export { flashDealOf } from './content.service';
export { upsertSettings } from './content.repository';
// For the orders' invoices: the seller they name.
export { sellerOf, shopSettings, shopSettingsOf } from './content.service';
// For the orders export and the statement, so every CSV the shop writes quotes, guards and encodes alike.
export { csvCell, csvLine, decimalOf, toCsv, UTF8_BOM } from './csv';
