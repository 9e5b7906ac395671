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
