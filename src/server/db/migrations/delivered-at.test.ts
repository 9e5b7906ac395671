import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { down, up } from './0048-delivered-at';

describeOnEachEngine('migration 0048: when an order was delivered', (ctx) => {
  it('gives each delivered order its last change as its delivery, and no other order a time', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db);
    const delivered = await insertOrder(db, { part_id: part.id, status: 'delivered', updated_at: '2026-05-02T10:00:00.000Z' });
    const shipped = await insertOrder(db, { part_id: part.id, status: 'shipped', updated_at: '2026-05-03T10:00:00.000Z' });

    // Migrations take Kysely<any>: down() drops the column, up() adds it back and fills it.
    const raw = db as unknown as Kysely<never>;
    await down(raw);
    await up(raw);
    const times = await db
      .selectFrom('orders')
      .select(['id', 'delivered_at'])
      .where('id', 'in', [delivered.id, shipped.id])
      .execute();
    expect(Object.fromEntries(times.map((row) => [row.id, row.delivered_at]))).toEqual({
      [delivered.id]: '2026-05-02T10:00:00.000Z',
      [shipped.id]: null,
    });
  });
});
