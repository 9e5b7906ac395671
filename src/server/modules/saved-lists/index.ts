// The saved lists module's public functions: what the rest of the server may use.
export { savedListsRoutes } from './saved-lists.routes';
export { createSavedListsService, type SavedListsService } from './saved-lists.service';
