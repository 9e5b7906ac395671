import { createServer } from 'node:net';
import pg from 'pg';

/**
 * Test-only knowledge of where the databases are. Tests create their own databases on the server
 * (named gh_test_*) and never touch anyone else's data.
 */
export const TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const IS_CI = process.env.CI === 'true';

export function postgresUrlFor(database: string): string {
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement as PostgreSQL's admin (create or drop a test database); fails fast when it is down. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A TCP port free on 127.0.0.1 right now, for a server a test or benchmark starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
