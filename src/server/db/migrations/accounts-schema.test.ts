import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Log } from '../../log';
import { createAuth } from '../../modules/users';
import { testConfig } from '../../testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../testing/test-database';

/** Collects what better-auth says while it compares its schema with the database. */
function recordingLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  const record = (_obj: object, message?: string) => {
    lines.push(message ?? '');
  };
  return { lines, debug: () => undefined, info: record, warn: record, error: record };
}

for (const engine of availableEngines()) {
  describe(`migration 0002-accounts against better-auth's schema [${engine}]`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('leaves better-auth nothing to create, add or warn about after migrateToLatest', async () => {
      const log = recordingLog();
      const auth = createAuth(testConfig(database.dir), { database, mailer: { send: async () => undefined }, log });
      const plan = await getMigrations(auth.options);
      expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
      expect(plan.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`)).toEqual([]);
      expect(plan.toBeAddedIndexes.map((i) => i.name)).toEqual([]);
      expect(plan.schemaProblems).toEqual([]);
      expect(log.lines).toEqual([]);
    });
  });
}
