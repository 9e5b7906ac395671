import { expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { findParts, type PartFilters } from './parts-search';
import { searchTerms } from './search-terms';
import {
  bestSellingParts,
  findLivePart,
  findLiveParts,
  findLivePartsBySku,
  findPartsByIds,
  lowStockParts,
  PART_COLUMNS,
} from './parts.repository';

const everyPart: PartFilters = {
  search: undefined,
  categoryId: undefined,
  vehicleId: undefined,
  make: undefined,
  year: undefined,
  inStock: false,
  deal: false,
};

describeOnEachEngine('the columns a part is read with', (ctx) => {
  it("reads a part with its table's columns and its stock, and none of what the database keeps for its search and sales", async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, { name: 'Brake disc', sku: 'BD-100', stock: 1, min_order_quantity: 12 });
    const reads = {
      'one live part': [await findLivePart(db, part.id)],
      'live parts by id': [...(await findLiveParts(db, [part.id])).values()],
      'parts by id': [...(await findPartsByIds(db, [part.id])).values()],
      'parts by number': [...(await findLivePartsBySku(db, ['BD-100', 'bd 100'])).values()],
      'best sellers': await bestSellingParts(db, 3),
      'low stock': await lowStockParts(db, 3),
      'a page of the list': (await findParts(db, everyPart, { sort: 'newest', page: 1, limit: 3 })).rows,
      'a page of a search': (
        await findParts(db, { ...everyPart, search: searchTerms('brake') }, { sort: 'relevance', page: 1, limit: 3 })
      ).rows,
    };
    for (const [read, rows] of Object.entries(reads)) {
      expect(rows.length, read).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Object.keys(row ?? {}).sort(), read).toEqual(PART_COLUMNS.map((column) => column.split('.')[1]).sort());
      }
    }
  });
});
