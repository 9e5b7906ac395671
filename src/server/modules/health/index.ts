export { dataFolderCheck } from './data-folder';
export { healthRoutes } from './health.routes';
export { createReadiness, type Readiness } from './readiness';
