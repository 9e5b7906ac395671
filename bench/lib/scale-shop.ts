import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrator';
import type { Mailer } from '../../src/server/modules/mail';
import { createBenchPostgres } from './postgres';

export const BENCH_ORIGIN = 'http://127.0.0.1:3999';
/** One secret for every bench shop, so a session signed up in the bench is valid in a server process of its own. */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export interface BenchAccount {
  id: string;
  cookie: string;
}

/** The app on a fresh database of one engine, with a customer and an admin signed in. */
export interface ScaleShop {
  app: FastifyInstance;
  handle: DatabaseHandle;
  customer: BenchAccount;
  admin: BenchAccount;
  /** The variables that open the same database (and accept the same sessions) in a server process of its own. */
  serverEnv: Record<string, string>;
}

const noMail: Mailer = { send: async () => undefined };

/** Signs the account up, or in when a kept database already has it. */
async function signUp(app: FastifyInstance, email: string, existing = false): Promise<BenchAccount> {
  const res = await app.inject({
    method: 'POST',
    url: existing ? '/api/auth/sign-in/email' : '/api/auth/sign-up/email',
    headers: { origin: BENCH_ORIGIN },
    payload: { ...(existing ? {} : { name: 'Bench Account' }), email, password: 'bench-password-1' },
  });
  if (res.statusCode !== 200) throw new Error(`${existing ? 'sign-in' : 'sign-up'} answered ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { id: (res.json() as { user: { id: string } }).user.id, cookie };
}

/**
 * Runs `measure` on a shop of its own: a fresh database of `engine` (a temporary folder, or a
 * PostgreSQL database made for the run), migrated, the app built in-process with its response cache,
 * mail and timers off, a customer and an admin signed up, and `prepare` run to load the data. Everything
 * is removed afterwards. Without a reachable PostgreSQL it says so and measures nothing.
 *
 * With `keep`, the database is kept instead: in a folder of that path (SQLite) or a PostgreSQL database
 * of that name, reused by the next run with the same `keep`, migrated to the latest schema, its accounts
 * signed in again and `prepare` skipped.
 */
export async function withScaleShop<T>(
  engine: 'sqlite' | 'postgres',
  log: (line: string) => void,
  prepare: (shop: ScaleShop) => Promise<void>,
  measure: (shop: ScaleShop) => Promise<T[]>,
  keep?: { dir: string; postgresName: string },
): Promise<T[]> {
  const dir = keep ? path.join(keep.dir, engine) : mkdtempSync(path.join(os.tmpdir(), `gearhouse-bench-${engine}-`));
  if (keep) mkdirSync(dir, { recursive: true });
  const postgres = engine === 'postgres' ? await createBenchPostgres(keep?.postgresName) : undefined;
  if (engine === 'postgres' && !postgres) {
    log('  PostgreSQL is not reachable (TEST_POSTGRES_URL or 127.0.0.1:5432): not measured.');
    if (!keep) rmSync(dir, { recursive: true, force: true });
    return [];
  }
  const serverEnv = {
    DATA_DIR: dir,
    AUTH_SECRET: BENCH_AUTH_SECRET,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      ...serverEnv,
      PUBLIC_URL: BENCH_ORIGIN,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
    { webDistDir: undefined },
  );
  const handle = openDatabase(config.database);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(handle.db);
    app = await buildApp(config, {
      database: handle,
      logger: false,
      responseCacheTtlMs: 0,
      mailer: noMail,
      orderSweepIntervalMs: 0,
    });
    await app.ready();
    const customerEmail = `bench-customer-${engine}@example.com`;
    const kept =
      keep !== undefined &&
      (await handle.db.selectFrom('users').select('id').where('email', '=', customerEmail).executeTakeFirst()) !== undefined;
    const customer = await signUp(app, customerEmail, kept);
    const admin = await signUp(app, `bench-admin-${engine}@example.com`, kept);
    await handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const shop = { app, handle, customer, admin, serverEnv };
    if (kept) log(`  ${engine}: the data kept in ${keep.dir} (${keep.postgresName} on PostgreSQL) reused`);
    else await prepare(shop);
    return await measure(shop);
  } finally {
    await app?.close();
    await handle.destroy();
    if (!keep) {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
