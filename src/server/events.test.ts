import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConflictRetry } from './db/conflict-retry';
import { createEventBus } from './events';
import { insertContactMessage } from './testing/factories';
import { availableEngines, createTestDatabase, type TestDatabase } from './testing/test-database';

interface TestEvents {
  noted: { id: string };
  counted: { n: number };
}

/** An error as pg reports one with this SQLSTATE. */
const databaseError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

/** Three attempts without waiting between them, the waits recorded. */
const quickRetry = (): ConflictRetry & { pause: ReturnType<typeof vi.fn> } => ({
  attempts: 3,
  pause: vi.fn(async () => undefined),
});

for (const engine of availableEngines()) {
  describe(`the event bus [${engine}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.drop();
    });
    const stored = async (id: string) =>
      (await database.db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    it('writes what `during` subscribers write with the change, and tells `after` subscribers once it committed', async () => {
      const log = { error: vi.fn(), warn: vi.fn() };
      const events = createEventBus<TestEvents>(log);
      const seen: string[] = [];
      events.on('noted', {
        during: async (trx, { id }) => {
          await insertContactMessage(trx, { id });
          seen.push(`during ${id}`);
        },
        after: ({ id }) => void seen.push(`after ${id}`),
      });
      const id = crypto.randomUUID();
      const result = await events.transaction(database.db, async ({ announce }) => {
        await announce('noted', { id });
        // Inside the transaction: the subscriber has written, nobody has been told yet.
        expect(seen).toEqual([`during ${id}`]);
        return 'done';
      });
      expect(result).toBe('done');
      expect(seen).toEqual([`during ${id}`, `after ${id}`]);
      expect(await stored(id)).toBe(true);
      expect(log.error).not.toHaveBeenCalled();
    });

    it('announces nothing from a transaction that rolled back, and its subscribers’ writes roll back with it', async () => {
      const events = createEventBus<TestEvents>({ error: vi.fn(), warn: vi.fn() });
      const after = vi.fn();
      events.on('noted', { during: (trx, { id }) => insertContactMessage(trx, { id }).then(() => undefined), after });
      const id = crypto.randomUUID();
      await expect(
        events.transaction(database.db, async ({ announce }) => {
          await announce('noted', { id });
          throw new Error('the change failed after announcing');
        }),
      ).rejects.toThrow('the change failed after announcing');
      expect(after).not.toHaveBeenCalled();
      expect(await stored(id)).toBe(false);
    });

    it('logs an `after` subscriber’s failure, runs the others, and leaves the change standing', async () => {
      const log = { error: vi.fn(), warn: vi.fn() };
      const events = createEventBus<TestEvents>(log);
      const second = vi.fn();
      events.on('counted', {
        after: () => {
          throw new Error('metrics down');
        },
      });
      events.on('counted', { after: () => Promise.reject(new Error('async failure')) });
      events.on('counted', { after: second });
      await events.transaction(database.db, ({ announce }) => announce('counted', { n: 1 }));
      await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(2));
      expect(second).toHaveBeenCalledWith({ n: 1 });
    });

    it('runs a transaction ended by a deadlock or a serialization failure again, and announces only the attempt that committed', async () => {
      const log = { error: vi.fn(), warn: vi.fn() };
      const retry = quickRetry();
      const events = createEventBus<TestEvents>(log, retry);
      const after = vi.fn();
      events.on('noted', { during: (trx, { id }) => insertContactMessage(trx, { id }).then(() => undefined), after });
      const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      // The conflict as pg reports it, and as a library wraps it (its cause).
      const failures = [databaseError('40P01'), new Error('the statement failed', { cause: databaseError('40001') })];
      let attempt = 0;
      const result = await events.transaction(database.db, async ({ announce }) => {
        const id = ids[attempt]!;
        await announce('noted', { id });
        const failure = failures[attempt++];
        if (failure) throw failure;
        return id;
      });
      expect(result).toBe(ids[2]);
      expect(attempt).toBe(3);
      expect(after.mock.calls).toEqual([[{ id: ids[2] }]]);
      expect(await Promise.all(ids.map(stored))).toEqual([false, false, true]);
      expect(retry.pause.mock.calls).toEqual([[1], [2]]);
      expect(log.warn.mock.calls.map(([details]) => (details as { code: string }).code)).toEqual(['40P01', '40001']);
    });

    it('runs a transaction that failed for any other reason once, and gives a conflict up after the last attempt', async () => {
      const log = { error: vi.fn(), warn: vi.fn() };
      const events = createEventBus<TestEvents>(log, quickRetry());
      const after = vi.fn();
      events.on('noted', { after });
      let runs = 0;
      const unique = databaseError('23505');
      await expect(
        events.transaction(database.db, async ({ announce }) => {
          runs += 1;
          await announce('noted', { id: 'x' });
          throw unique;
        }),
      ).rejects.toBe(unique);
      expect(runs).toBe(1);

      runs = 0;
      const deadlock = databaseError('40P01');
      await expect(
        events.transaction(database.db, async ({ announce }) => {
          runs += 1;
          await announce('noted', { id: 'y' });
          throw deadlock;
        }),
      ).rejects.toBe(deadlock);
      expect(runs).toBe(3);
      expect(log.warn).toHaveBeenCalledTimes(2);
      expect(after).not.toHaveBeenCalled();
    });

    if (engine === 'postgres') {
      it('commits both transactions of a real deadlock, the one PostgreSQL ended being run again', async () => {
        const log = { error: vi.fn(), warn: vi.fn() };
        const events = createEventBus<TestEvents>(log, quickRetry());
        const [a, b] = [await insertContactMessage(database.db), await insertContactMessage(database.db)];
        // Each first locks its own row, then, once both hold one, the other's: PostgreSQL ends one of the two.
        let holding = 0;
        let bothHold: () => void = () => undefined;
        const both = new Promise<void>((resolve) => (bothHold = resolve));
        const lockInTurn = (first: string, second: string) =>
          events.transaction(database.db, async ({ trx }) => {
            const lock = (id: string) =>
              trx
                .updateTable('contact_messages')
                .set({ subject: `locked by ${first}` })
                .where('id', '=', id)
                .execute();
            await lock(first);
            if (++holding === 2) bothHold();
            await both;
            await lock(second);
            return first;
          });
        expect(await Promise.all([lockInTurn(a.id, b.id), lockInTurn(b.id, a.id)])).toEqual([a.id, b.id]);
        expect(log.warn.mock.calls.map(([details]) => (details as { code: string }).code)).toEqual(['40P01']);
      });
    }

    it('refuses to announce outside a transaction an event whose subscribers write with the change', () => {
      const events = createEventBus<TestEvents>({ error: vi.fn(), warn: vi.fn() });
      const counted = vi.fn();
      events.on('counted', { after: counted });
      events.committed('counted', { n: 2 });
      expect(counted).toHaveBeenCalledWith({ n: 2 });

      events.on('noted', { during: async () => undefined });
      expect(() => events.committed('noted', { id: 'x' })).toThrow(/inside a transaction/);
    });
  });
}
