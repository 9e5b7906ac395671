import type { ListPartsQuery, Part, PartList } from '#shared/schemas/parts';
import type { Db } from '../../db/database';
import type { PartRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type RatingSummary, findLivePart, listLiveParts, ratingSummaries } from './parts.repository';

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

export function createPartsService(db: Db) {
  return {
    async listParts(query: ListPartsQuery): Promise<PartList> {
      const { rows, total } = await listLiveParts(db, query);
      const ratings = await ratingSummaries(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toPart(row, ratings.get(row.id))), total, page: query.page, limit: query.limit };
    },

    async getPart(id: string): Promise<Part> {
      const row = await findLivePart(db, id);
      if (!row) throw new AppError('not_found', 'This part does not exist or is no longer sold.');
      const ratings = await ratingSummaries(db, [row.id]);
      return toPart(row, ratings.get(row.id));
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
