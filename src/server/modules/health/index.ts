export { dataFolderCheck } from './data-folder';
export { healthRoutes } from './health.routes';
export { createReadiness, type Readiness } from './readiness';
export { SCHEMA_CHECK_INTERVAL_MS, schemaCheck } from './schema-check';
