import { Redis } from 'ioredis';
import type { Log } from './log';

/** How long a start waits for Redis before it goes on without it (fail open, see 0009-stateless-nodes.md). */
const READY_WAIT_MS = 3000;
/** A rate-limit check waits at most this long for Redis; a hung Redis must not hang every request. */
const COMMAND_TIMEOUT_MS = 500;
/** The same outage is logged once per this interval, not once per request. */
const WARN_EVERY_MS = 30_000;

/**
 * One connection to the shared Redis (REDIS_URL). Commands are never queued while it is down: they
 * fail at once, so a rate-limit check fails open instead of holding the request (`skipOnError`).
 * ioredis keeps reconnecting in the background; the outage is logged as a warning, and the recovery.
 */
export async function connectRedis(url: string, log: Log, role: 'commands' | 'subscriber' = 'commands'): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: false,
    // A subscriber's SUBSCRIBE waits for the connection however long it takes; a rate-limit check never does.
    enableOfflineQueue: role === 'subscriber',
    maxRetriesPerRequest: role === 'subscriber' ? null : 1,
    commandTimeout: role === 'commands' ? COMMAND_TIMEOUT_MS : undefined,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    connectionName: `gearhouse-${role}`,
  });
  let lastWarning = 0;
  let down = false;
  client.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    down = true;
    log.warn(
      { err: error, role },
      'Redis is unreachable: rate limits count nothing (fail open) and other nodes’ cache invalidations are missed until it is back',
    );
  });
  client.on('ready', () => {
    if (down) log.info({ role }, 'Redis is reachable again');
    down = false;
    lastWarning = 0;
  });
  await waitUntilReady(client);
  return client;
}

async function waitUntilReady(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    // Not ready in time: start anyway; the 'error' listener has said why.
    const timer = setTimeout(done, READY_WAIT_MS);
    client.once('ready', done);
  });
}

/** Ends the connection without waiting for a Redis that is down. */
export async function disconnectRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}

/**
 * For a readiness probe: whether the shared Redis answers. A node whose Redis is down still serves
 * (rate limits fail open), so operations may choose to report this rather than take the node out.
 */
export async function redisReachable(client: Redis): Promise<boolean> {
  if (client.status !== 'ready') return false;
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}
