import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as copy from '#shared/copy';
import type { ApiKeyScope } from '#shared/schemas/api-keys';
import { AppError } from '../app-error';
import type { SessionUser } from '../session-user';

export type { SessionUser };

/**
 * Finds who is signed in from the request's cookies. It may hand back cookies to set: a session the
 * auth library extended while looking it up, or, with no user, the clearing of a cookie whose session
 * has ended (expired, signed out elsewhere, removed), so that the browser stops sending it.
 */
export type SessionResolver = (request: FastifyRequest) => Promise<{ user: SessionUser | null; setCookies: string[] } | null>;

/** The user a request with this API key secret acts as, or null for a key that does not authenticate. */
export type ApiKeyResolver = (secret: string) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSession: SessionResolver;
    resolveApiKey: ApiKeyResolver;
  }
  interface FastifyContextConfig {
    /** The scope an API key needs to call this route; a route without one refuses every key (403). */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The signed-in user on routes behind `requireUser` or `requireAdmin`; null elsewhere. */
    user: SessionUser | null;
  }
}

/** Once per request, however many guards and handlers ask. */
const lookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The API key lookup of a request, once per request (the rate limiter and the guards both ask). */
const keyLookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function registerSessions(app: FastifyInstance, resolve: SessionResolver, resolveApiKey: ApiKeyResolver): void {
  app.decorate('resolveSession', resolve);
  app.decorate('resolveApiKey', resolveApiKey);
  app.decorateRequest('user', null);
}

const BEARER = /^bearer(?:\s+(.*))?$/i;

/**
 * The user a request's API key acts as (null: the key does not authenticate), or undefined for a
 * request without `Authorization: Bearer …`, which is a browser's or a visitor's.
 */
export function apiKeyUserOf(request: FastifyRequest): Promise<SessionUser | null> | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const bearer = BEARER.exec(header.trim());
  if (!bearer) return undefined;
  let lookup = keyLookups.get(request);
  if (!lookup) {
    lookup = request.server.resolveApiKey((bearer[1] ?? '').trim());
    keyLookups.set(request, lookup);
  }
  return lookup;
}

/**
 * Every route's first check for a request with an API key, before the rate limiter's count is
 * answered and before any guard: the same 401 for a revoked, unknown or malformed key, and 403 when
 * the route needs a scope the key lacks or names none (docs/decisions/0048-api-keys.md). A request
 * with a key then acts as the key's user; its cookies are never read.
 */
export function checkApiKey(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  // A plain callback: most requests carry no key, and a promise each would cost more than the check.
  const lookup = apiKeyUserOf(request);
  if (!lookup) {
    done();
    return;
  }
  lookup.then((user) => {
    if (!user?.apiKey) return done(new AppError('unauthenticated', copy.apiKeys.invalidKey));
    const scope = request.routeOptions.config.apiKeyScope;
    if (scope === undefined) return done(new AppError('forbidden', copy.apiKeys.notForKeys));
    if (!user.apiKey.scopes.includes(scope)) return done(new AppError('forbidden', copy.apiKeys.scopeMissing(scope)));
    request.user = user;
    done();
  }, done);
}

/** The signed-in user, or null; for routes that serve visitors too. */
export async function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  const keyLookup = apiKeyUserOf(request);
  if (keyLookup) {
    request.user = await keyLookup;
    if (!request.user) throw new AppError('unauthenticated', copy.apiKeys.invalidKey);
    return request.user;
  }
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = request.server.resolveSession(request).then((found) => {
      if (found && found.setCookies.length > 0) reply.header('set-cookie', found.setCookies);
      return found?.user ?? null;
    });
    lookups.set(request, lookup);
  }
  request.user = await lookup;
  return request.user;
}

/**
 * Guards run at preValidation, before the body is checked: a visitor must learn nothing about a
 * route's rules (a 400 naming fields) before being told to sign in.
 */

/** 401 unless someone is signed in. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await currentUser(request, reply))) throw new AppError('unauthenticated', copy.auth.signInRequired);
}

/** 401 unless signed in, 403 unless an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await currentUser(request, reply);
  if (!user) throw new AppError('unauthenticated', copy.auth.signInRequired);
  if (user.role !== 'admin') throw new AppError('forbidden', copy.auth.adminOnly);
}

/** 401 unless signed in, 403 for an admin: what only customers do (writing reviews). */
export async function requireCustomer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await currentUser(request, reply);
  if (!user) throw new AppError('unauthenticated', copy.auth.signInRequired);
  if (user.role === 'admin') throw new AppError('forbidden', copy.auth.customersOnly);
}

/** The user a guarded handler runs for. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', copy.auth.signInRequired);
  return request.user;
}
