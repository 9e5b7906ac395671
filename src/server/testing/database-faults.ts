import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database';
import { TEST_POSTGRES_ADMIN_URL } from './test-env';

/** The name of the PostgreSQL database `db` is connected to. */
export async function databaseNameOf(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return rows[0]!.name;
}

/**
 * Ends every connection to `database` from PostgreSQL's side, as a failover, a restart or an
 * administrator would (`pg_terminate_backend`); answers how many it ended.
 */
export async function terminateConnections(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ ended: number }>(
      `select count(*)::int as ended from (
         select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
       ) as terminated`,
      [database],
    );
    return rows[0]?.ended ?? 0;
  } finally {
    await client.end();
  }
}
