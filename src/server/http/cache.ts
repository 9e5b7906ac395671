import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * public: the same answer for everyone — kept in the response cache, sent with an ETag, and
     * cacheable by browsers and proxies that revalidate. none (default for /api): never stored.
     */
    cache?: 'public' | 'none';
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** Carries "a write happened, drop your cached answers" between the nodes of one shop. */
export interface InvalidationBus {
  /** Tells every other node; never throws (a lost message leaves them at most `ttlMs` stale). */
  publish(): void;
  /** Called when another node published, or when messages may have been missed (after an outage). */
  subscribe(listener: () => void): void;
}

export interface ResponseCacheOptions {
  /** How long an answer may be served from memory; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /**
   * Bytes the kept answers may take, their compressed forms included (32 MB by default): rendered pages
   * are tens of kilobytes each, so a count alone does not bound the memory.
   */
  maxBytes?: number;
  /** With several nodes (Redis pub/sub): invalidations reach the others at once instead of within `ttlMs`. */
  bus?: InvalidationBus;
}

/** An answer the cache keeps: its body and compressed forms, type, ETag, and when it was kept. */
export interface CachedAnswer extends StoredBody {
  storedAt: number;
  etag: string;
  contentType: string;
}

/** How many raw URLs the cache remembers the key of; past it they are forgotten and learned again. */
const KNOWN_URLS = 2000;

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const COMPRESS_FROM_BYTES = 1024;

/**
 * Public GET answers (the catalogue, reviews, posts, settings) kept in memory, already serialised,
 * tagged and compressed, so a hit costs no query, no serialisation and no compression.
 *
 * Freshness: a write made through this node calls `invalidate()` and the next request is fresh. With
 * a bus (REDIS_URL), `invalidate()` also reaches the other nodes at once; a write the bus does not
 * carry (a script, a message lost while Redis was down) shows within `ttlMs`. Public answers are the
 * same for every visitor, so a second of staleness is safe; nothing personal is ever stored here.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private generation = 0;
  /**
   * The key each raw URL gave when it was validated. The same URL always routes, validates and
   * normalises alike, so it always gives the same key. Bounded: URLs made up to miss (`?x=<random>`)
   * only push each other out, and a URL forgotten is answered at preHandler, one request later.
   */
  private readonly keysByUrl = new Map<string, string>();
  /** Bytes of every kept answer, compressed forms included, kept up to date as they come and go. */
  private total = 0;
  /** The keys whose answer a request is making now, each with the requests that wait for it. */
  private readonly making = new Map<string, Making>();

  constructor(private readonly options: ResponseCacheOptions) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** A write made through this node: drop every answer here and tell the other nodes. */
  invalidate(): void {
    this.dropAll();
    this.options.bus?.publish();
  }

  /** Drops every answer here only (another node wrote, and has told the others itself). */
  dropAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.total = 0;
  }

  private remove(key: string, entry: CachedAnswer): void {
    this.entries.delete(key);
    this.total -= sizeOf(entry);
  }

  /** The answer kept for a key, unless it is past its time (then it goes). */
  lookup(key: string, now = performance.now()): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry && now - entry.storedAt >= this.options.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    return entry;
  }

  store(key: string, body: Buffer, contentType: string, etag: string, generation: number): void {
    this.storeBody(key, { body, encoded: new Map() }, contentType, etag, generation);
  }

  /**
   * Keeps a body and the compressed forms it already has (more are added as clients ask for them),
   * unless the cache is off or a write dropped the answers since `generation` (it was made before it).
   */
  storeBody(key: string, { body, encoded }: StoredBody, contentType: string, etag: string, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    const max = this.options.maxEntries ?? 500;
    const maxBytes = this.options.maxBytes ?? 32 * 1024 * 1024;
    const bytes = sizeOf({ body, encoded });
    if (bytes > maxBytes) return;
    const earlier = this.entries.get(key);
    if (earlier) this.remove(key, earlier);
    // The oldest go first: past the count, or past the bytes (a compressed form is added when first sent).
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size < max && this.total + bytes <= maxBytes) break;
      this.remove(oldestKey, oldest);
    }
    const entry: CachedAnswer = { storedAt: performance.now(), etag, contentType, body, encoded };
    // A compressed form made later counts while the entry is still kept.
    entry.grew = (bytes) => {
      if (this.entries.get(key) === entry) this.total += bytes;
    };
    this.entries.set(key, entry);
    this.total += bytes;
  }

  /** Bytes kept now, compressed forms included. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key a raw URL gave when it was last validated, if it is remembered. */
  keyOfUrl(url: string): string | undefined {
    return this.keysByUrl.get(url);
  }

  /** Remembers the key a raw URL gave once validated. */
  rememberKey(url: string, key: string): void {
    if (this.keysByUrl.get(url) === key) return;
    if (this.keysByUrl.size >= KNOWN_URLS) this.keysByUrl.clear();
    this.keysByUrl.set(url, key);
  }

  currentGeneration(): number {
    return this.generation;
  }

  /**
   * A miss: answers the making this request has taken on, or undefined when another request is
   * already making the same answer, in which case `then` runs once that one is done (kept or not).
   * So when an answer expires under load, one request makes it again, not every one in flight.
   */
  makeOrWait(key: string, then: () => void): Making | undefined {
    const making = this.making.get(key);
    if (making) {
      making.waiting.push(then);
      return undefined;
    }
    const mine: Making = { waiting: [] };
    this.making.set(key, mine);
    return mine;
  }

  /** The request that took `making` on is done: the requests waiting for it go on. Once only. */
  made(key: string, making: Making): void {
    if (this.making.get(key) !== making) return;
    this.making.delete(key);
    for (const then of making.waiting) then();
  }
}

