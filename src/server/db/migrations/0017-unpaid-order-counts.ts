import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * unpaid_orders: how many orders each customer has waiting for payment, kept by triggers on orders in
 * the statement that books, pays, cancels or deletes one. A booking checks the customer's limit
 * (MAX_UNPAID_ORDERS) by reading one row, where it counted the customer's orders before: a cost that
 * grew with every order the customer had ever placed. A customer without a row has none. A removed
 * account's row stays, as its orders do (orders.user_id has no foreign key).
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const UNPAID = `'pending_payment'`;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('unpaid_orders')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql
    .raw(
      `insert into unpaid_orders (user_id, n)
        select user_id, count(*) from orders where status = ${UNPAID} and user_id is not null group by user_id`,
    )
    .execute(db);

  await createCountingTriggers(db, sqlite);
}

/** The triggers that count each customer's unpaid orders (migration 0024 puts them back when undone). */
export async function createCountingTriggers(db: Kysely<any>, sqlite: boolean): Promise<void> {
  if (sqlite) {
    const add = (row: string) =>
      `insert into unpaid_orders (user_id, n) values (${row}.user_id, 1) on conflict (user_id) do update set n = n + 1;`;
    const take = (row: string) => `update unpaid_orders set n = n - 1 where user_id = ${row}.user_id;`;
    for (const statement of [
      `create trigger unpaid_orders_insert after insert on orders
        when new.status = ${UNPAID} and new.user_id is not null begin ${add('new')} end`,
      `create trigger unpaid_orders_unpaid after update of status on orders
        when old.status <> ${UNPAID} and new.status = ${UNPAID} and new.user_id is not null begin ${add('new')} end`,
      `create trigger unpaid_orders_settled after update of status on orders
        when old.status = ${UNPAID} and new.status <> ${UNPAID} and old.user_id is not null begin ${take('old')} end`,
      `create trigger unpaid_orders_delete after delete on orders
        when old.status = ${UNPAID} and old.user_id is not null begin ${take('old')} end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    return;
  }

  await sql
    .raw(
      `create function unpaid_orders_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status = ${UNPAID} and old.user_id is not null then
          update unpaid_orders set n = n - 1 where user_id = old.user_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.status = ${UNPAID} and new.user_id is not null then
          insert into unpaid_orders (user_id, n) values (new.user_id, 1)
            on conflict (user_id) do update set n = unpaid_orders.n + 1;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  for (const statement of [
    `create trigger unpaid_orders_count after insert or delete on orders for each row execute function unpaid_orders_count()`,
    `create trigger unpaid_orders_count_status after update of status on orders for each row
      when (old.status is distinct from new.status) execute function unpaid_orders_count()`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const name of ['insert', 'unpaid', 'settled', 'delete']) {
      await sql.raw(`drop trigger if exists unpaid_orders_${name}`).execute(db);
    }
  } else {
    await sql`drop trigger if exists unpaid_orders_count on orders`.execute(db);
    await sql`drop trigger if exists unpaid_orders_count_status on orders`.execute(db);
    await sql`drop function if exists unpaid_orders_count()`.execute(db);
  }
  await db.schema.dropTable('unpaid_orders').execute();
}
