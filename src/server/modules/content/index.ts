export { contentRoutes } from './content.routes';
export { createContentService, type ContentService, type FlashDealPartsPort } from './content.service';
// For pricing (parts, cart, orders): the flash deal's percentage and end.
export { flashDealOf } from './content.service';
export { upsertSettings } from './content.repository';
// For the orders' invoices: the seller they name.
export { sellerOf, shopSettings, shopSettingsOf } from './content.service';
// For the orders export, so every CSV the shop writes quotes and guards its cells alike.
export { csvCell } from './csv';
