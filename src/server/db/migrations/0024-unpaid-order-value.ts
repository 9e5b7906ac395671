import { type Kysely, sql, SqliteAdapter } from 'kysely';
import { createCountingTriggers } from './0017-unpaid-order-counts';

/**
 * unpaid_orders.cents: what each customer's unpaid orders come to together (the sum of their
 * total_cents), kept by the same triggers as the count (migration 0017) in the statement that books,
 * pays, cancels or deletes an order, or changes an unpaid order's total. A booking checks it against
 * MAX_UNPAID_VALUE on the row it already locks for MAX_UNPAID_ORDERS (docs/shop-rules.md, "Holding
 * stock"): a count alone let one order of every part at its full stock hold the whole catalogue.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const UNPAID = `'pending_payment'`;
const SQLITE_TRIGGERS = ['insert', 'unpaid', 'settled', 'delete', 'total'];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await dropTriggers(db, sqlite);
  await db.schema
    .alterTable('unpaid_orders')
    .addColumn('cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql
    .raw(
      `update unpaid_orders set cents = coalesce((select sum(total_cents) from orders
        where orders.user_id = unpaid_orders.user_id and orders.status = ${UNPAID}), 0)`,
    )
    .execute(db);

  if (sqlite) {
    const add = (row: string) =>
      `insert into unpaid_orders (user_id, n, cents) values (${row}.user_id, 1, ${row}.total_cents)
        on conflict (user_id) do update set n = n + 1, cents = cents + ${row}.total_cents;`;
    const take = (row: string) =>
      `update unpaid_orders set n = n - 1, cents = cents - ${row}.total_cents where user_id = ${row}.user_id;`;
    for (const statement of [
      `create trigger unpaid_orders_insert after insert on orders
        when new.status = ${UNPAID} and new.user_id is not null begin ${add('new')} end`,
      `create trigger unpaid_orders_unpaid after update of status on orders
        when old.status <> ${UNPAID} and new.status = ${UNPAID} and new.user_id is not null begin ${add('new')} end`,
      `create trigger unpaid_orders_settled after update of status on orders
        when old.status = ${UNPAID} and new.status <> ${UNPAID} and old.user_id is not null begin ${take('old')} end`,
      `create trigger unpaid_orders_delete after delete on orders
        when old.status = ${UNPAID} and old.user_id is not null begin ${take('old')} end`,
      `create trigger unpaid_orders_total after update of total_cents on orders
        when old.status = ${UNPAID} and new.status = ${UNPAID} and new.user_id is not null
          and old.total_cents <> new.total_cents
        begin update unpaid_orders set cents = cents - old.total_cents + new.total_cents where user_id = new.user_id; end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    return;
  }

  await sql
    .raw(
      `create or replace function unpaid_orders_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status = ${UNPAID} and old.user_id is not null then
          update unpaid_orders set n = n - 1, cents = cents - old.total_cents where user_id = old.user_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.status = ${UNPAID} and new.user_id is not null then
          insert into unpaid_orders (user_id, n, cents) values (new.user_id, 1, new.total_cents)
            on conflict (user_id) do update set n = unpaid_orders.n + 1, cents = unpaid_orders.cents + new.total_cents;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  for (const statement of [
    `create trigger unpaid_orders_count after insert or delete on orders for each row execute function unpaid_orders_count()`,
    `create trigger unpaid_orders_count_status after update of status, total_cents on orders for each row
      when (old.status is distinct from new.status or old.total_cents is distinct from new.total_cents)
      execute function unpaid_orders_count()`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await dropTriggers(db, sqlite);
  // Migration 0017's function and triggers, which count the orders only.
  if (!sqlite) await sql`drop function if exists unpaid_orders_count()`.execute(db);
  await db.schema.alterTable('unpaid_orders').dropColumn('cents').execute();
  await createCountingTriggers(db, sqlite);
}

/** The triggers that keep unpaid_orders, of migration 0017 or of this one (the function stays on PostgreSQL). */
async function dropTriggers(db: Kysely<any>, sqlite: boolean): Promise<void> {
  if (sqlite) {
    for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists unpaid_orders_${name}`).execute(db);
    return;
  }
  await sql`drop trigger if exists unpaid_orders_count on orders`.execute(db);
  await sql`drop trigger if exists unpaid_orders_count_status on orders`.execute(db);
}
