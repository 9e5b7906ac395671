import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The catalogue's sorts and total at 100,000 parts (docs/decisions/0011-scale.md).
 *
 * - live_part_count: how many parts are live (not archived), kept by triggers on parts, so the shop's
 *   unfiltered total ("N parts") does not count 98,000 rows on every request. A search still counts
 *   its matches. On PostgreSQL inserts and deletes update it once per statement (transition tables),
 *   so a bulk load of parts costs one counter update, not one per row; an archive or unarchive is a
 *   row trigger that fires only when `archived_at` is set and flips between null and not null (a
 *   booking's stock update never fires it). `truncate` bypasses row and transition triggers, so it
 *   has a trigger of its own.
 * - PostgreSQL: the sort indexes (and the best sellers') become partial (`where archived_at is null`).
 *   Its planner does not treat `archived_at is null` as pinning the leading column of
 *   `(archived_at, price_cents, id)`, so it could not read a sort's order from those indexes and
 *   sorted all live parts on every page (20–75 ms at 100,000 parts). SQLite does, and keeps its
 *   indexes.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const SORTS = [
  ['parts_live_created_idx', ['created_at', 'id']],
  ['parts_live_price_idx', ['price_cents', 'id']],
  ['parts_live_name_idx', ['name', 'id']],
  ['parts_live_sold_idx', ['units_sold desc', 'created_at desc', 'id desc']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('live_part_count')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql.raw('id = 1')))
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into live_part_count (id, n) select 1, count(*) from parts where archived_at is null`.execute(db);

  if (sqlite) {
    for (const statement of [
      `create trigger live_part_count_insert after insert on parts when new.archived_at is null
        begin update live_part_count set n = n + 1; end`,
      `create trigger live_part_count_delete after delete on parts when old.archived_at is null
        begin update live_part_count set n = n - 1; end`,
      `create trigger live_part_count_update after update of archived_at on parts
        when (old.archived_at is null) <> (new.archived_at is null)
        begin update live_part_count set n = n + case when new.archived_at is null then 1 else -1 end; end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    return;
  }

  for (const statement of [
    `create function live_part_count_insert() returns trigger language plpgsql as $$
      begin
        update live_part_count set n = n + (select count(*) from inserted where archived_at is null);
        return null;
      end $$`,
    `create function live_part_count_delete() returns trigger language plpgsql as $$
      begin
        update live_part_count set n = n - (select count(*) from deleted where archived_at is null);
        return null;
      end $$`,
    `create function live_part_count_archive() returns trigger language plpgsql as $$
      begin
        update live_part_count set n = n + case when new.archived_at is null then 1 else -1 end;
        return null;
      end $$`,
    `create function live_part_count_truncate() returns trigger language plpgsql as $$
      begin
        update live_part_count set n = 0;
        return null;
      end $$`,
    `create trigger live_part_count_insert after insert on parts referencing new table as inserted
      for each statement execute function live_part_count_insert()`,
    `create trigger live_part_count_delete after delete on parts referencing old table as deleted
      for each statement execute function live_part_count_delete()`,
    `create trigger live_part_count_archive after update of archived_at on parts for each row
      when ((old.archived_at is null) <> (new.archived_at is null)) execute function live_part_count_archive()`,
    `create trigger live_part_count_truncate after truncate on parts for each statement execute function live_part_count_truncate()`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  for (const [name, columns] of SORTS) {
    await db.schema.dropIndex(name).execute();
    await sql.raw(`create index ${name} on parts (${columns.join(', ')}) where archived_at is null`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const name of ['live_part_count_insert', 'live_part_count_delete', 'live_part_count_update']) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  } else {
    for (const name of ['insert', 'delete', 'archive', 'truncate']) {
      await sql.raw(`drop trigger if exists live_part_count_${name} on parts`).execute(db);
      await sql.raw(`drop function if exists live_part_count_${name}()`).execute(db);
    }
    for (const [name, columns] of SORTS) {
      await db.schema.dropIndex(name).execute();
      await db.schema
        .createIndex(name)
        .on('parts')
        .columns(['archived_at', ...columns])
        .execute();
    }
  }
  await db.schema.dropTable('live_part_count').execute();
}
