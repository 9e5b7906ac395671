import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './backup-error';

/** The first bytes of a dump in pg_dump's custom format. */
export const PG_DUMP_HEADER = 'PGDMP';

/**
 * The database address without its password, which goes to the tools in PGPASSWORD instead: a
 * command line is visible to every user of the machine (`ps`).
 */
function connectionFor(url: string): { address: string; env: NodeJS.ProcessEnv; label: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { address: parsed.toString(), env, label: `${parsed.host}${parsed.pathname}` };
}

const CLIENT_TOOLS =
  "PostgreSQL's client tools, of the server's major version or newer (Debian and Ubuntu: apt-get install postgresql-client)";

/** Runs pg_dump or pg_restore; answers its standard error, or throws a BackupError that says what went wrong. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${tool} was not found on PATH: install ${CLIENT_TOOLS}, or run this where they are.`)
          : error,
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`)),
    );
  });
}

/**
 * Dumps the database in pg_dump's custom format (compressed; pg_restore reads it). pg_dump reads one
 * snapshot, so the dump holds every transaction committed before it began and none half, while the
 * shop goes on writing.
 */
export async function dumpPostgres(url: string, target: string): Promise<void> {
  const { address, env } = connectionFor(url);
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${target}`, `--dbname=${address}`], env);
}

/**
 * Restores a custom-format dump into the database in one transaction: its tables are dropped and made
 * again from the dump, or, when anything fails, nothing changes. Ownership and grants are left to the
 * restoring role, so the dump of one server restores on another whose roles differ.
 */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const { address, env } = connectionFor(url);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${address}`,
      dump,
    ],
    env,
  );
}

/** Runs `work` on a connection of its own to the database; a database it cannot reach is said plainly. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(
      `Cannot reach the database at ${connectionFor(url).label}: ${(error as Error).message}. ` +
        'To restore into a new database, create it first (createdb -O <role> <name>).',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether any of the shop's tables in the database holds a row (the migrations' own bookkeeping aside). */
export function postgresHoldsRows(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
         from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`,
    );
    for (const { name } of rows) {
      const { rows: found } = await client.query(`select 1 from ${name} limit 1`);
      if (found.length > 0) return true;
    }
    return false;
  });
}

/** How many other sessions are connected to the database: a running node keeps a pool of them open. */
export function postgresConnectionsBesides(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0]?.n ?? 0;
  });
}
