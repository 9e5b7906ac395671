import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';

export interface RefusedWrite {
  table: string;
  on: 'update' | 'delete' | 'insert';
  /** A condition on the row, in SQL both engines read (`new.status = 'paid'`); every row when left out. */
  when?: string;
  /** PostgreSQL only: the SQLSTATE the refusal carries (`40P01`, a deadlock); SQLite aborts plainly. */
  sqlstate?: string;
}

/**
 * Makes the database refuse the given writes while `work` runs, as an outage between two statements
 * would: a trigger per write that aborts it. For tests of what the shop does when one step of a change
 * committed and the next failed (a charge taken, the order's update refused).
 */
export async function whileWritesFail<T>(
  { db, dialect }: DatabaseHandle,
  writes: RefusedWrite[],
  work: () => Promise<T>,
): Promise<T> {
  const names = writes.map((_, index) => `refuse_write_${index}`);
  for (const [index, { table, on, when, sqlstate }] of writes.entries()) {
    const name = names[index]!;
    // The condition refers to the row as `new`; a delete has only the old one.
    const condition = when && on === 'delete' ? when.replace(/\bnew\./g, 'old.') : when;
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger ${name} before ${on} on ${table} ${condition ? `when ${condition}` : ''}
           begin select raise(abort, 'the database failed (simulated)'); end`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create or replace function ${name}() returns trigger language plpgsql as $$
           begin raise exception 'the database failed (simulated)'${sqlstate ? ` using errcode = '${sqlstate}'` : ''}; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${name} before ${on} on ${table} for each row ${condition ? `when (${condition})` : ''}
           execute function ${name}()`,
        )
        .execute(db);
    }
  }
  try {
    return await work();
  } finally {
    for (const [index, { table }] of writes.entries()) {
      const name = names[index]!;
      if (dialect === 'sqlite') {
        await sql.raw(`drop trigger ${name}`).execute(db);
      } else {
        await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
        await sql.raw(`drop function ${name}()`).execute(db);
      }
    }
  }
}

/** An order cannot be marked paid while `work` runs. */
export const ORDERS_CANNOT_BE_PAID: RefusedWrite = { table: 'orders', on: 'update', when: "new.status = 'paid'" };
