import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { type ObjectStorage, assertValidKey, isValidKey } from './storage';

/** Keys are content hashes: a key's bytes never change, so every cache may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type S3StorageOptions = Pick<
  S3Config,
  'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'
> & {
  /** Put every key under this folder of the bucket (`shop/`), so one bucket can hold more than the uploads. */
  keyPrefix?: string;
};

let loadedSdk: Promise<typeof S3Sdk> | undefined;

/** The AWS SDK (about 25 MB once loaded), loaded only by a shop whose uploads are in a bucket. */
function s3Sdk(): Promise<typeof S3Sdk> {
  loadedSdk ??= import('@aws-sdk/client-s3');
  return loadedSdk;
}

/** The one place an S3 client is made: explicit credentials and region, bounded time and retries. */
export async function createS3Client(options: S3StorageOptions): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    // A stuck storage server must not hold a request (or the seed) for ever. The request timeout runs
    // until the answer's headers (a picture of a few hundred kB is sent within it; streaming a body
    // out afterwards is not cut short); without `throwOnRequestTimeout` the SDK would only log it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
    maxAttempts: 3,
    // Since 3.729 the SDK adds CRC checksums to every upload by default, which a number of
    // S3-compatible servers have refused or mishandled. Send and check them only where S3 requires it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The key is not there (GetObject: NoSuchKey; HeadObject, which has no body: a bare 404). A missing bucket is an error. */
async function isNotFound(error: unknown): Promise<boolean> {
  const { S3ServiceException } = await s3Sdk();
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, …): every node of the shop sees every picture. */
export class S3Storage implements ObjectStorage {
  private readonly client: Promise<S3Client>;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(options: S3StorageOptions) {
    this.client = createS3Client(options);
    this.bucket = options.bucket;
    this.keyPrefix = options.keyPrefix ?? '';
    if (this.keyPrefix && !/^([a-z0-9][a-z0-9_-]*\/)+$/.test(this.keyPrefix)) {
      throw new Error(`Invalid S3 key prefix (lowercase folders ending in /): ${this.keyPrefix}`);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    // One PUT replaces the object whole: S3 readers see the old bytes or the new, never a mix.
    const { PutObjectCommand } = await s3Sdk();
    await (
      await this.client
    ).send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyPrefix + key,
        Body: body,
        ContentLength: body.length,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string } | undefined> {
    if (!isValidKey(key)) return undefined;
    try {
      const { GetObjectCommand } = await s3Sdk();
      const answer = await (await this.client).send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key }));
      // In Node the body is the response's IncomingMessage, a Readable (typed as a union for browsers too).
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      if (answer.ContentLength === undefined) {
        answer.Body.destroy();
        throw new Error(`S3 returned no length for ${key}`);
      }
      return {
        body: answer.Body,
        size: answer.ContentLength,
        contentType: answer.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (await isNotFound(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    try {
      const { HeadObjectCommand } = await s3Sdk();
      await (await this.client).send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key }));
      return true;
    } catch (error) {
      if (await isNotFound(error)) return false;
      throw error;
    }
  }

  /** The bucket answers with these credentials (GET /api/ready). */
  async probe(signal: AbortSignal): Promise<void> {
    const { HeadBucketCommand } = await s3Sdk();
    await (await this.client).send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }

  /** Closes the client's idle connections (tests, shutdown). */
  destroy(): void {
    void this.client.then((client) => client.destroy());
  }
}
