import { BrokenCircuitError, CircuitState, circuitBreaker, ConsecutiveBreaker, handleAll } from 'cockatiel';
import { Redis } from 'ioredis';
import type { Log } from './log';

/** How long a start waits for Redis before it goes on without it (docs/decisions/0027-per-node-limits-when-redis-fails.md). */
const READY_WAIT_MS = 3000;
/** The same outage is logged once per this interval, not once per request. */
const WARN_EVERY_MS = 30_000;

/**
 * One connection to the shared Redis (REDIS_URL). Commands are never queued while it is down, nor
 * retried on the next connection: they fail at once, or after `commandTimeoutMs` when Redis holds
 * them, and the caller counts on the node instead (RedisBreaker). ioredis keeps reconnecting in the
 * background; the outage is logged as a warning, and the recovery.
 */
export async function connectRedis(
  url: string,
  log: Log,
  role: 'commands' | 'subscriber' = 'commands',
  commandTimeoutMs = 150,
): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: false,
    // A subscriber's SUBSCRIBE waits for the connection however long it takes; a rate-limit count never does.
    enableOfflineQueue: role === 'subscriber',
    // A count sent again on the next connection could be counted twice, and late: give it up.
    maxRetriesPerRequest: role === 'subscriber' ? null : 0,
    commandTimeout: role === 'commands' ? commandTimeoutMs : undefined,
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
      role === 'commands'
        ? 'Redis is unreachable: rate limits count on this node alone until it is back'
        : 'Redis is unreachable: other nodes’ cache invalidations are missed until it is back',
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

/** closed: Redis is asked; open: it is not, until the cool-down ends; half-open: one call tries it again. */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface RedisBreaker {
  readonly state: BreakerState;
  /**
   * Runs a call to Redis, unless the breaker is open or another call is trying a half-open one: it
   * then rejects at once, and the caller does without Redis. A failure (a timeout too) counts toward
   * opening; a success counts again from naught, and closes a half-open breaker.
   */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Told of each change of state, after the breaker has logged it. */
  onStateChange(listener: (state: BreakerState) => void): void;
}

const stateNames: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/**
 * The circuit breaker in front of the commands connection (cockatiel's, on consecutive failures): after
 * `failuresToOpen` failures in a row, Redis is not asked for `coolDownMs`, so a Redis that hangs costs
 * a request nothing rather than a command timeout; then one call tries it again (half-open), closing
 * the breaker when it answers or opening it for another cool-down. An outage is logged once: a
 * warning when the breaker opens, info when it closes (the half-open tries in between at debug).
 */
export function createRedisBreaker(
  { failuresToOpen, coolDownMs }: { failuresToOpen: number; coolDownMs: number },
  log: Log,
): RedisBreaker {
  const policy = circuitBreaker(handleAll, { halfOpenAfter: coolDownMs, breaker: new ConsecutiveBreaker(failuresToOpen) });
  const listeners: ((state: BreakerState) => void)[] = [];
  let state: BreakerState = 'closed';
  let outage = false;
  policy.onStateChange((circuit) => {
    const previous = state;
    state = stateNames[circuit];
    if (state === 'open' && previous === 'closed') {
      outage = true;
      const failure = policy.lastFailure;
      log.warn(
        { err: failure && 'error' in failure ? failure.error : undefined, failuresInARow: failuresToOpen, coolDownMs },
        'Redis failed or hung on every try: rate limits count on this node alone, and Redis is tried again after the cool-down',
      );
    } else if (state === 'closed' && outage) {
      outage = false;
      log.info({ state }, 'Redis answers again: rate limits are shared by every node again');
    } else {
      log.debug({ state }, 'Redis breaker');
    }
    for (const listener of listeners) listener(state);
  });
  return {
    get state() {
      return state;
    },
    run(call) {
      // cockatiel holds other calls until a half-open try ends; here they go without Redis at once.
      if (state === 'half-open') return Promise.reject(new BrokenCircuitError());
      return policy.execute(call);
    },
    onStateChange(listener) {
      listeners.push(listener);
    },
  };
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
 * For the readiness answer: how the node uses Redis now, `undefined` when all is well. A ping goes
 * through the breaker (at once while it is open), so a node with no traffic learns of an outage too.
 * A node without Redis still serves, counting on its own: this is reported, it never makes it unready.
 */
export async function redisDegradation(
  client: Redis,
  breaker: RedisBreaker,
): Promise<'failing' | 'open' | 'half-open' | undefined> {
  let answered = true;
  await breaker.run(() => client.ping()).catch(() => (answered = false));
  if (breaker.state !== 'closed') return breaker.state;
  return answered ? undefined : 'failing';
}
