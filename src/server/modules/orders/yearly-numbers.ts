import type { Db } from '../../db/database';

/** The counters of numbers given without gaps per year: each table keeps one row a year with the last. */
export type YearlySequence = 'invoice_sequences' | 'credit_note_sequences' | 'return_sequences';

/** `INV-2026-000042`: the prefix, the year and the number within it, six digits at least. */
export function yearlyNumberOf(prefix: string, year: number, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * The next number of `year` from `sequence`, in the caller's transaction
 * (docs/decisions/0020-invoice-numbers.md). The year's row is made if missing, then raised by one
 * statement: on PostgreSQL that update holds the row's lock until the caller commits, so concurrent
 * callers take turns (no duplicate), and one that rolls back gives its number back (no gap). SQLite
 * runs one writing transaction at a time.
 */
export async function nextYearlyNumber(trx: Db, sequence: YearlySequence, prefix: string, year: number): Promise<string> {
  await trx
    .insertInto(sequence)
    .values({ year, last: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const row = await trx
    .updateTable(sequence)
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow();
  return yearlyNumberOf(prefix, year, Number(row.last));
}