interface Making {
  waiting: (() => void)[];
}

function sizeOf(entry: StoredBody): number {
  let bytes = entry.body.length;
  for (const encoded of entry.encoded.values()) bytes += encoded.length;
  return bytes;
}

export function etagOf(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The encodings chosen for the Accept-Encoding values seen (clients send a handful of them, the same
 * one on every request), so that each is parsed once; forgotten past a few hundred.
 */
const encodingByAccept = new Map<string, 'br' | 'gzip' | undefined>();
const ACCEPT_VALUES_KEPT = 256;

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const known = encodingByAccept.get(acceptEncoding);
  if (known !== undefined || encodingByAccept.has(acceptEncoding)) return known;
  const chosen = parsedPreferredEncoding(acceptEncoding);
  if (encodingByAccept.size >= ACCEPT_VALUES_KEPT) encodingByAccept.clear();
  encodingByAccept.set(acceptEncoding, chosen);
  return chosen;
}

function parsedPreferredEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** A body kept in memory with its compressed forms, each made the first time a client asks for it. */
export interface StoredBody {
  body: Buffer;
  encoded: Map<'br' | 'gzip', Buffer>;
  /**
   * Sent once and dropped (the cache is off, or did not keep it): compressed at the quality
   * @fastify/compress uses for answers made per request, not at the slower one worth paying for a body
   * sent many times.
   */
  sentOnce?: boolean;
  /** Told the size of each compressed form added, so a cache holding the body can count it. */
  grew?: (bytes: number) => void;
}

/**
 * Sends a stored body compressed as the client prefers (brotli, then gzip), compressing it at most
 * once per encoding. The caller sets `vary`.
 */
export function sendStoredBody(request: FastifyRequest, reply: FastifyReply, stored: StoredBody): FastifyReply {
  return reply.send(storedBodyFor(request, reply, stored));
}

/** The stored body, or its compressed form with `content-encoding` set, as the client prefers. */
function storedBodyFor(request: FastifyRequest, reply: FastifyReply, stored: StoredBody): Buffer {
  const { body, encoding } = bodyFor(stored, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return body;
}

/** The bytes to send for a client's Accept-Encoding: compressed (brotli, then gzip) from 1 KB on. */
export function bodyFor(stored: StoredBody, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const encoding = stored.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(acceptEncoding) : undefined;
  return encoding ? { body: encodedBody(stored, encoding), encoding } : { body: stored.body };
}

/**
 * Brotli's quality for a body sent once (@fastify/compress's too, in app.ts), and for one kept and sent
 * many times: 6 takes about twice the CPU of 4 for answers a few percent smaller.
 */
export const BROTLI_QUALITY_SENT_ONCE = 4;
const BROTLI_QUALITY_KEPT = 6;

function encodedBody(entry: StoredBody, encoding: 'br' | 'gzip'): Buffer {
  let encoded = entry.encoded.get(encoding);
  if (!encoded) {
    const quality = entry.sentOnce ? BROTLI_QUALITY_SENT_ONCE : BROTLI_QUALITY_KEPT;
    encoded =
      encoding === 'br'
        ? brotliCompressSync(entry.body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
          })
        : gzipSync(entry.body, { level: 6 });
    entry.encoded.set(encoding, encoded);
    entry.grew?.(encoded.length);
  }
  return encoded;
}

function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => strip(tag) === strip(etag));
}

function isPublicGet(request: FastifyRequest): boolean {
  return request.routeOptions.config.cache === 'public' && (request.method === 'GET' || request.method === 'HEAD');
}

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): FastifyReply {
  reply.header('etag', entry.etag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (ifNoneMatch(request, entry.etag)) return reply.code(304).send();
  reply.type(entry.contentType);
  return sendStoredBody(request, reply, entry);
}

const generationAtStart = Symbol('responseCacheGeneration');
const cacheKey = Symbol('responseCacheKey');
const makingOf = Symbol('responseCacheMaking');
type CacheableRequest = FastifyRequest & {
  [generationAtStart]?: number;
  [cacheKey]?: string;
  [makingOf]?: Making;
};

/** A value as JSON with object members in sorted order, so the same parameters give the same text. */
function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`).join(',')}}`;
}

