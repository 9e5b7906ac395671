import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * parts.units_sold (migrations 0006 and 0010) is kept, on PostgreSQL, by a trigger that adds or takes
 * off an order's units when it becomes paid or stops being so. It changed the order's parts in one
 * `update … from`, in whatever order the plan met them, so two payments of orders sharing parts could
 * each hold a part the other waited for. It now changes them one at a time in ascending part id, the
 * order every transaction takes rows of several parts in (docs/decisions/0029-one-lock-order.md).
 * SQLite runs one writing transaction at a time: nothing changes there.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */
const SOLD = `('paid', 'shipped', 'delivered')`;

/** The function's body before and after: only how the parts' rows are changed differs. */
function unitsSoldFunction(changeParts: string, { loop }: { loop: boolean }): string {
  return `create or replace function orders_units_sold() returns trigger language plpgsql as $$
    declare
      target text;
      sign integer;
      ${loop ? 'sold record;' : ''}
    begin
      if tg_op = 'DELETE' then
        target := old.id;
        sign := -1;
      else
        target := new.id;
        sign := case when new.status in ${SOLD} then 1 else -1 end;
      end if;
      ${changeParts}
      return case when tg_op = 'DELETE' then old else null end;
    end $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql
    .raw(
      unitsSoldFunction(
        `for sold in
        select part_id, sum(quantity) as units from order_lines where order_id = target group by part_id order by part_id
      loop
        update parts set units_sold = units_sold + sign * sold.units where id = sold.part_id;
      end loop;`,
        { loop: true },
      ),
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql
    .raw(
      unitsSoldFunction(
        `update parts set units_sold = units_sold + sign * sold.units
      from (select part_id, sum(quantity) as units from order_lines where order_id = target group by part_id) as sold
      where parts.id = sold.part_id;`,
        { loop: false },
      ),
    )
    .execute(db);
}
