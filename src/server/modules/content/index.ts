export { contentRoutes } from './content.routes';
export { createContentService, type ContentService } from './content.service';
export { upsertSettings } from './content.repository';
// For the orders export, so every CSV the shop writes quotes and guards its cells alike.
export { csvCell } from './csv';
