import { copy } from '#shared/copy';
import {
  type BestSellers,
  type BestSellersQuery,
  DEFAULT_MIN_ORDER_QUANTITY,
  type ListPartsQuery,
  type Part,
  type PartInput,
  type PartList,
  type PartUpdate,
  type RemovePartQuery,
  type UnpaidOrdersOfPart,
} from '#shared/schemas/parts';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { PartRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { EventBus, Tx } from '../../events';
import { newId } from '../../ids';
import { type ObjectStorage, isOwnUpload } from '../uploads';
import {
  type RatingSummary,
  archiveLivePart,
  bestSellingParts,
  deleteLivePart,
  findLivePart,
  insertPart,
  isLivePart,
  listLiveParts,
  ratingSummaries,
  updateLivePart,
} from './parts.repository';

const noRatings: RatingSummary = { average: 0, count: 0 };

export function toPart(row: PartRow, rating: RatingSummary = noRatings): Part {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    stock: row.stock,
    minOrderQuantity: row.min_order_quantity,
    imageUrl: row.image_url,
    rating,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const partNotFound = () => new AppError('not_found', copy.part.notFound);

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
}

export function createPartsService(db: Db, { clock, storage, ordersOfPart, events }: PartsServiceDeps) {
  return {
    async listParts(query: ListPartsQuery): Promise<PartList> {
      const { rows, total } = await listLiveParts(db, query);
      const ratings = await ratingSummaries(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toPart(row, ratings.get(row.id))), total, page: query.page, limit: query.limit };
    },

    async bestSellers({ limit }: BestSellersQuery): Promise<BestSellers> {
      const rows = await bestSellingParts(db, limit);
      const ratings = await ratingSummaries(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toPart(row, ratings.get(row.id))) };
    },

    /** Whether the shop shows a part at `id` (archived parts are not shown): one indexed lookup. */
    async partExists(id: string): Promise<boolean> {
      return isLivePart(db, id);
    },

    async getPart(id: string): Promise<Part> {
      const row = await findLivePart(db, id);
      if (!row) throw partNotFound();
      const ratings = await ratingSummaries(db, [row.id]);
      return toPart(row, ratings.get(row.id));
    },

    async createPart(input: PartInput): Promise<{ id: string }> {
      await requireOwnUpload(storage, input.imageUrl);
      const now = clock.now().toISOString();
      const id = newId();
      await insertPart(db, {
        id,
        name: input.name,
        description: input.description,
        price_cents: input.priceCents,
        stock: input.stock,
        min_order_quantity: input.minOrderQuantity ?? DEFAULT_MIN_ORDER_QUANTITY,
        image_url: input.imageUrl,
        created_at: now,
        updated_at: now,
        archived_at: null,
      });
      events.committed('catalogueChanged', { partId: id });
      return { id };
    },

    async updatePart(id: string, input: PartUpdate): Promise<Part> {
      const current = await findLivePart(db, id);
      if (!current) throw partNotFound();
      // The edit form may send back the picture the part already has (seeded or from before), which is fine.
      if (input.imageUrl !== undefined && input.imageUrl !== current.image_url) await requireOwnUpload(storage, input.imageUrl);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.priceCents !== undefined ? { price_cents: input.priceCents } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
        ...(input.minOrderQuantity !== undefined ? { min_order_quantity: input.minOrderQuantity } : {}),
        ...(input.imageUrl !== undefined ? { image_url: input.imageUrl } : {}),
      };
      const row = await updateLivePart(db, id, { ...changes, updated_at: clock.now().toISOString() });
      if (!row) throw partNotFound();
      events.committed('catalogueChanged', { partId: id });
      const ratings = await ratingSummaries(db, [row.id]);
      return toPart(row, ratings.get(row.id));
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
