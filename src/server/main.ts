import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest, SchemaNewerThanBuildError } from './db/migrator';
import { demoSeedDeps, seedDemoDataOnFirstStart } from './db/seed';
import { createStorage } from './modules/uploads';
import { shutDownGracefully } from './shutdown';

/** Reads config, migrates, seeds demo data when asked, listens, shuts down gracefully — nothing else. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  // Migrations run without the bounded waits: one may rightly take minutes, and so may a node's wait for another's.
  const migrating = openDatabase(config.database);
  await migrateToLatest(migrating.db).finally(() => migrating.destroy());
  const database = openDatabase(config.database, { timeouts: config.databaseTimeouts });
  const storage = createStorage(config);
  if (config.demoMode) {
    const created = await seedDemoDataOnFirstStart(database.db, demoSeedDeps(config, database, storage));
    if (created > 0) console.log(`demo data: ${created} rows created`);
  }
  const app = await buildApp(config, { database, storage });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Past the grace period and the requests' bound, the mail's last sends and closing the database
    // have a few seconds more; a stop that hangs beyond that exits anyway, and says so.
    const { graceMs, timeoutMs } = config.shutdown;
    const timer = setTimeout(
      () => {
        app.log.error(`shutdown took longer than ${(graceMs + timeoutMs) / 1000 + 5} s; exiting`);
        process.exit(1);
      },
      graceMs + timeoutMs + 5000,
    );
    timer.unref();
    try {
      await shutDownGracefully(app, database, config.shutdown);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Gearhouse is open at ${config.publicUrl} (${config.database.kind}${config.demoMode ? ', demo mode' : ''})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof SchemaNewerThanBuildError) {
    console.error(`Gearhouse could not start: ${error.message}. ${SchemaNewerThanBuildError.advice}`);
  } else {
    console.error('Gearhouse could not start:', error);
  }
  process.exit(1);
});
