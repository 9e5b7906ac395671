import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import * as copy from '#shared/copy';
import { AppError } from '../app-error';

/**
 * No body the shop takes nests deeper than a few levels. A parser happily builds a 20,000-level object
 * from well under the body limit, and everything that later walks it recursively (JSON.stringify when a
 * body is handed to the auth library, a serializer, a logger) then throws a RangeError: a 500 from
 * input alone. So a JSON body deeper than this is refused where it is parsed, before any code sees it.
 */
export const MAX_JSON_DEPTH = 32;

/** True when objects and arrays nest deeper than `max` in a parsed JSON value (iterative: no stack to overflow). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: next, depth } = pending.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth + 1 > max) return true;
    const members = Array.isArray(next) ? next : Object.values(next);
    for (const member of members) {
      if (typeof member === 'object' && member !== null) pending.push({ value: member, depth: depth + 1 });
    }
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused), followed by the depth check. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (nestsDeeperThan(value, MAX_JSON_DEPTH))
        return done(new AppError('validation_failed', copy.validation.jsonTooDeep), undefined);
      done(null, value);
    });
  });
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A route that declares no body (a DELETE, sign-out, starting a payment) takes none: an empty JSON
 * object, which some clients send by habit, is let through; anything else is refused, so that a body
 * nobody reads cannot carry unknown members past the rule that every body is strict. A Buffer body
 * comes from a route's own raw parser (the payment provider's signed webhook) and is that route's.
 */
async function refuseUnexpectedBody(request: FastifyRequest): Promise<void> {
  const { body } = request;
  if (body === undefined || body === null || Buffer.isBuffer(body)) return;
  const empty = typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
  if (!empty) throw new AppError('validation_failed', copy.validation.noBodyExpected);
}

/** Adds the no-body check to every unsafe route without a body schema, after the route's own guards. */
export function refuseBodiesWhereNoneIsDeclared(route: RouteOptions): void {
  const methods = [route.method].flat();
  if (!methods.some((method) => METHODS_WITH_BODY.has(method)) || route.schema?.body !== undefined) return;
  // Uploads read their multipart stream themselves; there is no parsed body to look at.
  if ((route.schema as { consumes?: unknown } | undefined)?.consumes !== undefined) return;
  route.preValidation = [...[route.preValidation ?? []].flat(), refuseUnexpectedBody];
}
