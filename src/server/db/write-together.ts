import { type Compilable, type OperationNodeSource, sql } from 'kysely';
import { type Db, isPostgres } from './database';

/** An insert, update or delete whose answer nobody reads: a write that can go with others. */
export type Write = Compilable & OperationNodeSource & { execute(): Promise<unknown> };

/**
 * Makes these writes, in the caller's transaction. On PostgreSQL they go in one statement, each in a
 * `with` of its own (PostgreSQL runs every writing `with` to its end, read or not): one round trip
 * while a transaction holds its locks, where a statement each took one a write. Each sees the rows
 * as they were before the statement, and foreign keys are checked once it has ended, so a row and the
 * rows that refer to it can go together. SQLite cannot write in a `with`, and runs in the process, so
 * it makes them one by one, in order.
 */
export async function writeTogether(db: Db, writes: readonly Write[]): Promise<void> {
  if (writes.length <= 1 || !isPostgres(db)) {
    for (const write of writes) await write.execute();
    return;
  }
  const withs = writes.map((write, index) => sql`${sql.id(`write_${index}`)} as (${write})`);
  await sql`with ${sql.join(withs)} select 1`.execute(db);
}
