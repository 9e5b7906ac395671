import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { LocalDiskStorage } from '../modules/uploads';
import { type TestAccount, signedInCustomer, signUp } from '../testing/accounts';
import { testApi } from '../testing/api';
import { bookingBody } from '../testing/booking';
import { insertPart } from '../testing/factories';
import { storageOnAFillableDisk, whileTheDatabaseIsFull } from '../testing/full-disk';
import { ordersWithPart, stockOf } from '../testing/orders';
import { describeOnEachEngine } from '../testing/test-app';
import { multipartFile } from '../testing/uploads';

/** The data folder of the apps below, apart from the test database's own folder (which holds SQLite). */
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-data-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Each engine's storage, in its database's folder, whose disk a test fills. */
const disks = new Map<string, ReturnType<typeof storageOnAFillableDisk>>();

function expectNoRoomAnswer(res: { status: number; headers: Record<string, unknown>; body: string; json: unknown }) {
  expect(res.status, res.body).toBe(507);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json).toMatchObject({ code: 'insufficient_storage', status: 507, detail: copy.common.storageFull });
  expect(res.body).not.toMatch(/ENOSPC|SQLITE|no space|extend file|base\//i);
}

describeOnEachEngine(
  'a full disk',
  (ctx) => {
    let customer: TestAccount;
    beforeAll(async () => {
      customer = await signedInCustomer(ctx);
    });

    it('answers an upload 507 with a plain message while the disk is full, and not ready; stores it once there is room', async () => {
      const account = await signUp(ctx.app);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      const upload = () => {
        const { payload, headers } = multipartFile(png);
        return testApi(ctx).as(account).post('/api/uploads', payload, { headers });
      };
      const disk = disks.get(ctx.engine)!;
      for (const code of ['ENOSPC', 'EDQUOT', 'EROFS'] as const) {
        disk.fill(code);
        try {
          expectNoRoomAnswer(await upload());
          const ready = await testApi(ctx).anonymous.get('/api/ready');
          expect(ready.status).toBe(503);
          expect(ready.json.checks.storage).toBe('failed');
        } finally {
          disk.makeRoom();
        }
      }
      const stored = await upload();
      expect(stored.status, stored.body).toBe(201);
    });

    it('answers a booking 507 while the database has no room, keeps nothing of it, and books once there is room', async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const book = () =>
        testApi(ctx)
          .as(customer)
          .post('/api/orders', bookingBody(part.id, { quantity: 12 }));
      await whileTheDatabaseIsFull(ctx.database, async () => {
        expectNoRoomAnswer(await book());
      });
      expect(await ordersWithPart(ctx.database.db, part.id)).toEqual([]);
      expect(await stockOf(ctx.database.db, part.id)).toBe(100);
      const again = await book();
      expect(again.status, again.body).toBe(201);
      expect(await stockOf(ctx.database.db, part.id)).toBe(88);
    });

    it('is not ready while its data folder cannot be written, probing it at most once in five seconds', async () => {
      const ready = () => testApi(ctx).anonymous.get('/api/ready');
      expect((await ready()).json.checks).toMatchObject({ disk: 'ok' });
      // The folder gone and a file in its place: nothing can be written there, by root either.
      rmSync(dataDir, { recursive: true, force: true });
      writeFileSync(dataDir, 'not a folder');
      try {
        // The last probe's outcome still stands…
        expect((await ready()).status).toBe(200);
        ctx.clock.advance(5000);
        // …until it is five seconds old.
        const unready = await ready();
        expect(unready.status).toBe(503);
        expect(unready.json).toMatchObject({ checks: { disk: 'failed' }, detail: 'Not ready: disk (failed).' });
      } finally {
        rmSync(dataDir, { force: true });
        mkdirSync(dataDir);
      }
      ctx.clock.advance(5000);
      expect((await ready()).status).toBe(200);
    });
  },
  {
    config: () => ({ dataDir }),
    storage: (ctx) => {
      const disk = storageOnAFillableDisk(new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')));
      disks.set(ctx.engine, disk);
      return disk;
    },
  },
);
