export { LocalDiskStorage, type ObjectStorage } from './storage';
export { S3Storage, createS3Client, type S3StorageOptions } from './s3-storage';
export { createStorage } from './create-storage';
export { storeImage, isOwnUpload, UPLOADS_PREFIX, MAX_INPUT_PIXELS } from './images';
export { imageUploadRoutes, uploadsServingRoutes } from './uploads.routes';
export { createUploadsService, type UploadsService } from './uploads.service';
