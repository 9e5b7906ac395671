import { type Kysely, sql } from 'kysely';

/**
 * The flash deal prices what it claims (docs/shop-rules.md, "Flash deal").
 *
 * - settings.flash_deal_percent: the percentage off, 1 to 90. A shop whose discount text began with a
 *   percentage in that range ("30% OFF") keeps it; any other text gives the default, 25.
 *   flash_deal_discount_text stays, written from the percentage from now on.
 * - parts.flash_deal_since: when an admin put the part in the deal; null while it is not in it (a flag
 *   as a nullable time, as the other flags). Its partial index holds the few parts of the deal, which
 *   the parts list's `deal` filter reads.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('flash_deal_percent', 'integer', (c) =>
      c.notNull().defaultTo(25).check(sql.raw('flash_deal_percent between 1 and 90')),
    )
    .execute();
  const row = await db.selectFrom('settings').select(['id', 'flash_deal_discount_text']).where('id', '=', 1).executeTakeFirst();
  const stated = /^\s*(\d{1,2})\s*%/.exec(String(row?.flash_deal_discount_text ?? ''));
  const percent = stated ? Number(stated[1]) : Number.NaN;
  if (row && percent >= 1 && percent <= 90) {
    await db.updateTable('settings').set({ flash_deal_percent: percent }).where('id', '=', 1).execute();
  }

  await db.schema.alterTable('parts').addColumn('flash_deal_since', 'text').execute();
  await sql`create index parts_flash_deal_idx on parts (id) where flash_deal_since is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists parts_flash_deal_idx`.execute(db);
  await db.schema.alterTable('parts').dropColumn('flash_deal_since').execute();
  await db.schema.alterTable('settings').dropColumn('flash_deal_percent').execute();
}
