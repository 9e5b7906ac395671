import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus } from './events';
import { insertContactMessage } from './testing/factories';
import { availableEngines, createTestDatabase, type TestDatabase } from './testing/test-database';

interface TestEvents {
  noted: { id: string };
  counted: { n: number };
}

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
      const log = { error: vi.fn() };
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
      const events = createEventBus<TestEvents>({ error: vi.fn() });
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
      const log = { error: vi.fn() };
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

    it('refuses to announce outside a transaction an event whose subscribers write with the change', () => {
      const events = createEventBus<TestEvents>({ error: vi.fn() });
      const counted = vi.fn();
      events.on('counted', { after: counted });
      events.committed('counted', { n: 2 });
      expect(counted).toHaveBeenCalledWith({ n: 2 });

      events.on('noted', { during: async () => undefined });
      expect(() => events.committed('noted', { id: 'x' })).toThrow(/inside a transaction/);
    });
  });
}
