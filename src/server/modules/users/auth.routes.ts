import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { type ErrorCode, type Problem } from '#shared/errors';
import {
  passwordChangeInputSchema,
  passwordResetInputSchema,
  passwordResetRequestSchema,
  signInInputSchema,
  signUpInputSchema,
  socialSignInInputSchema,
  verificationMailRequestSchema,
} from '#shared/schemas/accounts';
import { originOf, originRefused } from '../../http/cross-site';
import { problem, sendProblem } from '../../http/errors';
import { requireUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import { copyResponseHead, toWebRequest } from '../../http/web-request';
import { type Auth, CLIENT_IP_HEADER } from './auth';

/** Requests a minute per client on the routes people could abuse to guess passwords or flood mail. */
export interface AbuseLimits {
  signIn: number;
  signUp: number;
  passwordReset: number;
  uploads: number;
  /** Contact messages and newsletter sign-ups: each stores a row an admin reads. */
  messages: number;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { signIn: 5, signUp: 5, passwordReset: 5, uploads: 30, messages: 5 };

interface AuthRoute {
  method: 'GET' | 'POST' | ('GET' | 'POST')[];
  path: string;
  summary: string;
  body?: z.ZodType;
  limit?: keyof AbuseLimits;
  hide?: boolean;
  /** Only for a signed-in user: a visitor gets 401 before the body is looked at. */
  signedIn?: boolean;
  /** What the auth library is told beyond the (validated) body: the shop's own choices, never the client's. */
  adds?: Record<string, unknown>;
}

const answerSchema = z.looseObject({}).describe("better-auth's answer");

/**
 * The better-auth endpoints the shop uses, and only those: an endpoint a library upgrade adds, or one
 * that would bypass the shop's rules (the admin plugin's set-role and remove-user, update-user with a
 * foreign picture URL), is not reachable over HTTP. Nor are the ones that hand session tokens to
 * scripts (list-sessions, revoke-session): a token lives only in its http-only cookie.
 */
const authRoutes: AuthRoute[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    summary: 'Create an account with email and password (signs in)',
    body: signUpInputSchema,
    limit: 'signUp',
  },
  {
    method: 'POST',
    path: '/sign-in/email',
    summary: 'Sign in with email and password',
    body: signInInputSchema,
    limit: 'signIn',
  },
  { method: 'POST', path: '/sign-out', summary: 'Sign out (ends this session)' },
  { method: 'GET', path: '/get-session', summary: 'The current session and user, or null' },
  {
    method: 'POST',
    path: '/request-password-reset',
    summary: 'Mail a password reset link (the answer never tells whether the address exists)',
    body: passwordResetRequestSchema,
    limit: 'passwordReset',
  },
  {
    method: 'POST',
    path: '/reset-password',
    summary: "Set a new password with the reset link's token (single use, 1 hour)",
    body: passwordResetInputSchema,
    limit: 'passwordReset',
  },
  {
    method: 'POST',
    path: '/change-password',
    summary: 'Change the password (the current one is required); every other session of the account ends',
    body: passwordChangeInputSchema,
    // Each try is a guess at the current password, so it is limited like a sign-in.
    limit: 'signIn',
    signedIn: true,
    // A new password ends every other session of the account, so a stolen session does not outlive
    // it; this browser gets a fresh session cookie and stays signed in.
    adds: { revokeOtherSessions: true },
  },
  { method: 'POST', path: '/revoke-other-sessions', summary: 'Sign out everywhere else', signedIn: true },
  {
    method: 'GET',
    path: '/verify-email',
    summary:
      "The link in the verification mail: marks the address verified, signs in, and redirects to the shop's page saying so (or why not)",
  },
  {
    method: 'POST',
    path: '/send-verification-email',
    summary: 'Mail the verification link again to your own, still unverified, address',
    body: verificationMailRequestSchema,
    // Each call sends a mail, so it is limited like a reset request.
    limit: 'passwordReset',
    signedIn: true,
  },
  { method: 'POST', path: '/revoke-sessions', summary: 'End all your sessions', signedIn: true },
  // Google comes through the generic OAuth plugin, which better-auth 1.7 serves on the social endpoints.
  {
    method: 'POST',
    path: '/sign-in/social',
    summary: 'Start signing in with Google, `{provider: "google"}` (when configured)',
    body: socialSignInInputSchema,
    limit: 'signIn',
  },
  { method: ['GET', 'POST'], path: '/callback/:id', summary: 'Google returns here', hide: true },
  { method: 'GET', path: '/error', summary: 'Where failed OAuth sign-ins land', hide: true },
];

/** better-auth error codes the forms show, with our wording (docs/shop-rules.md, "Forms, rules and messages"). */
const knownErrors: Record<string, { code: ErrorCode; detail: string; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'unauthenticated', detail: copy.auth.invalidCredentials },
  USER_ALREADY_EXISTS: { code: 'conflict', detail: copy.auth.emailTaken, field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'conflict', detail: copy.auth.emailTaken, field: 'email' },
  INVALID_PASSWORD: { code: 'validation_failed', detail: copy.auth.wrongCurrentPassword, field: 'currentPassword' },
  INVALID_TOKEN: { code: 'bad_request', detail: copy.auth.resetLinkInvalid },
  PASSWORD_TOO_SHORT: { code: 'validation_failed', detail: copy.validation.passwordShort, field: 'password' },
  PASSWORD_TOO_LONG: { code: 'validation_failed', detail: copy.validation.passwordLong, field: 'password' },
  EMAIL_ALREADY_VERIFIED: { code: 'conflict', detail: copy.auth.alreadyVerified },
  EMAIL_MISMATCH: { code: 'validation_failed', detail: copy.auth.verifyOwnAddress, field: 'email' },
  // Google sign-in asked for while it is not configured: the library's words would be "Provider not found".
  PROVIDER_NOT_FOUND: { code: 'not_found', detail: copy.auth.googleUnavailable },
};

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'business_rule',
  429: 'rate_limited',
};

