import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * Core charges (docs/shop-rules.md, "Returns"): a refundable deposit on parts whose old unit is
 * rebuilt, such as alternators, starters and brake calipers.
 *
 * - parts.core_charge_cents: the deposit per unit, net of tax; 0 carries none.
 * - order_lines.kind: `part` for the goods, `core` for a part's deposit. A core line names its part
 *   (`part_id`) and has the part line's quantity; the lines written before are all `part`.
 * - order_lines_core_idx: the core lines, for the overview's open deposits.
 * - Units sold count `part` lines only: the triggers that keep parts.units_sold read the kind, so a
 *   deposit does not count its part twice.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What the units-sold triggers (SQLite) and their functions (PostgreSQL) say, before and after. Each
 * text is unique, so the same pairs undo it.
 */
const TRIGGER_TEXT: [string, string][] = [
  // SQLite: a line inserted into a sold order; the lines of an order that becomes, or stops being, sold.
  ['after insert on order_lines when (select status', `after insert on order_lines when new.kind = 'part' and (select status`],
  ['where order_id = new.id and part_id = parts.id)', `where order_id = new.id and part_id = parts.id and kind = 'part')`],
  ['where order_id = old.id and part_id = parts.id)', `where order_id = old.id and part_id = parts.id and kind = 'part')`],
  // PostgreSQL: the same, in the trigger functions.
  [
    'if (select status from orders where id = new.order_id)',
    `if new.kind = 'part' and (select status from orders where id = new.order_id)`,
  ],
  ['from order_lines where order_id = target group by', `from order_lines where order_id = target and kind = 'part' group by`],
];

/** `text` as a pattern that matches it however its spaces and line breaks were written. */
const spaced = (text: string) =>
  new RegExp(
    text
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
    'g',
  );
const rewrite = (text: string, pairs: [string, string][]) =>
  pairs.reduce((out, [from, to]) => out.replace(spaced(from), () => to), text);

/** Makes again every units-sold trigger (SQLite) or trigger function (PostgreSQL) that says one of `pairs`' texts, with the other. */
async function rewriteUnitsSold(db: Kysely<any>, pairs: [string, string][]): Promise<void> {
  const says = (text: string) => pairs.some(([from]) => spaced(from).test(text));
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'trigger' and tbl_name in ('orders', 'order_lines')`.execute(db);
    const found = rows.filter((row) => says(row.sql));
    if (found.length !== 3) throw new Error(`units sold: ${found.length} SQLite triggers to rewrite, not 3`);
    for (const trigger of found) {
      await sql.raw(`drop trigger ${trigger.name}`).execute(db);
      await sql.raw(rewrite(trigger.sql, pairs)).execute(db);
    }
    return;
  }
  const { rows } = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.prorettype = 'trigger'::regtype`.execute(db);
  const found = rows.filter((row) => says(row.definition));
  if (found.length !== 2) throw new Error(`units sold: ${found.length} trigger functions to rewrite, not 2`);
  for (const { definition } of found) await sql.raw(rewrite(definition, pairs)).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('parts')
    .addColumn('core_charge_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('core_charge_cents >= 0')))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('part').check(sql.raw(`kind in ('part', 'core')`)))
    .execute();
  // The overview's open deposits read the core lines only, a small share of all lines.
  await db.schema
    .createIndex('order_lines_core_idx')
    .on('order_lines')
    .column('order_id')
    .where(sql.ref('kind'), '=', 'core')
    .execute();
  await rewriteUnitsSold(db, TRIGGER_TEXT);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteUnitsSold(
    db,
    TRIGGER_TEXT.map(([from, to]): [string, string] => [to, from]),
  );
  // Without a kind, a deposit would read as more of its part: its lines go, and the returns that name them.
  await sql`delete from return_lines where exists (select 1 from order_lines l
    where l.order_id = return_lines.order_id and l.position = return_lines.line_position and l.kind = 'core')`.execute(db);
  await sql`delete from order_lines where kind = 'core'`.execute(db);
  await db.schema.dropIndex('order_lines_core_idx').execute();
  await db.schema.alterTable('order_lines').dropColumn('kind').execute();
  await db.schema.alterTable('parts').dropColumn('core_charge_cents').execute();
}
