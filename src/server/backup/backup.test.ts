// Backups taken while the shop books orders, restored into a fresh data folder and database: the
// restored shop holds every row committed before the backup began and every picture. On SQLite a copy
// of the database file alone, taken at the same moment, does not: the latest commits are in the WAL.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { type Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { LocalDiskStorage } from '../modules/uploads';
import { signedInCustomer } from '../testing/accounts';
import { testApi } from '../testing/api';
import { bookingBody } from '../testing/booking';
import { insertPart } from '../testing/factories';
import { describeOnEachEngine, testConfig } from '../testing/test-app';
import { adminQuery, postgresUrlFor } from '../testing/test-env';
import { backUp, restoreBackup, type ShopData } from './backup';
import { BackupError } from './backup-error';
import { dumpPostgres } from './postgres-backup';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which of `ids` the database's orders table lacks. */
async function ordersMissingFrom(location: Config['database'], ids: string[]): Promise<string[]> {
  const database = openDatabase(location);
  try {
    const found = new Set((await database.db.selectFrom('orders').select('id').execute()).map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  } finally {
    await database.destroy();
  }
}

describeOnEachEngine('backup and restore while the shop takes orders', (ctx) => {
  const folders: string[] = [];
  const databases: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `gearhouse-${prefix}-`));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    for (const name of databases) await adminQuery(`drop database if exists "${name}" with (force)`);
  });

  /**
   * Where a shop is restored to: an empty data folder and, on PostgreSQL, an empty database, as on a
   * new machine; `started`, the shop started there once, so its database is migrated but holds nothing.
   */
  async function freshShop({ started = false } = {}): Promise<ShopData & { dir: string }> {
    const dir = folder('restored');
    const uploadsDir = path.join(dir, 'uploads');
    let database: Config['database'] = { kind: 'sqlite', file: path.join(dir, 'gearhouse.sqlite') };
    if (ctx.engine === 'postgres') {
      const name = `gh_test_${inject('runId')}_restore_${randomBytes(4).toString('hex')}`;
      await adminQuery(`create database "${name}"`);
      databases.push(name);
      database = { kind: 'postgres', url: postgresUrlFor(name) };
    }
    if (started) {
      const handle = openDatabase(database);
      await migrateToLatest(handle.db);
      await handle.destroy();
    }
    return { dir, database, uploadsDir, bucket: undefined };
  }

  it('holds every order committed before it began and every picture, restores into a fresh shop, refuses to replace one', async () => {
    const api = testApi(ctx);
    const customer = await signedInCustomer(ctx);
    const stockSet = 1_000_000;
    const part = await insertPart(ctx.database.db, { stock: stockSet, min_order_quantity: 1 });
    const pictures = new Map([1, 2].map((): [string, Buffer] => [`${randomBytes(16).toString('hex')}.webp`, randomBytes(4096)]));
    for (const [key, body] of pictures) await ctx.storage.put(key, body, 'image/webp');
    const source: ShopData = { database: ctx.database.location, uploadsDir: ctx.config.uploadsDir, bucket: undefined };

    // Bookings from three clients without pause, from before the backup begins until after it ends.
    const answered: { id: string; at: number }[] = [];
    let booking = true;
    const client = async () => {
      while (booking) {
        const res = await api.as(customer).post('/api/orders', bookingBody(part.id, { quantity: 1 + (answered.length % 3) }));
        expect(res.status, res.body).toBe(201);
        answered.push({ id: res.json.id as string, at: performance.now() });
      }
    };
    const clients = Promise.all([client(), client(), client()]);
    while (answered.length < 30) await sleep(5);

    // What an operator copying the database file by hand would get at this moment.
    const plainCopy = path.join(folder('plain-copy'), 'gearhouse.sqlite');
    if (ctx.database.location.kind === 'sqlite') copyFileSync(ctx.database.location.file, plainCopy);
    const committedBefore = answered.map((a) => a.id);
    const startedAt = performance.now();
    const backup = await backUp(source, { into: folder('backups') });
    const endedAt = performance.now();
    while (answered.filter((a) => a.at > endedAt).length < 5) await sleep(5);
    booking = false;
    await clients;
    const bookedDuring = answered.filter((a) => a.at > startedAt && a.at < endedAt).length;
    expect(bookedDuring, 'orders booked while the backup ran').toBeGreaterThan(0);

    expect(path.basename(backup.database)).toMatch(/^gearhouse-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.(sqlite|pgdump)$/);
    expect(backup.uploads).toEqual({ dir: backup.database.replace(/\.(sqlite|pgdump)$/, '-uploads'), files: 2 });
    expect(backup.notes).toEqual([]);

    const target = await freshShop({ started: true });
    const restored = await restoreBackup(target, backup.database);
    expect(restored.uploads).toBe(2);
    expect(await ordersMissingFrom(target.database, committedBefore), 'orders committed before the backup began').toEqual([]);
    if (ctx.engine === 'sqlite') {
      // The same check fails for the file copied by hand: those orders were still in the WAL.
      const missing = await ordersMissingFrom({ kind: 'sqlite', file: plainCopy }, committedBefore);
      expect(missing.length, 'orders the plain copy of the database file lacks').toBeGreaterThan(0);
      console.log(
        `sqlite: a plain copy of the file lacks ${missing.length} of the ${committedBefore.length} orders committed before it`,
      );
    }

    // The restored shop serves: the customer's session, an order from before and one of the pictures;
    // every order in it is whole, and its stock plus the units ordered is the stock set.
    const database: DatabaseHandle = openDatabase(target.database);
    const app = await buildApp(testConfig(target.dir), {
      database,
      storage: new LocalDiskStorage(target.uploadsDir ?? ''),
      logger: false,
      responseCacheTtlMs: 0,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
    try {
      const order = await testApi(app).as(customer).get(`/api/orders/${committedBefore[0]}`);
      expect(order.status, order.body).toBe(200);
      const [key, body] = [...pictures][0] ?? [];
      const picture = await app.inject({ url: `/uploads/${key}` });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.equals(body ?? Buffer.alloc(0))).toBe(true);
      for (const [name, bytes] of pictures)
        expect(readFileSync(path.join(target.uploadsDir ?? '', name)).equals(bytes)).toBe(true);

      const orders = await database.db.selectFrom('orders').select('id').execute();
      const lines = await database.db.selectFrom('order_lines').select(['order_id', 'quantity']).execute();
      expect(lines.map((l) => l.order_id).sort()).toEqual(orders.map((o) => o.id).sort());
      const ordered = lines.reduce((sum, line) => sum + Number(line.quantity), 0);
      const { stock } = await database.db
        .selectFrom('part_stock')
        .select('stock')
        .where('part_id', '=', part.id)
        .executeTakeFirstOrThrow();
      expect(stock + ordered, 'stock plus the units ordered is the stock set').toBe(stockSet);
      console.log(
        `${ctx.engine}: ${committedBefore.length} orders committed before the backup, ${bookedDuring} booked while it ran ` +
          `(${Math.round(endedAt - startedAt)} ms), ${orders.length} in the restored shop`,
      );
    } finally {
      await app.close();
      await database.destroy();
    }

    // A database that holds a shop is replaced only when asked; one the shop still uses, never.
    await expect(restoreBackup(target, backup.database)).rejects.toThrow(/already holds a shop: add --force/);
    await expect(restoreBackup(target, backup.database, { force: true })).resolves.toMatchObject({ uploads: 0 });
    expect(await ordersMissingFrom(target.database, committedBefore)).toEqual([]);
    await ctx.database.db.connection().execute(async () => {
      await expect(restoreBackup(source, backup.database, { force: true })).rejects.toThrow(
        ctx.engine === 'sqlite' ? /is in use: stop the shop/ : /other connection\(s\) to the database .*: stop every node/,
      );
    });
  }, 120_000);

  it('refuses a file that is no backup, or the other engine’s', async () => {
    const dir = folder('not-a-backup');
    const target = await freshShop();
    const notes = path.join(dir, 'notes.sqlite');
    writeFileSync(notes, 'just some notes');
    await expect(restoreBackup(target, notes)).rejects.toThrow(/is not a backup of the shop/);
    const other = path.join(dir, ctx.engine === 'sqlite' ? 'gearhouse-x.pgdump' : 'gearhouse-x.sqlite');
    writeFileSync(other, ctx.engine === 'sqlite' ? 'PGDMP\u0001\u000e\u0000' : 'SQLite format 3\u0000');
    await expect(restoreBackup(target, other)).rejects.toThrow(
      ctx.engine === 'sqlite'
        ? /is a PostgreSQL backup, but this shop runs on SQLite \(DATABASE_URL is unset\)/
        : /is a SQLite backup, but this shop runs on PostgreSQL \(DATABASE_URL is set\)/,
    );
    await expect(restoreBackup(target, path.join(dir, 'missing.sqlite'))).rejects.toThrow(/There is no backup at/);
  });
});

describe('backup on PostgreSQL without pg_dump', () => {
  it('says that pg_dump is missing and how to get it', async () => {
    const searchPath = process.env.PATH;
    process.env.PATH = '';
    try {
      const dump = dumpPostgres('postgres://gearhouse@127.0.0.1:1/gearhouse', path.join(os.tmpdir(), 'never-written.pgdump'));
      await expect(dump).rejects.toThrow(BackupError);
      await expect(dump).rejects.toThrow(/pg_dump was not found on PATH: install PostgreSQL's client tools/);
    } finally {
      process.env.PATH = searchPath;
    }
  });
});
