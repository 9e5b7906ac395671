import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type TestS3Server, startS3Server } from '../../testing/s3-server';
import { createStorage } from './create-storage';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage, type ObjectStorage } from './storage';

interface Driver {
  name: string;
  start(): Promise<{ storage: ObjectStorage; stop(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    async start() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'gearhouse-disk-'));
      return {
        storage: new LocalDiskStorage(path.join(dir, 'uploads')),
        stop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start() {
      const server = await startS3Server({ bucket: 'contract-test' });
      const storage = new S3Storage(server.config);
      return {
        storage,
        stop: async () => {
          storage.destroy();
          await server.stop();
        },
      };
    },
  },
];

const read = async (body: Readable) => Buffer.concat(await body.toArray());
/** A key shaped like the real ones (a content hash), different in every test. */
const newKey = (suffix = '.webp') => `${randomBytes(16).toString('hex')}${suffix}`;

describe.each(drivers)('object storage contract: $name', (driver) => {
  let storage: ObjectStorage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, stop } = await driver.start());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('gives back what was put, with its size and content type', async () => {
    const key = newKey();
    const bytes = randomBytes(3000);
    await storage.put(key, bytes, 'image/webp');
    const file = await storage.get(key);
    expect(file).toMatchObject({ size: 3000, contentType: 'image/webp' });
    expect((await read(file!.body)).equals(bytes)).toBe(true);
  });

  it('answers undefined for a key that was never put', async () => {
    expect(await storage.get(newKey())).toBeUndefined();
  });

  it('knows which keys exist', async () => {
    const key = newKey();
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Buffer.from('x'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.exists(key.replace('.webp', '-w320.webp'))).toBe(false);
  });

  it.each(['../escape.webp', 'a/b.webp', 'UPPER.webp', '.hidden', 'a..b.webp', '', `${'a'.repeat(129)}.webp`])(
    'refuses the key %j: put throws, get and exists find nothing',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow('Invalid storage key');
      expect(await storage.get(key)).toBeUndefined();
      expect(await storage.exists(key)).toBe(false);
    },
  );

  it('serves the new bytes after a key is put again', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('first version'), 'image/webp');
    await storage.put(key, Buffer.from('second, longer version'), 'image/webp');
    const file = await storage.get(key);
    expect(file?.size).toBe(22);
    expect((await read(file!.body)).toString()).toBe('second, longer version');
  });

  it('stores and streams back 1 MB intact', async () => {
    const key = newKey();
    const bytes = randomBytes(1024 * 1024);
    await storage.put(key, bytes, 'image/webp');
    const file = await storage.get(key);
    expect(file?.size).toBe(bytes.length);
    expect((await read(file!.body)).equals(bytes)).toBe(true);
  });

  it('keeps concurrent puts of different keys apart', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({ key: newKey(), bytes: Buffer.from(`picture ${i}`) }));
    await Promise.all(entries.map(({ key, bytes }) => storage.put(key, bytes, 'image/webp')));
    for (const { key, bytes } of entries) expect(await read((await storage.get(key))!.body)).toEqual(bytes);
  });

  // Keys are content hashes, so two customers uploading the same photo at the same moment write the
  // same key twice at once (the reliability test met this: both writers shared one temporary file).
  it('takes concurrent puts of the same key', async () => {
    const key = newKey();
    const bytes = Buffer.from('the same picture, twice at once');
    await Promise.all(Array.from({ length: 8 }, () => storage.put(key, bytes, 'image/webp')));
    expect(await read((await storage.get(key))!.body)).toEqual(bytes);
  });
});

