import { TEST_POSTGRES_ADMIN_URL as ADMIN_URL, adminQuery } from '../../src/server/testing/test-env';

/**
 * A fresh PostgreSQL database for one bench run, or undefined when PostgreSQL is not reachable. With
 * `keptName`, the database of that name, made only if missing (its data kept between runs).
 */
export async function createBenchPostgres(keptName?: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = keptName ?? `gh_bench_${Date.now()}_${process.pid}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch (error) {
    const exists = keptName !== undefined && (error as { code?: string }).code === '42P04';
    if (!exists) return undefined;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}
