import type { Config } from '../../config';
import { LocalDiskStorage, type ObjectStorage } from './storage';

/** The storage driver the configuration asks for (local disk is the embedded default). */
export function createStorage(config: Config): ObjectStorage {
  return new LocalDiskStorage(config.uploadsDir);
}
