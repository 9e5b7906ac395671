// The API server and its job queue in one process, as the shop runs in one.
import { bootstrap, JobQueueService } from '@vendure/core';
import { vendureConfig } from './config';

const config = vendureConfig();

const started = Date.now();
bootstrap(config)
  .then(async (app) => {
    await app.get(JobQueueService).start();
    console.log(`vendure listening on port ${config.apiOptions.port} after ${Date.now() - started} ms`);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