function parseAuthError(text: string): { code?: string; message?: string } {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as { code?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

/** A better-auth error answer as our problem+json, with the form's wording where we have one. */
export function authProblem(status: number, text: string): Problem {
  const { code, message } = parseAuthError(text);
  const known = code ? knownErrors[code] : undefined;
  if (known) return problem(known.code, known.detail, known.field ? { [known.field]: known.detail } : undefined);
  if (status >= 500) return problem('internal', copy.common.somethingWrong);
  return { ...problem(codeByStatus[status] ?? 'bad_request', message ?? copy.auth.failed), status };
}

/**
 * better-auth puts the session token in its JSON answers too (sign-in, sign-up, get-session). The
 * browser needs only the cookie, so the token is taken out: a script injected into a page cannot
 * carry the session away.
 */
export function withoutSessionTokens(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return text;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (typeof session === 'object' && session !== null) {
    const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>;
    rest.session = sessionRest;
  }
  return JSON.stringify(rest);
}

async function forward(auth: Auth, baseUrl: string, request: FastifyRequest, reply: FastifyReply, adds?: object) {
  if (adds) request.body = { ...(request.body as object), ...adds };
  const response = await auth.handler(toWebRequest(request, baseUrl, { [CLIENT_IP_HEADER]: request.ip }));
  const text = await response.text();
  if (response.status >= 400) {
    if (response.status >= 500) request.log.error({ status: response.status, body: text }, 'the auth library failed');
    // An Origin the library does not trust (the cross-site check let it through as the request's own
    // host): told like the cross-site refusal, with what the operator should set.
    if (parseAuthError(text).code === 'INVALID_ORIGIN') {
      const origin = request.headers.origin;
      throw originRefused(request, typeof origin === 'string' ? originOf(origin) : null, new URL(baseUrl).origin);
    }
    return sendProblem(reply, authProblem(response.status, text));
  }
  copyResponseHead(response, reply);
  const json = response.headers.get('content-type')?.includes('application/json');
  return reply.send(json ? withoutSessionTokens(text) : text);
}

/** better-auth under /api/auth: each allowed endpoint is a route of its own, with its own abuse limit. */
export const authRoutesPlugin: FastifyPluginAsyncZod<{ auth: Auth; baseUrl: string; limits: AbuseLimits }> = async (
  app,
  { auth, baseUrl, limits },
) => {
  for (const route of authRoutes) {
    app.route({
      method: route.method,
      url: `/api/auth${route.path}`,
      config: route.limit ? { rateLimit: { max: limits[route.limit] } } : {},
      ...(route.signedIn ? { preValidation: requireUser } : {}),
      schema: {
        tags: ['accounts'],
        summary: route.summary,
        hide: route.hide,
        ...(route.body ? { body: route.body } : {}),
        response: {
          200: answerSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          409: problemSchema,
          429: problemSchema,
        },
      },
      handler: (request, reply) => forward(auth, baseUrl, request, reply, route.adds),
    });
  }
};
