import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import * as copy from '#shared/copy';
import { AppError } from '../app-error';
import { clientKey } from './client-address';

/** Where the counts are kept: this node's memory, or Redis shared by every node. */
export interface RateCounts {
  /**
   * Adds one to the key's count in its window (a window starts with the key's first request) and
   * tells the count and the milliseconds left. The callback may run before `incr` returns.
   */
  incr(key: string, windowMs: number, done: (error: Error | null, count: number, msLeft: number) => void): void;
}

/**
 * Counts in this node's memory; windows that ended are dropped once a window. At most `maxClients`
 * are held: past that, the oldest windows go first, so a flood from more addresses than that in one
 * minute costs it a bounded amount of memory (and those oldest clients a fresh count).
 */
export function memoryCounts(now: () => number = Date.now, maxClients = 100_000): RateCounts & { size(): number } {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;
  return {
    incr(key, windowMs, done) {
      const at = now();
      if (at >= nextSweep) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
        nextSweep = at + windowMs;
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.delete(key);
        for (const oldest of windows.keys()) {
          if (windows.size < maxClients) break;
          windows.delete(oldest);
        }
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      done(null, window.count, window.endsAt - at);
    },
    size: () => windows.size,
  };
}

/** Adds one and starts the window's expiry with the first request, atomically; answers the count and the ms left. */
const INCR_IN_WINDOW = `
  local count = redis.call('INCR', KEYS[1])
  if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) return {count, tonumber(ARGV[1])} end
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) left = tonumber(ARGV[1]) end
  return {count, left}
`;

/** Counts in Redis, under `prefix`, so that every node of the shop counts in the same windows. */
export function redisCounts(redis: Redis, prefix: string): RateCounts {
  return {
    incr(key, windowMs, done) {
      redis.eval(INCR_IN_WINDOW, 1, `${prefix}${key}`, windowMs).then(
        (answer) => {
          const [count, left] = answer as [number, number];
          done(null, count, left);
        },
        (error: Error) => done(error, 0, 0),
      );
    },
  };
}

/**
 * Counts in `shared` (Redis) through `guard` (its breaker), and in `local` (this node's memory, the same
 * keys and windows) whenever `shared` fails, times out or is not asked because the breaker is open: a
 * limit keeps holding per node while Redis is away, rather than letting every request through
 * (docs/decisions/0027-per-node-limits-when-redis-fails.md). `onLocal` is told of each count made there.
 */
export function countsWithFallback(
  shared: RateCounts,
  local: RateCounts,
  guard: { run<T>(call: () => Promise<T>): Promise<T> },
  onLocal: () => void = () => undefined,
): RateCounts {
  return {
    incr(key, windowMs, done) {
      guard
        .run(
          () =>
            new Promise<[number, number]>((resolve, reject) =>
              shared.incr(key, windowMs, (error, count, msLeft) => (error ? reject(error) : resolve([count, msLeft]))),
            ),
        )
        .then(
          ([count, msLeft]) => done(null, count, msLeft),
          () => {
            onLocal();
            local.incr(key, windowMs, done);
          },
        );
    },
  };
}

export interface RateLimitOptions {
  /** Requests a minute per client, shop-wide (routes with a limit of their own count apart). */
  perMinute: number;
  counts: RateCounts;
  /** Requests not counted at all (hashed assets, pictures, the server's own calls while rendering). */
  skip(request: FastifyRequest): boolean;
  /**
   * The id of the API key a request authenticates with, if it has one: such a request counts in the
   * key's own bucket, under `apiKeyPerMinute`, not its address's. Undefined: no key sent.
   */
  apiKeyIdOf?(request: FastifyRequest): Promise<string | undefined> | undefined;
  apiKeyPerMinute?: number;
}

/** Keys of API keys' buckets start with this; an address's never do. */
const API_KEY_BUCKET = 'api-key:';

const MINUTE_MS = 60_000;

/** The merged options @fastify/rate-limit gives a route's store: the route it is for. */
interface RouteStoreOptions {
  routeInfo: { method: string | string[]; url: string };
}

/**
 * @fastify/rate-limit's store over `counts`. A route with a limit of its own (`config.rateLimit`)
 * counts under its method and path, apart from the shop-wide count, as the plugin's Redis store does.
 */
function storeOver(counts: RateCounts): FastifyRateLimitStoreCtor {
  return class CountsStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, windowMs: number): void {
      counts.incr(`${this.prefix}${key}`, windowMs, (error, count, msLeft) =>
        error ? done(error) : done(null, { current: count, ttl: msLeft }),
      );
    }

    child(options: object): FastifyRateLimitStore {
      const { method, url } = (options as RouteStoreOptions).routeInfo;
      return new CountsStore(undefined, `${this.prefix}${[method].flat().join(',')}${url}-`);
    }
  };
}

/**
 * Counts every request per client (`clientKey`) in fixed one-minute windows with @fastify/rate-limit,
 * and refuses those past the limit with 429 problem+json and Retry-After; every counted answer says
 * the limit, what is left and when the window ends (`X-RateLimit-Limit`, `-Remaining`, `-Reset`).
 * Counts that cannot be reached let the request through. Register before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    max: options.apiKeyIdOf
      ? (_request, key) => (key.startsWith(API_KEY_BUCKET) ? (options.apiKeyPerMinute ?? options.perMinute) : options.perMinute)
      : options.perMinute,
    timeWindow: MINUTE_MS,
    store: storeOver(options.counts),
    keyGenerator: (request) => {
      const keyId = options.apiKeyIdOf?.(request);
      // A key that does not authenticate counts against its address, like any other refused request.
      return keyId === undefined
        ? clientKey(request.ip)
        : keyId.then((id) => (id === undefined ? clientKey(request.ip) : `${API_KEY_BUCKET}${id}`));
    },
    allowList: (request) => options.skip(request),
    skipOnError: true,
    errorResponseBuilder: (_request, { ttl }) =>
      new AppError('rate_limited', copy.common.tooManyRequests(Math.max(1, Math.ceil(ttl / 1000)))),
  });
}
