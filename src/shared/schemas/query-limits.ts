/**
 * What a list's query string may hold, in a module without zod: the public pages read their query
 * strings with these (shared/page-search.ts) before any form needs a schema, so a page that only lists
 * does not load and build the schemas on its first start. The schemas re-export them.
 */

/** The largest page number a list answers. */
export const MAX_PAGE = 100_000;

export const partSortValues = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'] as const;
export type PartSort = (typeof partSortValues)[number];

/** The part of a search text the parts list reads: a longer one is cut here, never refused. */
export const MAX_SEARCH_LENGTH = 100;

/** The first model year the shop lists; the last is next year (models are sold ahead of their year). */
export const MIN_VEHICLE_YEAR = 1950;
export function maxVehicleYear(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}
