import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

const BEFORE = '0041-vcdb-base-vehicles';

describeOnEachEngine('migration 0042: cross-references', (ctx) => {
  const found = async (q: string) => {
    const res = await ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { sku: string }[] }>().items.map((item) => item.sku);
  };

  it('makes each OEM number a reference of the brand "OEM", in order, and search still finds the part by it', async () => {
    const { db } = ctx.database;
    const pads = await insertPart(db, { name: 'Ceramic pads', sku: 'GH-MIG-0001' });
    const bare = await insertPart(db, { name: 'Plain disc', sku: 'GH-MIG-0002' });
    await migrateTo(db, BEFORE);
    // The table as it was then, not as the types say now.
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .updateTable('parts')
      .set({ oem_numbers: JSON.stringify(['1K0 698 151 A', 'D1107', '34.11-6/761']) })
      .where('id', '=', pads.id)
      .execute();

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('parts')
      .select(['id', 'cross_references'])
      .where('id', 'in', [pads.id, bare.id])
      .orderBy('sku')
      .execute();
    expect(rows.map((row) => JSON.parse(row.cross_references) as unknown)).toEqual([
      [
        { brand: 'OEM', number: '1K0 698 151 A' },
        { brand: 'OEM', number: 'D1107' },
        { brand: 'OEM', number: '34.11-6/761' },
      ],
      [],
    ]);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'parts')?.columns ?? [];
    expect(columns.map((column) => column.name)).not.toContain('oem_numbers');

    // By its number keys, typed another way, by a piece of one, and by its words; never by the brand.
    expect(await found('1k0-698.151a')).toEqual(['GH-MIG-0001']);
    expect(await found('698 151')).toEqual(['GH-MIG-0001']);
    expect(await found('d1107')).toEqual(['GH-MIG-0001']);
    expect((await found('GH-MIG')).sort()).toEqual(['GH-MIG-0001', 'GH-MIG-0002']);
    expect(await found('oem')).toEqual([]);

    // A part written after the migration is indexed from its references by the database itself.
    await db
      .updateTable('parts')
      .set({ cross_references: JSON.stringify([{ brand: 'Brembo', number: '09.A428.11' }]) })
      .where('id', '=', bare.id)
      .execute();
    expect(await found('09a42811')).toEqual(['GH-MIG-0002']);
    expect(await found('brembo')).toEqual([]);
  });

  it("goes back to the flat numbers, every brand's, and forward again", async () => {
    const { db } = ctx.database;
    const part = await insertPart(db, {
      sku: 'GH-MIG-0003',
      cross_references: JSON.stringify([
        { brand: 'Volkswagen', number: '5Q0 407 151 R' },
        { brand: 'Febi', number: '37 196' },
      ]),
    });
    await migrateTo(db, BEFORE);
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    const back = await raw.selectFrom('parts').select('oem_numbers').where('id', '=', part.id).executeTakeFirstOrThrow();
    expect(JSON.parse(String(back.oem_numbers))).toEqual(['5Q0 407 151 R', '37 196']);

    await migrateToLatest(db);
    const row = await db.selectFrom('parts').select('cross_references').where('id', '=', part.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.cross_references)).toEqual([
      { brand: 'OEM', number: '5Q0 407 151 R' },
      { brand: 'OEM', number: '37 196' },
    ]);
    expect(await found('37196')).toEqual(['GH-MIG-0003']);
  });
});
