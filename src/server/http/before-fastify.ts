import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { bodyFor, type KnownUrl, PUBLIC_CACHE_CONTROL, type ResponseCache } from './cache';
import type { Client } from './client-address';
import { markCounted, type ShopWideLimit, windowHeaders } from './rate-limit';
import type { RequestLines } from './request-log';
import { type StaticFile, type StaticFiles, staticEncodingFor } from './static-files';
import { SESSION_COOKIE } from './web-app';

export interface BeforeFastifyParts {
  cache: ResponseCache;
  limit: ShopWideLimit;
  /** The headers every answer carries (security-headers.ts), made once at start. */
  headers: Readonly<Record<string, string>>;
  /** The request's id, as Fastify's `genReqId` gives it. */
  requestId(request: IncomingMessage): string;
  /** The client's address and the host asked for, as Fastify's request reads them (client-address.ts). */
  client(request: IncomingMessage): Client;
  /** The two request lines, when the log is on. */
  lines: RequestLines | undefined;
  /** Counts an answer in the HTTP metrics (answer-metrics.ts). */
  record(method: string, route: string, status: number, seconds: number): void;
  /** Requests the rate limit does not count (the limiter's own `skip`). */
  uncounted(request: IncomingMessage): boolean;
  /** The web build's pre-compressed files (static-files.ts), when the server serves the web app. */
  files?: StaticFiles | undefined;
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers the commonest request there is, a public GET whose answer the response cache keeps, at the
 * `node:http` level, before Fastify makes its request and reply objects and runs its router and hook
 * chains, a large share of a kept answer's cost. Every guard still runs, the app's own code
 * in both paths: the client is counted against the shop-wide rate limit, the answer carries the same
 * security headers, request id and rate-limit headers, both request lines are logged and the answer
 * is counted in the metrics.
 *
 * It takes only what it can answer exactly as Fastify would, and hands everything else on untouched:
 * a method other than GET, a URL not validated before or whose answer is not kept, a request with a
 * body or a conditional one (If-None-Match), a route with a rate limit of its own, a client past the
 * limit (Fastify refuses it, with the count made here), or while the server is closing. A page
 * rendered for visitors (`/`, `/part`, …) is answered the same way once Fastify has served it from
 * the page cache, but never to a browser with a session (it gets the app's shell), nor to one that
 * asks only for an encoding no kept form has. Behind a
 * proxy (TRUST_PROXY) the client is the one Fastify's request would name, read from X-Forwarded-For
 * by the same rules. `app.inject` never passes here: tests that go through it see Fastify's path,
 * which answers the same.
 *
 * The web build's pre-compressed files (scripts, style sheets) are answered here too, from memory,
 * with the headers @fastify/static gives them: a page view asks for a dozen or more, and Fastify's
 * path cost each several times a kept answer. Only a plain GET a browser makes is taken: one that
 * names brotli or gzip without weights, with no Range and no If-None-Match or If-Modified-Since
 * (Fastify answers those with 206 or 304). A file the rate limit counts (all but the hashed assets)
 * is counted first, as above.
 */
export function answerKnownUrlsBeforeFastify(server: Server, parts: BeforeFastifyParts, closing: () => boolean): void {
  const handlers = server.listeners('request') as RequestHandler[];
  const [handler] = handlers;
  if (handlers.length !== 1 || !handler)
    throw new Error('answering before Fastify expects the one request handler Fastify installs');
  const fastify: RequestHandler = handler;
  const { cache, limit, lines } = parts;
  const fixedHeaders: (string | number)[] = Object.entries(parts.headers).flat();

  /** The "incoming request" line, as Fastify's path writes it. */
  function logIncoming(request: IncomingMessage, id: string, client: Client): void {
    const version = request.headers['accept-version'];
    lines?.incoming(
      id,
      'GET',
      request.url ?? '',
      typeof version === 'string' ? version : undefined,
      client.host,
      client.ip,
      request.socket.remotePort,
    );
  }

  /**
   * The headers every answer starts with: a flat list of names and values, which node:http writes in
   * order as it does an object's entries, without the object's shape built and walked per answer.
   */
  function headersFor(id: string, window: ReturnType<typeof windowHeaders> | undefined): (string | number)[] {
    const sent: (string | number)[] = fixedHeaders.slice();
    sent.push('x-request-id', id);
    if (window) {
      sent.push(
        'x-ratelimit-limit',
        window['x-ratelimit-limit'],
        'x-ratelimit-remaining',
        window['x-ratelimit-remaining'],
        'x-ratelimit-reset',
        window['x-ratelimit-reset'],
      );
    }
    return sent;
  }

  /** Writes the answer; once it is sent, its "request completed" line and its metrics. */
  function send(
    response: ServerResponse,
    id: string,
    route: string,
    headers: (string | number)[],
    body: Buffer,
    startedAt: number,
  ): void {
    response.writeHead(200, headers);
    // What end's callback would be, without the wrapper `once` makes: a response finishes once.
    response.on('finish', () => {
      const ms = performance.now() - startedAt;
      lines?.completed(id, 200, ms);
      parts.record('GET', route, 200, ms / 1000);
    });
    response.end(body);
  }

  /** Sends the kept answer, once the client is counted; or hands the request to Fastify. */
  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    known: KnownUrl,
    client: Client,
    count: number,
    msLeft: number,
    startedAt: number,
  ): void {
    const entry = cache.lookup(known.key);
    const headers = request.headers;
    const { body, encoding } = entry ? bodyFor(entry, headers['accept-encoding']) : { body: undefined, encoding: undefined };
    // A page goes through @fastify/compress on Fastify's path, which may encode it in a way the kept
    // forms do not (deflate): only a client that takes a kept form, or asks for none, is answered here.
    // A page past its last is kept as a redirect, which Fastify's path sends.
    const notAsFastify =
      known.page === true &&
      ((!encoding && headers['accept-encoding'] !== undefined) || !entry?.contentType.startsWith('text/html'));
    if (count > limit.perMinute || !entry || !body || notAsFastify) {
      // Fastify answers, with this count: the refusal, or an answer dropped meanwhile made again.
      markCounted(request, count, msLeft);
      fastify(request, response);
      return;
    }
    const id = parts.requestId(request);
    logIncoming(request, id, client);
    const sent = headersFor(id, windowHeaders(limit.perMinute, count, msLeft));
    sent.push('content-type', entry.contentType);
    if (known.page) sent.push('cache-control', 'no-cache', 'vary', 'cookie, accept-encoding');
    else sent.push('etag', entry.etag, 'cache-control', PUBLIC_CACHE_CONTROL, 'vary', 'accept-encoding');
    if (encoding) sent.push('content-encoding', encoding);
    sent.push('content-length', body.length);
    send(response, id, known.route, sent, body, startedAt);
  }

  /** Sends a pre-compressed file of the build, its client counted when the limit counts it. */
  function answerFile(
    request: IncomingMessage,
    response: ServerResponse,
    file: StaticFile,
    encoding: 'br' | 'gzip',
    window: ReturnType<typeof windowHeaders> | undefined,
    client: Client | undefined,
    startedAt: number,
  ): void {
    const form = file[encoding];
    const id = parts.requestId(request);
    if (lines) logIncoming(request, id, client ?? parts.client(request));
    const sent = headersFor(id, window);
    sent.push(
      'accept-ranges',
      'bytes',
      'cache-control',
      file.cacheControl,
      'last-modified',
      form.lastModified,
      'etag',
      form.etag,
      'content-type',
      file.contentType,
      'vary',
      'accept-encoding',
      'content-encoding',
      encoding,
      'content-length',
      form.body.length,
    );
    send(response, id, request.url ?? '', sent, form.body, startedAt);
  }

  /** Whether the request is a build file's plain GET, then answered (or handed on) here. */
  function tookFile(request: IncomingMessage, response: ServerResponse): boolean {
    const file = parts.files?.get(request.url ?? '');
    if (!file) return false;
    const headers = request.headers;
    const encoding = staticEncodingFor(headers['accept-encoding']);
    if (
      !encoding ||
      headers.range !== undefined ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    )
      return false;
    const startedAt = performance.now();
    const respond = (window: ReturnType<typeof windowHeaders> | undefined, client: Client | undefined) => {
      try {
        answerFile(request, response, file, encoding, window, client, startedAt);
      } catch (failure) {
        // Nothing is sent yet unless the write itself failed: then the socket goes, else Fastify answers.
        if (response.headersSent) response.destroy(failure as Error);
        else fastify(request, response);
      }
    };
    if (parts.uncounted(request)) {
      respond(undefined, undefined);
      return true;
    }
    const client = parts.client(request);
    const ip = client.ip;
    if (ip === undefined) return false;
    limit.count(ip, (error, count, msLeft) => {
      if (error || count > limit.perMinute) {
        // Fastify answers, with this count: the refusal; or, counts unreachable, it tries again.
        if (!error) markCounted(request, count, msLeft);
        fastify(request, response);
        return;
      }
      respond(windowHeaders(limit.perMinute, count, msLeft), client);
    });
    return true;
  }

  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && !closing() && tookFile(request, response)) return;
    const known = request.method === 'GET' && !closing() ? cache.knownUrl(request.url ?? '') : undefined;
    const headers = request.headers;
    if (
      !known ||
      !known.shopWideLimit ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      headers['if-none-match'] !== undefined ||
      (known.page === true && SESSION_COOKIE.test(headers.cookie ?? '')) ||
      parts.uncounted(request)
    ) {
      fastify(request, response);
      return;
    }
    // Read only for a request this path may answer: behind a proxy it parses X-Forwarded-For.
    const client = parts.client(request);
    const ip = client.ip;
    if (ip === undefined) {
      fastify(request, response);
      return;
    }
    const startedAt = performance.now();
    limit.count(ip, (error, count, msLeft) => {
      // Counts that cannot be reached: Fastify's limiter tries again and lets the request through.
      if (error) {
        fastify(request, response);
        return;
      }
      try {
        answer(request, response, known, client, count, msLeft, startedAt);
      } catch (failure) {
        // Nothing is sent yet unless the write itself failed: then the socket goes, else Fastify answers.
        if (response.headersSent) response.destroy(failure as Error);
        else fastify(request, response);
      }
    });
  });
}
