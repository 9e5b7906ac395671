import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { signedInCustomer } from '../../testing/accounts';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { down, up } from './0039-stock-notifications';

const at = '2026-06-15T12:00:00.000Z';

describeOnEachEngine('migration 0039: stock notifications', (ctx) => {
  it('keeps one request per customer and part, gone with the account or the part; down() drops it', async () => {
    const { db } = ctx.database;
    const customer = await signedInCustomer(ctx);
    const [kept, deleted] = [await insertPart(db), await insertPart(db)];
    const request = (partId: string) => ({ user_id: customer.id, part_id: partId, created_at: at });
    await db
      .insertInto('stock_alerts')
      .values([request(kept.id), request(deleted.id)])
      .execute();
    await expect(db.insertInto('stock_alerts').values(request(kept.id)).execute()).rejects.toThrow(
      /UNIQUE constraint failed|duplicate key value/,
    );

    await db.deleteFrom('parts').where('id', '=', deleted.id).execute();
    const left = await db.selectFrom('stock_alerts').select('part_id').where('user_id', '=', customer.id).execute();
    expect(left).toEqual([{ part_id: kept.id }]);
    await db.deleteFrom('users').where('id', '=', customer.id).execute();
    expect(await db.selectFrom('stock_alerts').select('part_id').where('user_id', '=', customer.id).execute()).toEqual([]);

    // Migrations take Kysely<any>; the table is gone after down() and back after up().
    const raw = db as unknown as Kysely<never>;
    await down(raw);
    await expect(db.selectFrom('stock_alerts').select('part_id').execute()).rejects.toThrow();
    await up(raw);
    expect(await db.selectFrom('stock_alerts').select('part_id').execute()).toEqual([]);
  });
});
