import { expect, it } from 'vitest';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

const BEFORE = '0042-cross-references';
const at = '2026-06-15T12:00:00.000Z';

describeOnEachEngine('migration 0044: returns', (ctx) => {
  it('keeps a return’s rules in the database: its states, one row per order line, quantities above 0', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db);
    const order = await insertOrder(db, { part_id: part.id, status: 'delivered' });
    const row = {
      id: 'return-1',
      number: 'RMA-2026-900001',
      order_id: order.id,
      requested_by: null,
      company_id: null,
      status: 'requested' as const,
      note: '',
      photos: '[]',
      requested_at: at,
      updated_at: at,
    };
    await db.insertInto('returns').values(row).execute();
    const line = {
      return_id: row.id,
      order_id: order.id,
      line_position: 0,
      quantity: 2,
      reason: 'damaged' as const,
      condition: null,
    };
    await db.insertInto('return_lines').values(line).execute();

    // The same order line twice, no units, an unknown reason, a line the order does not have.
    await expect(db.insertInto('return_lines').values(line).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('return_lines')
        .values({ ...line, line_position: 1, quantity: 0 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('return_lines')
        .values({ ...line, reason: 'bored' as never })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('return_lines')
        .values({ ...line, line_position: 7 })
        .execute(),
    ).rejects.toThrow();
    // A state that is none, a second return of the same number, a refusal without its reason.
    await expect(
      db
        .insertInto('returns')
        .values({ ...row, id: 'return-2', number: 'RMA-2026-900002', status: 'lost' as never })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('returns')
        .values({ ...row, id: 'return-3' })
        .execute(),
    ).rejects.toThrow();
    await expect(db.updateTable('returns').set({ status: 'refused' }).where('id', '=', row.id).execute()).rejects.toThrow();
    expect(await db.selectFrom('return_lines').selectAll().execute()).toEqual([line]);
  });

  it('goes back, and comes again', async () => {
    const { db } = ctx.database;
    await migrateTo(db, BEFORE);
    const names = async () => (await db.introspection.getTables()).map((table) => table.name);
    for (const table of ['returns', 'return_lines', 'return_sequences', 'payment_refunds'])
      expect(await names()).not.toContain(table);
    await migrateToLatest(db);
    for (const table of ['returns', 'return_lines', 'return_sequences', 'payment_refunds'])
      expect(await names()).toContain(table);
  });
});
