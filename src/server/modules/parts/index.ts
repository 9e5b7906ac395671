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
// For orders, payments and reviews: the catalogue's stock and live parts, each taking the caller's
// database or transaction. Only this module writes the parts table.
export {
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
