import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as copy from '#shared/copy';
import { AppError } from '../app-error';
import type { SessionUser } from '../session-user';

export type { SessionUser };

/**
 * Finds who is signed in from the request's cookies. It may hand back cookies to set: a session the
 * auth library extended while looking it up, or, with no user, the clearing of a cookie whose session
 * has ended (expired, signed out elsewhere, removed), so that the browser stops sending it.
 */
export type SessionResolver = (request: FastifyRequest) => Promise<{ user: SessionUser | null; setCookies: string[] } | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSession: SessionResolver;
  }
  interface FastifyRequest {
    /** The signed-in user on routes behind `requireUser` or `requireAdmin`; null elsewhere. */
    user: SessionUser | null;
  }
}

/** Once per request, however many guards and handlers ask. */
const lookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function registerSessions(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorate('resolveSession', resolve);
  app.decorateRequest('user', null);
}

/** The signed-in user, or null; for routes that serve visitors too. */
export async function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
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
