import { TEST_POSTGRES_ADMIN_URL as ADMIN_URL, adminQuery } from '../../src/server/testing/test-env';

/** A fresh PostgreSQL database for one bench run, or undefined when PostgreSQL is not reachable. */
export async function createBenchPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `gh_bench_${Date.now()}_${process.pid}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch {
    return undefined;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}
