import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { IS_CI } from './test-env';

/** Tests use the Redis here, each under a key prefix of its own, and delete their keys afterwards. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test or shop uses: its keys and pub/sub channel are this test's alone. */
export function uniqueRedisPrefix(label: string): string {
  return `gh-test-${label}-${randomBytes(4).toString('hex')}:`;
}

/** Whether Redis answers; with CI=true an unreachable Redis is an error rather than a skip. */
export async function testRedisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    if (IS_CI) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL}; with CI=true the Redis tests must run.`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** Deletes every key under the prefix. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}
