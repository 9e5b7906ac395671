import { type Kysely, sql, SqliteAdapter } from 'kysely';
import { rebuildSqliteTable } from './sqlite-rebuild';

/**
 * An order's parts live in `order_lines` only: `orders` drops the copy of its first line it kept
 * (`part_id`, `part_name`, `image_url`, `unit_price_cents`) and its `quantity` (the lines' units), and
 * with them `orders_part_idx`. Every reader follows the lines; `total_cents` stays, for the counters
 * the triggers keep.
 *
 * SQLite cannot drop a column with a foreign key, so there the table is rebuilt: the new table is
 * filled, the old one dropped, the new one renamed, and the old table's indexes and triggers made
 * again from their own SQL. The migrator runs SQLite's migrations with foreign keys off (dropping
 * `orders` would otherwise delete every line through their cascade) and checks them before it commits.
 *
 * Migrated down, the columns come back filled from the lines, and nullable: an order without lines
 * (which the shop never writes, but a test may) has nothing to put in them.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const KEPT = [
  'id',
  'user_id',
  'total_cents',
  'customer_name',
  'customer_email',
  'phone',
  'address',
  'status',
  'cancel_reason',
  'transaction_id',
  'paid_at',
  'idempotency_key',
  'created_at',
  'updated_at',
  'invoice_number',
];

/** The first line's part, name, picture and unit price, and the lines' units: what `down` puts back. */
const FIRST_LINE = {
  part_id: `(select l.part_id from order_lines l where l.order_id = orders.id order by l.position limit 1)`,
  part_name: `(select l.part_name from order_lines l where l.order_id = orders.id order by l.position limit 1)`,
  image_url: `(select l.image_url from order_lines l where l.order_id = orders.id order by l.position limit 1)`,
  unit_price_cents: `(select l.unit_price_cents from order_lines l where l.order_id = orders.id order by l.position limit 1)`,
  quantity: `(select sum(l.quantity) from order_lines l where l.order_id = orders.id)`,
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await db.schema.dropIndex('orders_part_idx').ifExists().execute();
    let alter = db.schema.alterTable('orders').dropColumn('part_id');
    for (const column of ['part_name', 'image_url', 'unit_price_cents', 'quantity']) alter = alter.dropColumn(column);
    await alter.execute();
    return;
  }
  await rebuildSqliteOrders(db, { withFirstLine: false });
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table orders
      add column part_id text references parts (id),
      add column part_name text,
      add column image_url text,
      add column unit_price_cents integer check (unit_price_cents >= 0),
      add column quantity integer check (quantity >= 1)`.execute(db);
    await sql
      .raw(
        `update orders set ${Object.entries(FIRST_LINE)
          .map(([column, value]) => `${column} = ${value}`)
          .join(', ')}`,
      )
      .execute(db);
    await db.schema.createIndex('orders_part_idx').on('orders').column('part_id').execute();
    return;
  }
  await rebuildSqliteOrders(db, { withFirstLine: true });
  await db.schema.createIndex('orders_part_idx').on('orders').column('part_id').execute();
}

/** The orders table without (or, migrated down, with) the copy of its first line, rebuilt as SQLite must. */
async function rebuildSqliteOrders(db: Kysely<any>, { withFirstLine }: { withFirstLine: boolean }): Promise<void> {
  const createNext = async (name: string) => {
    let table = db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text');
    if (withFirstLine) {
      table = table
        .addColumn('part_id', 'text', (c) => c.references('parts.id'))
        .addColumn('part_name', 'text')
        .addColumn('image_url', 'text')
        .addColumn('unit_price_cents', 'integer', (c) => c.check(sql.raw('unit_price_cents >= 0')))
        .addColumn('quantity', 'integer', (c) => c.check(sql.raw('quantity >= 1')));
    }
    await table
      .addColumn('total_cents', 'bigint', (c) => c.notNull().check(sql.raw('total_cents >= 0')))
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql.raw(`status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')`)),
      )
      .addColumn('cancel_reason', 'text', (c) => c.check(sql.raw(`cancel_reason in ('customer', 'admin', 'expired')`)))
      .addColumn('transaction_id', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('invoice_number', 'text')
      .execute();
  };
  await rebuildSqliteTable(db, 'orders', {
    createNext,
    columns: withFirstLine ? [...KEPT, ...Object.keys(FIRST_LINE)] : KEPT,
    values: withFirstLine ? [...KEPT, ...Object.values(FIRST_LINE)] : KEPT,
    dropped: ['orders_part_idx'],
  });
}
