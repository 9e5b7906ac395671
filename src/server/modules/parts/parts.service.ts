import * as copy from '#shared/copy';
import {
  type BestSellers,
  type BestSellersQuery,
  DEFAULT_MIN_ORDER_QUANTITY,
  type ListPartsQuery,
  type Part,
  type PartDetail,
  type PartInput,
  type PartList,
  type PartUpdate,
  type RemovePartQuery,
  type UnpaidOrdersOfPart,
} from '#shared/schemas/parts';
import { partPricingProblems } from '#shared/schemas/catalogue';
import {
  DEFAULT_PACK_SIZE,
  dealPercentAt,
  discountedCents,
  type FlashDealTerms,
  type PricedPart,
  type PriceTier,
} from '#shared/pricing';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/database';
import type { CategoryRow, PartRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { EventBus, Tx } from '../../events';
import { newId } from '../../ids';
import type { Log } from '../../log';
import { flashDealOf } from '../content';
import { type ObjectStorage, isOwnUpload } from '../uploads';
import { partFitments } from '../vehicles';
import { categoriesByIds, findCategory } from './categories.repository';
import { countMatches, type FoundParts, findParts, readSearchVocabulary, resolveFilters, wordsFindParts } from './parts-search';
import { afterAdminChange } from './low-stock';
import { matchedReferenceOf } from './matched-reference';
import { recordSearchMiss } from './search-misses';
import { partReplacingNumber, replacementOfPart, requireUnreplacedSku } from './supersessions';
import { createSearchVocabulary, suggestedWords } from './search-suggestion';
import {
  type RatingSummary,
  archiveLivePart,
  bestSellingParts,
  crossReferencesOf,
  crossReferencesText,
  deleteLivePart,
  findLivePart,
  findPartBySku,
  insertPart,
  isLivePart,
  ratingSummaries,
  updateLivePart,
} from './parts.repository';

const noRatings: RatingSummary = { average: 0, count: 0 };

/** A JSON array column (`price_tiers`) as stored by this service; anything else reads as empty. */
function jsonArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function priceTiersOf(row: Pick<PartRow, 'price_tiers'>): PriceTier[] {
  return jsonArray<PriceTier>(row.price_tiers);
}

/**
 * The flash deal's percentage off the part at `now` (ms): the deal's while the part is in it and it
 * runs, else 0. What the cart, the order and the part's answer price it with (#shared/pricing).
 */
export function dealPercentOf(part: Pick<PartRow, 'flash_deal_since'>, deal: FlashDealTerms, now: number): number {
  return part.flash_deal_since === null ? 0 : dealPercentAt(deal, now);
}

/** What #shared/pricing prices the part by at `now`: its price, its tiers and the deal's percentage off. */
export function pricedPartOf(
  part: Pick<PartRow, 'price_cents' | 'price_tiers' | 'flash_deal_since'>,
  deal: FlashDealTerms,
  now: number,
): PricedPart {
  return { priceCents: part.price_cents, priceTiers: priceTiersOf(part), dealPercent: dealPercentOf(part, deal, now) };
}

export function toPart(
  row: PartRow,
  category: Pick<CategoryRow, 'slug' | 'name'>,
  rating: RatingSummary = noRatings,
  deal?: { terms: FlashDealTerms; now: number },
): Part {
  const percent = deal ? dealPercentOf(row, deal.terms, deal.now) : 0;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    stock: row.stock,
    minOrderQuantity: row.min_order_quantity,
    imageUrl: row.image_url,
    sku: row.sku,
    categoryId: row.category_id,
    category: { slug: category.slug, name: category.name },
    crossReferences: crossReferencesOf(row),
    packSize: row.pack_size,
    lowStockThreshold: row.low_stock_threshold,
    priceTiers: priceTiersOf(row),
    coreChargeCents: row.core_charge_cents,
    deal:
      deal && percent > 0 ? { percent, endsAt: deal.terms.endsAt, priceCents: discountedCents(row.price_cents, percent) } : null,
    rating,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const partNotFound = () => new AppError('not_found', copy.part.notFound);
const noCategory = { slug: '', name: '' };

async function requireCategory(db: Db, id: string): Promise<void> {
  if (!(await findCategory(db, id))) {
    throw new AppError('validation_failed', copy.categories.unknown, { categoryId: copy.categories.unknown });
  }
}

async function requireFreeSku(db: Db, sku: string, exceptId?: string): Promise<void> {
  const holder = await findPartBySku(db, sku);
  if (holder && holder.id !== exceptId) {
    const message = copy.pricing.skuTaken(holder.name);
    throw new AppError('conflict', message, { sku: message });
  }
}

/** Refuses tiers that do not fit the part as it will be (its price and minimum order, stored or changed). */
function requireTiersFitPart(part: { priceCents: number; minOrderQuantity: number; priceTiers: PriceTier[] }): void {
  const problems = partPricingProblems(part);
  if (problems.length === 0) return;
  const errors = Object.fromEntries(problems.map((problem) => [problem.path.join('.'), problem.message]));
  throw new AppError('validation_failed', problems[0]!.message, errors);
}

async function requireOwnUpload(storage: ObjectStorage, url: string): Promise<void> {
  if (!(await isOwnUpload(storage, url))) {
    throw new AppError('validation_failed', copy.users.imageNotUploaded, { imageUrl: copy.users.imageNotUploaded });
  }
}

/**
 * The orders module's side of removing a part (its `ordersOfPart`), handed in when the services are
 * made: orders depend on parts (for stock), so parts must not import orders.
 */
export interface OrdersOfPartPort {
  wasOrdered(db: Db, partId: string): Promise<boolean>;
  countUnpaid(db: Db, partId: string): Promise<number>;
  /** Cancels them inside the caller's transaction, announcing each; answers how many. */
  cancelUnpaid(tx: Tx, partId: string, now: string): Promise<number>;
}

export interface PartsServiceDeps {
  clock: Clock;
  storage: ObjectStorage;
  ordersOfPart: OrdersOfPartPort;
  /** Where the service announces what it did (catalogueChanged). */
  events: EventBus;
  /** Where a failure off the request's path (recording a search that found nothing) is reported. */
  log: Log;
}

export function createPartsService(db: Db, { clock, storage, ordersOfPart, events, log }: PartsServiceDeps) {
  /** Searches that found nothing still being written, off the requests' path (searchMissesRecorded). */
  const recording = new Set<Promise<void>>();
  /** The catalogue's words, for "Did you mean" (search-suggestion.ts). */
  const vocabulary = createSearchVocabulary(() => readSearchVocabulary(db), { clock, log });

  /**
   * Parts as the API shows them: their categories, rating summaries and the flash deal read in one query
   * each (the deal's terms given when the caller read them already), the deal as it stands now.
   */
  async function presented(rows: PartRow[], dealTerms?: FlashDealTerms): Promise<Part[]> {
    const ids = rows.map((row) => row.id);
    const [categories, ratings, terms] = await Promise.all([
      categoriesByIds(
        db,
        rows.map((row) => row.category_id),
      ),
      ratingSummaries(db, ids),
      dealTerms ?? flashDealOf(db),
    ]);
    const deal = { terms, now: clock.now().getTime() };
    return rows.map((row) => toPart(row, categories.get(row.category_id) ?? noCategory, ratings.get(row.id), deal));
  }

  return {
    /**
     * The parts list: the search, the filters, the facets and the order (parts-search.ts). A filter
     * naming nothing the shop has empties the list and is named. A first page finding nothing for a
     * search or a filter is recorded for the admin as the search of `client` (search-misses.ts),
     * without holding up the answer.
     */
    async listParts(query: ListPartsQuery, { client }: { client: string }): Promise<PartList> {
      const { q, category, vehicle, make, year, inStock, deal, page, limit } = query;
      const [{ filters, unknown }, terms] = await Promise.all([
        resolveFilters(db, { q, category, vehicle, make, year, inStock, deal }),
        flashDealOf(db),
      ]);
      const sort = query.sort ?? (q ? 'relevance' : 'newest');
      let found: FoundParts;
      /** Whether the parts were looked for (no filter ruled them all out first): only then is a suggestion of use. */
      let searched = false;
      // Once the deal has ended no part is priced by it: "Shop the deal" lists none.
      if (deal && dealPercentAt(terms, clock.now().getTime()) === 0) {
        found = { rows: [], total: 0, facets: { categories: [], inStock: 0 } };
      } else if (unknown.includes('vehicle') || unknown.includes('make')) {
        found = { rows: [], total: 0, facets: { categories: [], inStock: 0 } };
      } else if (unknown.includes('category')) {
        // The categories' counts leave the category filter out, so they still show where else to look.
        found = { rows: [], total: 0, facets: { categories: (await countMatches(db, filters)).facets.categories, inStock: 0 } };
      } else {
        found = await findParts(db, filters, { sort, page, limit });
        searched = true;
      }
      // A replaced number typed alone finds the part replacing it, listed first and saying so.
      const replacing =
        searched && page === 1 && q !== undefined && !category && !vehicle && !make && !year && !inStock && !deal
          ? await partReplacingNumber(db, q)
          : undefined;
      if (replacing) {
        const listed = found.rows.some((row) => row.id === replacing.part.id);
        found = {
          ...found,
          rows: [replacing.part, ...found.rows.filter((row) => row.id !== replacing.part.id)],
          total: found.total + (listed ? 0 : 1),
        };
      }
      const missFilters = {
        ...(category !== undefined ? { category } : {}),
        ...(vehicle !== undefined ? { vehicle } : {}),
        ...(make !== undefined ? { make } : {}),
        ...(year !== undefined ? { year } : {}),
        ...(inStock ? { inStock: true as const } : {}),
      };
      // "Did you mean": a first page that found nothing for words the catalogue lacks, when the
      // nearest words it has find parts under the same filters.
      let suggestion: string | undefined;
      if (searched && page === 1 && found.total === 0 && filters.search && filters.search.words.length > 0) {
        const words = suggestedWords(
          filters.search.words.map((word) => word.text),
          await vocabulary.current(),
        );
        if (words && (await wordsFindParts(db, filters, words))) suggestion = words.join(' ');
      }
      if (page === 1 && found.total === 0 && (q !== undefined || Object.keys(missFilters).length > 0)) {
        const miss = { q: q ?? '', filters: missFilters, client, at: clock.now().toISOString() };
        const written = db
          .transaction()
          .execute((trx) => recordSearchMiss(trx, miss))
          .then(
            () => undefined,
            (error: unknown) => log.warn({ err: error }, 'recording a search that found nothing failed'),
          );
        recording.add(written);
        void written.finally(() => recording.delete(written));
      }
      // A search says on each part which brand's number it matched, when not the part's own SKU.
      const numberKey = filters.search?.numberKey;
      const items = (await presented(found.rows, terms)).map((item) =>
        filters.search ? { ...item, matchedReference: matchedReferenceOf(item, numberKey) } : item,
      );
      return {
        items: replacing?.resolvedFrom ? [{ ...items[0]!, resolvedFrom: replacing.resolvedFrom }, ...items.slice(1)] : items,
        total: found.total,
        page,
        limit,
        facets: found.facets,
        unknownFilters: unknown,
        ...(suggestion !== undefined ? { suggestion } : {}),
      };
    },

    /**
     * Settles once the searches that found nothing recorded so far are written, and a read of the
     * catalogue's words under way is done: a node stopping waits for them.
     */
    async searchMissesRecorded(): Promise<void> {
      await Promise.all([...recording, vocabulary.settled()]);
    },

    async bestSellers({ limit }: BestSellersQuery): Promise<BestSellers> {
      return { items: await presented(await bestSellingParts(db, limit)) };
    },

    /** Whether the shop shows a part at `id` (archived parts are not shown): one indexed lookup. */
    async partExists(id: string): Promise<boolean> {
      return isLivePart(db, id);
    },

    /** A part and the vehicles it fits, in the admin's order. */
    async getPart(id: string): Promise<PartDetail> {
      const row = await findLivePart(db, id);
      if (!row) {
        // A part no longer sold under a replaced number: the 404 names the part sold in its place.
        const replacedBy = await replacementOfPart(db, id);
        throw new AppError('not_found', copy.part.notFound, undefined, replacedBy ? { replacedBy } : undefined);
      }
      const [[part], fits] = await Promise.all([presented([row]), partFitments.fitsOf(db, id)]);
      return { ...part!, fits };
    },

    async createPart(input: PartInput): Promise<{ id: string }> {
      await requireOwnUpload(storage, input.imageUrl);
      await requireCategory(db, input.categoryId);
      await requireFreeSku(db, input.sku);
      await requireUnreplacedSku(db, input.sku);
      const now = clock.now().toISOString();
      const id = newId();
      const { fitments } = input;
      try {
        // The vehicles are checked with the write, so none is deleted or narrowed in between.
        await events.transaction(db, async ({ trx, announce }) => {
          if (fitments) await partFitments.check(trx, fitments);
          await insertPart(trx, {
            id,
            name: input.name,
            description: input.description,
            price_cents: input.priceCents,
            stock: input.stock,
            min_order_quantity: input.minOrderQuantity ?? DEFAULT_MIN_ORDER_QUANTITY,
            image_url: input.imageUrl,
            sku: input.sku,
            category_id: input.categoryId,
            cross_references: crossReferencesText(input.crossReferences ?? []),
            pack_size: input.packSize ?? DEFAULT_PACK_SIZE,
            low_stock_threshold: input.lowStockThreshold ?? null,
            price_tiers: JSON.stringify(input.priceTiers ?? []),
            core_charge_cents: input.coreChargeCents ?? 0,
            created_at: now,
            updated_at: now,
            archived_at: null,
          });
          if (fitments) await partFitments.replace(trx, id, fitments);
          await announce('catalogueChanged', { partId: id });
        });
      } catch (error) {
        // Another admin saved a part with the same SKU between the check and the insert.
        if (isUniqueViolation(error)) await requireFreeSku(db, input.sku);
        throw error;
      }
      return { id };
    },

    async updatePart(id: string, input: PartUpdate): Promise<Part> {
      const current = await findLivePart(db, id);
      if (!current) throw partNotFound();
      // The edit form may send back the picture the part already has (seeded or from before), which is fine.
      if (input.imageUrl !== undefined && input.imageUrl !== current.image_url) await requireOwnUpload(storage, input.imageUrl);
      if (input.categoryId !== undefined && input.categoryId !== current.category_id) await requireCategory(db, input.categoryId);
      if (input.sku !== undefined && input.sku !== current.sku) {
        await requireFreeSku(db, input.sku, id);
        await requireUnreplacedSku(db, input.sku);
      }
      if (input.priceTiers !== undefined || input.priceCents !== undefined || input.minOrderQuantity !== undefined) {
        requireTiersFitPart({
          priceCents: input.priceCents ?? current.price_cents,
          minOrderQuantity: input.minOrderQuantity ?? current.min_order_quantity,
          priceTiers: input.priceTiers ?? priceTiersOf(current),
        });
      }
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.priceCents !== undefined ? { price_cents: input.priceCents } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
        ...(input.minOrderQuantity !== undefined ? { min_order_quantity: input.minOrderQuantity } : {}),
        ...(input.imageUrl !== undefined ? { image_url: input.imageUrl } : {}),
        ...(input.sku !== undefined ? { sku: input.sku } : {}),
        ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
        ...(input.crossReferences !== undefined ? { cross_references: crossReferencesText(input.crossReferences) } : {}),
        ...(input.packSize !== undefined ? { pack_size: input.packSize } : {}),
        ...(input.lowStockThreshold !== undefined ? { low_stock_threshold: input.lowStockThreshold } : {}),
        ...(input.priceTiers !== undefined ? { price_tiers: JSON.stringify(input.priceTiers) } : {}),
        ...(input.coreChargeCents !== undefined ? { core_charge_cents: input.coreChargeCents } : {}),
      };
      const { fitments } = input;
      let row: PartRow | undefined;
      try {
        // Absent fitments leave the list as it is; a list (even empty) replaces it, checked with the write.
        row = await events.transaction(db, async ({ trx, announce }) => {
          if (fitments) await partFitments.check(trx, fitments);
          const now = clock.now().toISOString();
          const updated = await updateLivePart(trx, id, { ...changes, updated_at: now });
          if (!updated) return undefined;
          if (fitments) await partFitments.replace(trx, id, fitments);
          // A restock (or a new low-stock line) arms the admins' low-stock mail again; only an admin's does.
          if (input.stock !== undefined || input.lowStockThreshold !== undefined || input.minOrderQuantity !== undefined) {
            await afterAdminChange(
              trx,
              {
                id,
                stock: updated.stock,
                minOrderQuantity: updated.min_order_quantity,
                lowStockThreshold: updated.low_stock_threshold,
              },
              now,
            );
          }
          if (input.stock !== undefined || input.minOrderQuantity !== undefined) {
            await announce('partStockSet', { partId: id, at: now });
          }
          await announce('catalogueChanged', { partId: id });
          return updated;
        });
      } catch (error) {
        if (isUniqueViolation(error) && input.sku !== undefined) await requireFreeSku(db, input.sku, id);
        throw error;
      }
      if (!row) throw partNotFound();
      return (await presented([row]))[0]!;
    },

    /** Admin: how many unpaid orders deleting the part would cancel (the delete confirmation says it). */
    async countUnpaidOrders(id: string): Promise<UnpaidOrdersOfPart> {
      if (!(await findLivePart(db, id))) throw partNotFound();
      return { count: await ordersOfPart.countUnpaid(db, id) };
    },

    /**
     * A part that was ordered is archived (order history keeps it); one that never was is deleted.
     * Its unpaid orders can no longer be fulfilled: unless the admin confirmed that they are cancelled
     * with it (`cancelUnpaidOrders`), nothing changes and 409 says how many there are; when confirmed,
     * they are cancelled and each customer mailed, in the same transaction as the archive.
     */
    async removePart(id: string, { cancelUnpaidOrders }: RemovePartQuery): Promise<{ cancelledOrders: number }> {
      const now = clock.now().toISOString();
      const outcome = await events.transaction(db, async (tx) => {
        const { trx } = tx;
        if (!(await ordersOfPart.wasOrdered(trx, id))) {
          if (!(await deleteLivePart(trx, id))) return undefined;
          await tx.announce('catalogueChanged', { partId: id });
          return 0;
        }
        // Archived before counting: the part's row is then ours (a row lock on PostgreSQL, the one
        // writer on SQLite), so no booking slips in between the count and the cancel.
        if (!(await archiveLivePart(trx, id, now))) return undefined;
        const unpaid = await ordersOfPart.countUnpaid(trx, id);
        // Thrown, so the archive rolls back with it.
        if (unpaid > 0 && !cancelUnpaidOrders) throw new AppError('conflict', copy.partsAdmin.unpaidOrdersFirst(unpaid));
        const cancelled = unpaid > 0 ? await ordersOfPart.cancelUnpaid(tx, id, now) : 0;
        await tx.announce('catalogueChanged', { partId: id });
        return cancelled;
      });
      if (outcome === undefined) throw partNotFound();
      return { cancelledOrders: outcome };
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
