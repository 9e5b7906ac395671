import type { Config } from '../../config';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage, type ObjectStorage } from './storage';

/** The storage driver the configuration asks for: an S3-compatible bucket when set, else local disk. */
export function createStorage(config: Config): ObjectStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.uploadsDir);
}
