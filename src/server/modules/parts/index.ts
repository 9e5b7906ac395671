export { partsRoutes } from './parts.routes';
export { createPartsService, toPart, type PartsService } from './parts.service';
export { isLivePart } from './parts.repository';
