import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { SchemaNewerThanBuildError, unknownMigrations } from '../../db/migrator';
import { NotReady, type ReadinessCheck } from './readiness';

/** How long one read of the schema's migrations stands: a load balancer polling every second reads once in five. */
export const SCHEMA_CHECK_INTERVAL_MS = 5000;

/**
 * Readiness of the schema: not ready once the database holds a migration this build does not know,
 * i.e. a newer build migrated it while this node ran. Its queries may then read what the migration
 * dropped, so a load balancer should take it out rather than let it answer 500
 * (docs/decisions/0028-stop-migrate-start.md). A database that cannot be read is the `database`
 * check's to report; this one passes then. One read's outcome stands for `intervalMs`.
 */
export function schemaCheck(
  db: Db,
  { clock, intervalMs = SCHEMA_CHECK_INTERVAL_MS }: { clock: Clock; intervalMs?: number },
): ReadinessCheck {
  const probe = async () => {
    const unknown = await unknownMigrations(db).catch(() => []);
    if (unknown.length > 0) throw new NotReady(new SchemaNewerThanBuildError(unknown).message);
  };
  let last: { at: number; outcome: Promise<void> } | undefined;
  return () => {
    const now = clock.now().getTime();
    if (!last || now - last.at >= intervalMs || now < last.at) last = { at: now, outcome: probe() };
    return last.outcome;
  };
}
