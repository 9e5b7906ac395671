// The parts module's public functions: what the rest of the server may use. Other modules never import
// its files directly (docs/decisions/0017-modules-and-events.md).
export { partsRoutes } from './parts.routes';
export {
  createPartsService,
  dealPercentOf,
  priceTiersOf,
  pricedPartOf,
  type OrdersOfPartPort,
  type PartsService,
} from './parts.service';
export { categoriesRoutes } from './categories.routes';
// The searches that found nothing: the admin's overview reads them. The app runs the search's upkeep
// periodically (old misses pruned, SQLite's index merged); the scale bench merges after its load.
export { topSearchMisses } from './search-misses';
export { createSearchUpkeep, optimizeSearchIndex, SEARCH_UPKEEP_INTERVAL_MS, type SearchUpkeep } from './search-upkeep';
export { createCategoriesService, type CategoriesService } from './categories.service';
// The admins' mail when an order takes a part's stock under its low-stock line (subscribed in consequences.ts).
export { createLowStockMails, type LowStockMails } from './low-stock';
// "Notify me" on a sold-out part: its routes, and the mail to those waiting once stock is back (consequences.ts).
export { stockAlertsRoutes } from './stock-alerts.routes';
export { createStockAlertMails, createStockAlertsService, type StockAlertMails, type StockAlertsService } from './stock-alerts';
// Part numbers replaced by others: the admin's routes, and the one resolver of a typed or remembered
// number (quick order, cart, saved lists, reorder) to the part sold today.
export { supersessionsRoutes } from './supersessions.routes';
export {
  createSupersessionsService,
  replacedMessage,
  resolvePartNumbers,
  type ResolvedPart,
  successorsOfParts,
  type SupersessionsService,
} from './supersessions';
// For orders, payments and reviews: the catalogue's stock and live parts, each taking the caller's
// database or transaction. Only this module writes the parts table.
export {
  crossReferencesOf,
  crossReferencesText,
  findLivePart,
  findLiveParts,
  findLivePartsAndDeal,
  findLivePartsBySku,
  findPartsByIds,
  flashDealParts,
  isLivePart,
  lowStockLineOf,
  lowStockParts,
  releaseStocks,
  replaceFlashDealParts,
  reserveStocks,
  type ReservedPart,
  topSellingParts,
} from './parts.repository';
// The parts as a CSV file, exported and imported by the admin (the routes are the vehicles module's, with the fitments).
export { createPartsCsv, type PartsCsv } from './parts-csv';
