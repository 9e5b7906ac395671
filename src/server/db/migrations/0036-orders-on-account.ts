import { type Kysely, sql, SqliteAdapter } from 'kysely';
import { rebuildSqliteTable, sqliteDefinitionOf } from './sqlite-rebuild';

/**
 * Orders of a company's members (docs/shop-rules.md, "Trade accounts").
 *
 * - orders.status gains `awaiting_approval` (over the member's order limit: it holds its stock as an
 *   unpaid order does), `confirmed` (placed on account: a sale, as a paid order is) and `declined` (an
 *   approval refused: final, as a cancelled order is).
 * - orders gains the company it was placed for, its purchase-order number, how it is paid (card or on
 *   account), the company address chosen, when it was invoiced and when the invoice is due, what has
 *   been paid against an invoice on account, and who approved or declined it and why. `invoiced_at` is
 *   filled from `paid_at` for the orders invoiced before (a card order is invoiced when paid).
 * - orders_company_idx: a company's orders by how they are paid and their status, for the credit check
 *   and the statement.
 * - The counters the triggers keep read the new statuses: units sold, the daily sales and the orders'
 *   sales count `confirmed` (its day is the day it was invoiced); a customer's unpaid orders count
 *   `awaiting_approval`, which holds stock the same way. Orders per status count every status already.
 *
 * SQLite cannot change a column's check, so there the table is rebuilt (sqlite-rebuild.ts) from its own
 * SQL with the check widened and the new columns. Migrated down, orders on account read as paid on
 * their invoice day, awaiting ones as unpaid and declined ones as cancelled by their customer.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

const STATUS_BEFORE = `status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')`;
const STATUS_NOW = `status in ('pending_payment', 'awaiting_approval', 'paid', 'confirmed', 'shipped', 'delivered', 'cancelled', 'declined')`;

/** The new columns, as SQL that both engines read. */
const COLUMNS: [string, string][] = [
  ['company_id', 'text references companies (id)'],
  ['po_number', 'text'],
  ['payment_method', `text default 'card' not null check (payment_method in ('card', 'account'))`],
  ['delivery_address_id', 'text'],
  ['invoiced_at', 'text'],
  ['due_date', 'text'],
  ['paid_cents', 'bigint default 0 not null check (paid_cents >= 0)'],
  ['decline_reason', 'text'],
  ['decided_by', 'text'],
];
const SQLITE_COLUMNS = COLUMNS.map(([name, definition]) => `, "${name}" ${definition}`).join('');

/**
 * What the triggers and their functions say, before and after: the sold statuses (as written and as
 * PostgreSQL prints a trigger's condition), the statuses that hold stock unpaid, and the day a sale
 * counts for. Each text is unique, so the same pairs undo it.
 */
const TRIGGER_TEXT: [string, string][] = [
  [`('paid', 'shipped', 'delivered')`, `('paid', 'confirmed', 'shipped', 'delivered')`],
  [
    `ARRAY['paid'::text, 'shipped'::text, 'delivered'::text]`,
    `ARRAY['paid'::text, 'confirmed'::text, 'shipped'::text, 'delivered'::text]`,
  ],
  [`status = 'pending_payment'`, `status in ('pending_payment', 'awaiting_approval')`],
  [`status <> 'pending_payment'`, `status not in ('pending_payment', 'awaiting_approval')`],
  [`coalesce(old.paid_at, old.created_at)`, `coalesce(old.invoiced_at, old.paid_at, old.created_at)`],
  [`coalesce(new.paid_at, new.created_at)`, `coalesce(new.invoiced_at, new.paid_at, new.created_at)`],
];