describe('local disk storage', () => {
  // A full disk fails a write half-way; a file left behind would keep the space taken after the failure.
  it('leaves no temporary file behind when a write fails', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gearhouse-disk-'));
    try {
      const storage: ObjectStorage = new LocalDiskStorage(dir);
      const key = newKey();
      // A folder in the key's place fails the write's last step (the rename) whoever runs it, root too.
      await mkdir(path.join(dir, key));
      await expect(storage.put(key, Buffer.from('a picture'), 'image/webp')).rejects.toMatchObject({ code: expect.any(String) });
      expect(await readdir(dir)).toEqual([key]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 storage', () => {
  let server: TestS3Server;
  const made: S3Storage[] = [];
  const s3 = (options: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) => {
    const storage = new S3Storage({ ...server.config, ...options });
    made.push(storage);
    return storage;
  };

  beforeAll(async () => {
    server = await startS3Server({ bucket: 's3-only' });
  });
  afterAll(async () => {
    for (const storage of made) storage.destroy();
    await server?.stop();
  });

  it('is what the configuration asks for when S3_* is set; local disk otherwise', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gearhouse-config-'));
    try {
      const env = { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32) };
      const key = newKey();
      const onS3 = createStorage(
        loadConfig({
          ...env,
          S3_ENDPOINT: server.endpoint,
          S3_BUCKET: server.bucket,
          S3_ACCESS_KEY_ID: server.accessKeyId,
          S3_SECRET_ACCESS_KEY: server.secretAccessKey,
        }),
      );
      expect(onS3).toBeInstanceOf(S3Storage);
      made.push(onS3 as S3Storage);
      await onS3.put(key, Buffer.from('s3'), 'image/webp');
      expect(await server.keys()).toContain(key);

      const onDisk = createStorage(loadConfig(env));
      await onDisk.put(key, Buffer.from('disk'), 'image/webp');
      expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([key]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('stores pictures cacheable for a year, with their content type', async () => {
    const key = newKey();
    await s3().put(key, Buffer.from('webp bytes'), 'image/webp');
    const res = await fetch(`${server.endpoint}/${server.bucket}/${key}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/webp');
  });

  it('puts keys under the prefix, and reads them back only through it', async () => {
    const key = newKey();
    await s3({ keyPrefix: 'shop-a/' }).put(key, Buffer.from('a'), 'image/webp');
    expect(await server.keys('shop-a/')).toContain(key);
    expect(await s3({ keyPrefix: 'shop-a/' }).exists(key)).toBe(true);
    expect(await s3({ keyPrefix: 'shop-b/' }).exists(key)).toBe(false);
    expect(await s3().exists(key)).toBe(false);
  });

  it.each(['shop', '/shop/', '../', 'Shop/'])('refuses the key prefix %j', (keyPrefix) => {
    expect(() => s3({ keyPrefix })).toThrow('Invalid S3 key prefix');
  });

  // "Missing" would make the shop refuse a picture that is there, or store it again and again.
  it.each([
    ['refused credentials', () => ({ accessKeyId: 'NOT-A-KEY' })],
    ['an unreachable server', () => ({ endpoint: 'http://127.0.0.1:1' })],
  ])('throws on %s instead of answering "missing"', async (_what, options) => {
    const broken = s3(options());
    await expect(broken.exists(newKey())).rejects.toThrow();
    await expect(broken.get(newKey())).rejects.toThrow();
    await expect(broken.put(newKey(), Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(broken.probe(AbortSignal.timeout(5000))).rejects.toThrow();
  });

  it('answers the readiness probe while the bucket is reachable, and not when it is missing', async () => {
    await expect(s3().probe(AbortSignal.timeout(5000))).resolves.toBeUndefined();
    await expect(s3({ bucket: 'no-such-bucket' }).probe(AbortSignal.timeout(5000))).rejects.toThrow();
  });

  it('throws when the bucket does not exist, on get and put', async () => {
    const elsewhere = s3({ bucket: 'no-such-bucket' });
    await expect(elsewhere.get(newKey())).rejects.toThrow(/bucket/i);
    await expect(elsewhere.put(newKey(), Buffer.from('x'), 'image/webp')).rejects.toThrow(/bucket/i);
  });
});
