import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify's (Node's) request headers as Web `Headers`, repeated headers kept. */
export function toWebHeaders(incoming: IncomingHttpHeaders, skip: readonly string[] = []): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || name.startsWith(':') || skip.includes(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * The Fastify request as a Web `Request` for a fetch-style handler. The body was already parsed (and
 * validated) by Fastify, so it is sent on as JSON and the original length no longer applies.
 */
export function toWebRequest(request: FastifyRequest, baseUrl: string, extraHeaders: Record<string, string> = {}): Request {
  const headers = toWebHeaders(request.headers, ['content-length', ...Object.keys(extraHeaders)]);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
  });
}

// Fastify and @fastify/compress set these for the body they actually send.
const NOT_COPIED = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection']);

/** Status and headers of a Web `Response` onto the reply, every Set-Cookie included. */
export function copyResponseHead(response: Response, reply: FastifyReply): void {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!NOT_COPIED.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