/**
 * What an answer depends on: the route and its parameters as validation left them, so unknown query
 * parameters (dropped by the schema), their order and spelled-out defaults (`page=1`) all find the
 * same entry. Keyed by the raw URL, `?x=<random>` would miss every time and push real answers out.
 */
export function publicAnswerKey(request: FastifyRequest): string {
  return `${request.routeOptions.url ?? request.url}|${canonicalJson(request.params)}|${canonicalJson(request.query)}`;
}

/**
 * Registers the cache. Must be registered before @fastify/compress so that it sees answers before
 * they are compressed; its lookup runs at preHandler, after rate limiting (onRequest) and after the
 * route's schemas have validated (and normalised) the parameters it is keyed by. Once a URL has been
 * through validation, the key it gave is remembered for that exact URL, and `answerKnownUrlsEarly`
 * answers its next requests straight after the rate limiter.
 */
export async function registerCaching(app: FastifyInstance, options: ResponseCacheOptions): Promise<void> {
  const cache = new ResponseCache(options);
  app.decorate('responseCache', cache);
  options.bus?.subscribe(() => cache.dropAll());
  /** The requests waiting for the answer this one was making go on (after it is kept, or not kept). */
  const releaseWaiting = (request: CacheableRequest) => {
    const making = request[makingOf];
    const key = request[cacheKey];
    if (making === undefined || key === undefined) return;
    request[makingOf] = undefined;
    cache.made(key, making);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.cache !== 'public') return;
    // Public answers are compressed once and kept compressed with their entry (onSend below), so
    // @fastify/compress's three hooks need not run on every one of their requests. They take no body,
    // so there is nothing to decompress either.
    route.compress = false;
    route.decompress = false;
    // onSend lets the waiting requests go on; should a request end without it, its end does.
    const released: onResponseHookHandler = (request, _reply, done) => {
      releaseWaiting(request);
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(released);
  });

  // Both hooks are plain callbacks, not async functions: they run on every request, and a promise
  // each costs more than the work (docs/decisions/0021-per-request-work-done-once.md).
  app.addHook('preHandler', (request: CacheableRequest, reply, done) => {
    if (!cache.enabled || !isPublicGet(request)) {
      done();
      return;
    }
    const key = publicAnswerKey(request);
    cache.rememberKey(request.url, key);
    const entry = cache.lookup(key);
    // Answered here: the handler does not run, and a hook that answers does not call done().
    if (entry) {
      sendCached(request, reply, entry);
      return;
    }
    const makeIt = () => {
      request[cacheKey] = key;
      request[generationAtStart] = cache.currentGeneration();
      done();
    };
    const making = cache.makeOrWait(key, () => {
      // The answer another request was making: kept, it is this one's too; else this one makes its own.
      try {
        const made = cache.lookup(key);
        if (made) sendCached(request, reply, made);
        else makeIt();
      } catch (error) {
        done(error as Error);
      }
    });
    if (making) {
      request[makingOf] = making;
      makeIt();
    }
  });

  app.addHook('onSend', (request: CacheableRequest, reply, payload, done) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) {
      releaseWaiting(request);
      done(null, payload);
      return;
    }
    if (!isPublicGet(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
      reply.header('cache-control', 'no-store');
      releaseWaiting(request);
      done(null, payload);
      return;
    }
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-encoding');
    const generation = request[generationAtStart];
    const key = request[cacheKey];
    let stored: StoredBody = { body: Buffer.from(payload), encoded: new Map(), sentOnce: true };
    if (generation !== undefined && key !== undefined) {
      cache.storeBody(key, stored, String(reply.getHeader('content-type') ?? 'application/json'), etag, generation);
      // Kept: its compressed forms count towards the cache's bytes as they are made.
      stored = cache.lookup(key) ?? stored;
      releaseWaiting(request);
    }
    if (ifNoneMatch(request, etag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, storedBodyFor(request, reply, stored));
  });
}

/**
 * Answers a public GET from the cache straight after the rate limiter, when its exact URL has been
 * validated before and its answer is kept: the body's decompression, validation and preHandler hooks
 * would only find the same key again. Register after the rate limiter, whose hook is added to each
 * route as it is declared: this one must come after it, so that every answer is counted.
 */
export function answerKnownUrlsEarly(app: FastifyInstance): void {
  const cache = app.responseCache;
  const answerEarly = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const key = cache.keyOfUrl(request.url);
    const entry = key === undefined ? undefined : cache.lookup(key);
    if (entry) {
      sendCached(request, reply, entry);
      return;
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.cache !== 'public') return;
    // A kept answer is the same for everyone: a route that checks who asks (a guard at preValidation
    // or preHandler) cannot have one, and would not get its check run for a known URL.
    if (route.preValidation !== undefined || route.preHandler !== undefined) {
      throw new Error(
        `${route.method} ${route.url}: a route whose answers are kept for everyone (cache: 'public') cannot check who asks`,
      );
    }
    route.onRequest = [route.onRequest ?? []].flat().concat(answerEarly);
  });
}
