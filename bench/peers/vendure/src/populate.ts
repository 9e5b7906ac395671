// Writes the scaffold's initial data and its sample catalogue (54 products) to a new database, as
// `npx @vendure/create` does, then waits until the search index has every variant.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bootstrap, JobQueueService, TransactionalConnection } from '@vendure/core';
import { populate } from '@vendure/core/cli';
import { dataDir, populatedDatabase, vendureConfig } from './config';

const assets = path.join(path.dirname(require.resolve('@vendure/create/package.json')), 'assets');

async function count(connection: TransactionalConnection, sql: string): Promise<number> {
  const [row] = (await connection.rawConnection.query(sql)) as { n: number }[];
  return Number(row?.n ?? 0);
}

async function main(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const database = `${populatedDatabase}.new`;
  rmSync(database, { force: true });
  const app = await populate(
    async () => {
      const started = await bootstrap({
        ...vendureConfig({ database, synchronize: true }),
        importExportOptions: { importAssetsDir: path.join(assets, 'images') },
      });
      await started.get(JobQueueService).start();
      return started;
    },
    path.join(assets, 'initial-data.json'),
    path.join(assets, 'products.csv'),
  );
  const connection = app.get(TransactionalConnection);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const pending = await count(
      connection,
      `SELECT count(*) AS n FROM job_record WHERE state IN ('PENDING', 'RUNNING', 'RETRYING')`,
    );
    const variants = await count(connection, 'SELECT count(*) AS n FROM product_variant');
    const indexed = await count(connection, 'SELECT count(*) AS n FROM search_index_item');
    if (pending === 0 && variants > 0 && indexed >= variants) {
      console.log(`populated: ${variants} variants, ${indexed} search index entries`);
      break;
    }
    if (Date.now() > deadline) throw new Error(`the search index has ${indexed} of ${variants} variants after two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await app.close();
  // Renamed only when complete, so that a failed population is never served.
  renameSync(database, populatedDatabase);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
