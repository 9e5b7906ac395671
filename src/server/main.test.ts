// A node of an older build refuses a database a newer build has migrated: at start it says which
// migration it does not know and exits non-zero, before it migrates or serves anything.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './testing/test-database';
import { type ServerData, serverData, startServer } from './testing/server-process';

const NEWER = '9999-from-a-newer-build';

describe.each(availableEngines())('starting on a database a newer build migrated [%s]', (engine) => {
  let data: ServerData;

  beforeAll(async () => {
    data = await serverData(engine);
  });
  afterAll(async () => {
    await data.drop();
  });

  it('exits 1, naming the unknown migration, and changes nothing', async () => {
    const handle = data.open();
    const names = async () =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows.map((r) => r.name);
    try {
      await sql`insert into kysely_migration (name, "timestamp") values (${NEWER}, ${new Date().toISOString()})`.execute(
        handle.db,
      );
      const before = await names();

      const server = await startServer(data);
      const exit = await server.exited;

      expect({ exit, output: server.output().trim() }).toEqual({
        exit: { code: 1, signal: null },
        output:
          `Gearhouse could not start: the database's schema is newer than this build: migration ${NEWER} is unknown. ` +
          'Run the build that migrated it, or a newer one; to go back to this build, restore the backup taken before the upgrade.',
      });
      expect(await names()).toEqual(before);
    } finally {
      await handle.destroy();
    }
  }, 120_000);
});
