import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * Selling by volume and orders of many parts (docs/shop-rules.md, "Volume prices and pack sizes" and
 * "Orders with many lines").
 *
 * - categories: `{id, slug, name}`; every part has exactly one. Parts already stored go to a category
 *   made for them, "Other parts", which exists only when there were parts to put in it.
 * - parts gain `sku` (unique; stored upper-case), `category_id`, `oem_numbers` and `price_tiers` (JSON
 *   arrays as text, one representation on both engines) and `pack_size`. A stored part gets the SKU
 *   `GH-` and the first twelve hex digits of its id, which are unique among its siblings for any real
 *   catalogue (and the unique index would refuse the migration rather than store two the same).
 *   PostgreSQL holds `sku` and `category_id` not null; SQLite cannot add a not-null column to a table
 *   with rows, so there the service and the migration are what keep them set.
 * - order_lines: an order's parts, one row each, with what the order copied of the part when it was
 *   placed. An order keeps its own columns as the summary of its lines: `quantity` and `total_cents`
 *   are their sums, `part_id`, `part_name`, `image_url` and `unit_price_cents` the first line's.
 *   Every order stored so far becomes one line.
 * - units_sold (migration 0006) now counts the lines of paid, shipped and delivered orders: a line
 *   written to an order already sold adds its units, an order moving into or out of those statuses adds
 *   or takes off all its lines' units, and an order deleted takes them off first (lines go with their
 *   order; they are never changed or deleted on their own).
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const SOLD = `('paid', 'shipped', 'delivered')`;
const OTHER_CATEGORY = { id: '00000000-0000-8000-8000-000000000001', slug: 'other', name: 'Other parts' };

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = new Date().toISOString();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into categories (id, slug, name, created_at, updated_at)
    select ${OTHER_CATEGORY.id}, ${OTHER_CATEGORY.slug}, ${OTHER_CATEGORY.name}, ${now}, ${now}
    where exists (select 1 from parts)`.execute(db);

  await db.schema.alterTable('parts').addColumn('sku', 'text').execute();
  await db.schema
    .alterTable('parts')
    .addColumn('category_id', 'text', (c) => c.references('categories.id'))
    .execute();
  await db.schema
    .alterTable('parts')
    .addColumn('oem_numbers', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('parts')
    .addColumn('pack_size', 'integer', (c) => c.notNull().defaultTo(1).check(sql.raw('pack_size >= 1')))
    .execute();
  await db.schema
    .alterTable('parts')
    .addColumn('price_tiers', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`
    update parts set
      sku = 'GH-' || upper(substr(replace(id, '-', ''), 1, 12)),
      category_id = ${OTHER_CATEGORY.id}`.execute(db);
  await db.schema.createIndex('parts_sku_idx').on('parts').column('sku').unique().execute();
  await db.schema.createIndex('parts_category_idx').on('parts').columns(['category_id', 'archived_at']).execute();
  if (!sqlite) {
    await sql`alter table parts alter column sku set not null, alter column category_id set not null`.execute(db);
  }

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('part_id', 'text', (c) => c.notNull().references('parts.id'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('part_name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
    .execute();
  await db.schema.createIndex('order_lines_part_idx').on('order_lines').columns(['part_id', 'order_id']).execute();
  await sql`
    insert into order_lines (order_id, position, part_id, sku, part_name, image_url, unit_price_cents, quantity, line_total_cents)
    select orders.id, 0, orders.part_id, parts.sku, orders.part_name, orders.image_url, orders.unit_price_cents,
      orders.quantity, orders.total_cents
    from orders join parts on parts.id = orders.part_id`.execute(db);

  if (sqlite) {
    // The units of each part on the order's lines, added (+1) or taken off (-1).
    const unitsOfOrder = (order: 'new' | 'old', sign: string) =>
      `update parts set units_sold = units_sold + (${sign}) * (
         select coalesce(sum(quantity), 0) from order_lines where order_id = ${order}.id and part_id = parts.id)
       where id in (select part_id from order_lines where order_id = ${order}.id);`;
    for (const statement of [
      'drop trigger orders_sold_insert',
      'drop trigger orders_sold_update',
      'drop trigger orders_sold_delete',
      `create trigger order_lines_sold_insert after insert on order_lines
        when (select status from orders where id = new.order_id) in ${SOLD}
        begin update parts set units_sold = units_sold + new.quantity where id = new.part_id; end`,
      `create trigger orders_sold_update after update of status on orders
        when (old.status in ${SOLD}) <> (new.status in ${SOLD})
        begin ${unitsOfOrder('new', `case when new.status in ${SOLD} then 1 else -1 end`)} end`,
      `create trigger orders_sold_delete before delete on orders when old.status in ${SOLD}
        begin ${unitsOfOrder('old', '-1')} end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    return;
  }

  await sql`drop trigger orders_units_sold on orders`.execute(db);
  await sql`drop function orders_units_sold()`.execute(db);
  await sql
    .raw(
      `create function order_lines_units_sold() returns trigger language plpgsql as $$
      begin
        if (select status from orders where id = new.order_id) in ${SOLD} then
          update parts set units_sold = units_sold + new.quantity where id = new.part_id;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_lines_units_sold after insert on order_lines for each row execute function order_lines_units_sold()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function orders_units_sold() returns trigger language plpgsql as $$
      declare
        target text;
        sign integer;
      begin
        if tg_op = 'DELETE' then
          target := old.id;
          sign := -1;
        else
          target := new.id;
          sign := case when new.status in ${SOLD} then 1 else -1 end;
        end if;
        update parts set units_sold = units_sold + sign * sold.units
        from (select part_id, sum(quantity) as units from order_lines where order_id = target group by part_id) as sold
        where parts.id = sold.part_id;
        return case when tg_op = 'DELETE' then old else null end;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger orders_units_sold after update of status on orders for each row
      when ((old.status in ${SOLD}) is distinct from (new.status in ${SOLD})) execute function orders_units_sold()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger orders_units_sold_delete before delete on orders for each row
      when (old.status in ${SOLD}) execute function orders_units_sold()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const name of ['order_lines_sold_insert', 'orders_sold_update', 'orders_sold_delete']) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    for (const statement of [
      `create trigger orders_sold_insert after insert on orders when new.status in ${SOLD}
        begin update parts set units_sold = units_sold + new.quantity where id = new.part_id; end`,
      `create trigger orders_sold_update after update of status, quantity, part_id on orders
        when (old.status in ${SOLD}) or (new.status in ${SOLD})
        begin
          update parts set units_sold = units_sold - old.quantity where id = old.part_id and old.status in ${SOLD};
          update parts set units_sold = units_sold + new.quantity where id = new.part_id and new.status in ${SOLD};
        end`,
      `create trigger orders_sold_delete after delete on orders when old.status in ${SOLD}
        begin update parts set units_sold = units_sold - old.quantity where id = old.part_id; end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  } else {
    await sql`drop trigger if exists orders_units_sold on orders`.execute(db);
    await sql`drop trigger if exists orders_units_sold_delete on orders`.execute(db);
    await sql`drop trigger if exists order_lines_units_sold on order_lines`.execute(db);
    await sql`drop function if exists orders_units_sold()`.execute(db);
    await sql`drop function if exists order_lines_units_sold()`.execute(db);
    await sql
      .raw(
        `create function orders_units_sold() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and old.status in ${SOLD} then
            update parts set units_sold = units_sold - old.quantity where id = old.part_id;
          end if;
          if tg_op in ('INSERT', 'UPDATE') and new.status in ${SOLD} then
            update parts set units_sold = units_sold + new.quantity where id = new.part_id;
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger orders_units_sold after insert or update of status, quantity, part_id or delete on orders
        for each row execute function orders_units_sold()`,
      )
      .execute(db);
  }
  await db.schema.dropTable('order_lines').execute();
  await db.schema.dropIndex('parts_category_idx').execute();
  await db.schema.dropIndex('parts_sku_idx').execute();
  for (const column of ['price_tiers', 'pack_size', 'oem_numbers', 'category_id', 'sku']) {
    await db.schema.alterTable('parts').dropColumn(column).execute();
  }
  await db.schema.dropTable('categories').execute();
}
