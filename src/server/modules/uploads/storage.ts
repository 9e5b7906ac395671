import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { access, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk (the default) or an S3-compatible bucket (`S3Storage`). */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | undefined>;
  exists(key: string): Promise<boolean>;
  /** Throws when the storage cannot be written to now (GET /api/ready). */
  probe(signal: AbortSignal): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,127}$/;

/** Keys are flat file names (content hashes): no folders, no `..`, nothing a path or URL could misread. */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

const contentTypes: Record<string, string> = { '.webp': 'image/webp' };

export class LocalDiskStorage implements ObjectStorage {
  constructor(private readonly dir: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    assertValidKey(key);
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, key);
    // Write, flush to disk, then rename, so a reader never sees half a file and a crash right after
    // the answer cannot lose it. The temporary name is unique per write: keys are content hashes, so
    // the same key may be written by two requests at once.
    const temporary = `${target}.${randomUUID()}.tmp`;
    const file = await open(temporary, 'wx');
    try {
      try {
        await file.writeFile(body);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      // Half a file on a full disk would keep its space taken after the failure.
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string) {
    if (!isValidKey(key)) return undefined;
    const file = path.join(this.dir, key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return {
        body: createReadStream(file),
        size: info.size,
        contentType: contentTypes[path.extname(key)] ?? 'application/octet-stream',
      };
    } catch {
      return undefined;
    }
  }

  async probe(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    try {
      return (await stat(path.join(this.dir, key))).isFile();
    } catch {
      return false;
    }
  }
}
