// The API keys module's public functions: what the rest of the server may use.
export { apiKeysRoutes } from './api-keys.routes';
export { createApiKeysService, type ApiKeysService, LAST_USED_PRECISION_MS } from './api-keys.service';
