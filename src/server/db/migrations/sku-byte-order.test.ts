import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { isPostgres } from '../database';

describeOnEachEngine('migration 0046: parts by SKU in byte order', (ctx) => {
  it('reads the catalogue export’s next batch of SKUs from an index, with no sort of the table', async () => {
    const { db } = ctx.database;
    for (const sku of ['GH-B-1', 'GH-A-2', 'GHA-3']) await insertPart(db, { sku });
    if (isPostgres(db)) {
      // A tiny table is cheaper to sort than to read by index: with sorting priced out, the plan shows
      // whether an index gives the order at all.
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_sort = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select parts.id, parts.sku from parts
          inner join part_stock on part_stock.part_id = parts.id
          where parts.sku collate "C" > ${'GH-A-2'} order by parts.sku collate "C" limit 500`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index Scan using parts_sku_bytes_idx on parts/);
      expect(plan).not.toMatch(/\bSort\b/);
    } else {
      // SQLite's default collation is BINARY: the unique SKU index is already in byte order.
      const { rows } = await sql<{ detail: string }>`explain query plan select parts.id, parts.sku from parts
        inner join part_stock on part_stock.part_id = parts.id
        where parts.sku > ${'GH-A-2'} order by parts.sku limit 500`.execute(db);
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/parts_sku_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    const skus = await db
      .selectFrom('parts')
      .select('sku')
      .orderBy(isPostgres(db) ? sql`sku collate "C"` : sql`sku`)
      .execute();
    expect(skus.map((row) => row.sku)).toEqual(['GH-A-2', 'GH-B-1', 'GHA-3']);
  });
});
