export { LocalDiskStorage, type ObjectStorage } from './storage';
export { createStorage } from './create-storage';
export { storeImage, isOwnUpload, UPLOADS_PREFIX, MAX_INPUT_PIXELS } from './images';
export { uploadsServingRoutes } from './uploads.routes';
