import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../config';
import { createS3Client } from '../modules/uploads';

// The SDK warns once per process that its 2027 releases need Node 22 (@aws-sdk/core,
// emitWarningIfUnsupportedVersion). Right for a server's log, noise in every test file that talks to
// S3, so turned off here only, with the switch the SDK itself reads.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** s3rver accepts any signature made with these. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What `S3Storage` and `Config.s3` take, pointing at this server. */
  config: Omit<S3Config, 'publicUrl'>;
  /** The keys in the bucket (under `prefix`, which is cut off), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Closes the server and removes its files. */
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port, keeping its objects in a temporary folder of
 * its own, with `bucket` already created. Call `stop()` in `afterAll`.
 */
export async function startS3Server({ bucket = 'gearhouse-test' }: { bucket?: string } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gearhouse-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let address: Awaited<ReturnType<S3rver['run']>>;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const config = { endpoint, bucket, region: 'us-east-1', forcePathStyle: true, ...S3RVER_CREDENTIALS };
  const client = await createS3Client(config);
  return {
    endpoint,
    bucket,
    ...S3RVER_CREDENTIALS,
    config,
    keys: async (prefix = '') => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length)));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    stop: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
