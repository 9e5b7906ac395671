import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnEachEngine } from '../../testing/test-app';
import { SCHEMA_CHECK_INTERVAL_MS } from './schema-check';

const NEWER = '9999-from-a-newer-build';

describeOnEachEngine('readiness once a newer build migrated the database under a running node', (ctx) => {
  it('turns 503 with the reason within the check interval, reading the schema at most once an interval', async () => {
    const ready = () => ctx.app.inject({ url: '/api/ready' });
    expect((await ready()).json()).toMatchObject({ status: 'ready', checks: { database: 'ok', schema: 'ok' } });

    await sql`insert into kysely_migration (name, "timestamp") values (${NEWER}, ${new Date().toISOString()})`.execute(
      ctx.database.db,
    );
    try {
      // Within the interval the last read stands: a load balancer's polls cost no query.
      ctx.clock.advance(SCHEMA_CHECK_INTERVAL_MS - 1);
      expect((await ready()).statusCode).toBe(200);

      ctx.clock.advance(1);
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'unavailable',
        checks: { database: 'ok', schema: 'failed' },
        detail: `Not ready: schema (the database's schema is newer than this build: migration ${NEWER} is unknown).`,
      });
      // Alive all the same: the process is not broken, only too old for its database.
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await sql`delete from kysely_migration where name = ${NEWER}`.execute(ctx.database.db);
    }

    ctx.clock.advance(SCHEMA_CHECK_INTERVAL_MS);
    expect((await ready()).statusCode).toBe(200);
  });
});