const rewrite = (text: string, pairs: [string, string][]) => pairs.reduce((out, [from, to]) => out.replaceAll(from, to), text);
const forward = TRIGGER_TEXT;
const backward = TRIGGER_TEXT.map(([from, to]): [string, string] => [to, from]);

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    const definition = await sqliteDefinitionOf(db, 'orders');
    if (!definition.includes(STATUS_BEFORE)) throw new Error('orders: the status check is not the one migration 0036 widens');
    await rebuildSqliteTable(db, 'orders', {
      createNext: async (name) => {
        const next = definition
          .replace(/^CREATE TABLE "?orders"?/i, `create table "${name}"`)
          .replace(STATUS_BEFORE, STATUS_NOW)
          .replace(/\)\s*$/, `${SQLITE_COLUMNS})`);
        await sql.raw(next).execute(db);
      },
    });
  } else {
    await sql.raw(`alter table orders ${COLUMNS.map(([name, type]) => `add column ${name} ${type}`).join(', ')}`).execute(db);
    await sql`alter table orders drop constraint orders_status_check`.execute(db);
    await sql.raw(`alter table orders add constraint orders_status_check check (${STATUS_NOW})`).execute(db);
  }
  await sql`update orders set invoiced_at = paid_at where invoice_number is not null`.execute(db);
  await db.schema.createIndex('orders_company_idx').on('orders').columns(['company_id', 'payment_method', 'status']).execute();
  await rewriteTriggers(db, sqlite, forward);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // Into the statuses there were, while the triggers still know the new ones: the counters stay right.
  await sql`update orders set status = 'paid', paid_at = coalesce(paid_at, invoiced_at) where status = 'confirmed'`.execute(db);
  await sql`update orders set paid_at = coalesce(paid_at, invoiced_at) where payment_method = 'account'`.execute(db);
  await sql`update orders set status = 'pending_payment' where status = 'awaiting_approval'`.execute(db);
  await sql`update orders set status = 'cancelled', cancel_reason = 'customer' where status = 'declined'`.execute(db);
  await rewriteTriggers(db, sqlite, backward);
  await db.schema.dropIndex('orders_company_idx').execute();
  if (sqlite) {
    const definition = await sqliteDefinitionOf(db, 'orders');
    await rebuildSqliteTable(db, 'orders', {
      createNext: async (name) => {
        const next = definition
          .replace(/^CREATE TABLE "?orders"?/i, `create table "${name}"`)
          .replace(STATUS_NOW, STATUS_BEFORE)
          .replace(SQLITE_COLUMNS, '');
        await sql.raw(next).execute(db);
      },
    });
    return;
  }
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql.raw(`alter table orders add constraint orders_status_check check (${STATUS_BEFORE})`).execute(db);
  await sql.raw(`alter table orders ${COLUMNS.map(([name]) => `drop column ${name}`).join(', ')}`).execute(db);
}

/**
 * Makes every trigger of orders and order_lines (and, on PostgreSQL, every trigger function) that says
 * one of `pairs`' texts again with the other text: the same triggers, reading the statuses anew.
 */
async function rewriteTriggers(db: Kysely<any>, sqlite: boolean, pairs: [string, string][]): Promise<void> {
  const says = (text: string) => pairs.some(([from]) => text.includes(from));
  if (sqlite) {
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'trigger' and tbl_name in ('orders', 'order_lines')`.execute(db);
    for (const trigger of rows.filter((row) => says(row.sql))) {
      await sql.raw(`drop trigger ${trigger.name}`).execute(db);
      await sql.raw(rewrite(trigger.sql, pairs)).execute(db);
    }
    return;
  }
  const { rows: functions } = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.prorettype = 'trigger'::regtype`.execute(db);
  for (const { definition } of functions.filter((row) => says(row.definition))) {
    await sql.raw(rewrite(definition, pairs)).execute(db);
  }
  const { rows: triggers } = await sql<{ name: string; table: string; definition: string }>`
    select tgname as name, tgrelid::regclass::text as table, pg_get_triggerdef(oid) as definition from pg_trigger
    where not tgisinternal and tgrelid in ('orders'::regclass, 'order_lines'::regclass)`.execute(db);
  for (const trigger of triggers.filter((row) => says(row.definition))) {
    await sql.raw(`drop trigger ${trigger.name} on ${trigger.table}`).execute(db);
    await sql.raw(rewrite(trigger.definition, pairs)).execute(db);
  }
}
