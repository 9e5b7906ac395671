// The parts module's front door: what the rest of the server may use. Other modules never import
// its files directly (docs/decisions/0017-modules-and-events.md).
export { partsRoutes } from './parts.routes';
export { createPartsService, priceTiersOf, type OrdersOfPartPort, type PartsService } from './parts.service';
export { categoriesRoutes } from './categories.routes';
// The searches that found nothing: the admin's overview reads them; the app prunes them periodically.
export { createSearchMissPrune, type SearchMissPrune, SEARCH_MISS_PRUNE_INTERVAL_MS, topSearchMisses } from './search-misses';
export { createCategoriesService, type CategoriesService } from './categories.service';
// For orders, payments and reviews: the catalogue's stock and live parts, each taking the caller's
// database or transaction. Only this module writes the parts table.
export {
  findLivePart,
  findLiveParts,
  findLivePartsBySku,
  findPartsByIds,
  isLivePart,
  releaseStock,
  reserveStock,
  type ReservedPart,
} from './parts.repository';
