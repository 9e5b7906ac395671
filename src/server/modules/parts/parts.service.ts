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
} from '#shared/schemas/parts';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { PartRow } from '../../db/schema';
import { AppError } from '../../http/errors';
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
  partHasOrders,
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

const partNotFound = () => new AppError('not_found', 'This part does not exist or is no longer sold.');

async function requireOwnUpload(storage: ObjectStorage, url: string): Promise<void> {
  if (!(await isOwnUpload(storage, url))) {
    throw new AppError('validation_failed', copy.users.imageNotUploaded, { imageUrl: copy.users.imageNotUploaded });
  }
}

export interface PartsServiceDeps {
  clock: Clock;
  storage: ObjectStorage;
}

export function createPartsService(db: Db, { clock, storage }: PartsServiceDeps) {
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
      const ratings = await ratingSummaries(db, [row.id]);
      return toPart(row, ratings.get(row.id));
    },

    /** A part that was ordered is archived (order history keeps it); one that never was is deleted. */
    async removePart(id: string): Promise<void> {
      const removed = await db
        .transaction()
        .execute(async (trx) =>
          (await partHasOrders(trx, id)) ? archiveLivePart(trx, id, clock.now().toISOString()) : deleteLivePart(trx, id),
        );
      if (!removed) throw partNotFound();
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
