import { BetterAuthError, betterAuth } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { paths } from '#shared/paths';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/schemas/accounts';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { Log } from '../../log';
import { emailVerificationMail, type Mailer, passwordResetMail } from '../mail';
import { storagesOffWhenIdle } from './auth-storages';

/** The proxy puts the client's address here (replacing anything the client sent), for session records. */
export const CLIENT_IP_HEADER = 'x-gearhouse-client-ip';

export const RESET_TOKEN_TTL_SECONDS = 3600;
export const VERIFY_TOKEN_TTL_SECONDS = 3600;

/**
 * The verification link: better-auth's verify-email endpoint, which marks the address verified and
 * then sends the browser to the shop's page saying so (or, with `?error=`, why not). Built here from
 * the token alone, so where the link lands is the shop's choice, never a callbackURL a request sent.
 */
export function verificationLink(publicUrl: string, token: string): string {
  const landing = `${publicUrl}${paths.emailVerified}`;
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(landing)}`;
}

export interface AuthDeps {
  database: DatabaseHandle;
  /**
   * The app passes the mail outbox's mailer (outboxMailer): `send` writes the mail to the outbox and
   * the dispatcher sends it, so a reset or verification mail survives a crash or a mail-server outage;
   * it holds back what goes over the address's limit of mail of that kind.
   */
  mailer: Mailer;
  log: Log;
}

/**
 * better-auth's tables, under our naming rules (plural, snake_case). Migration 0002 creates exactly
 * these columns; a test asks better-auth whether anything is missing (docs/decisions/0004).
 */
const tables = {
  user: {
    modelName: 'users',
    fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
  session: {
    modelName: 'sessions',
    fields: {
      expiresAt: 'expires_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      userId: 'user_id',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      accountId: 'account_id',
      providerId: 'provider_id',
      userId: 'user_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
} as const;

const adminPluginTables = {
  user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
  session: { fields: { impersonatedBy: 'impersonated_by' } },
};

function googlePlugins(google: Config['google']) {
  if (!google) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'google',
          name: 'Google',
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          discoveryUrl: google.discoveryUrl,
          scopes: ['openid', 'email', 'profile'],
          mapProfileToUser: (profile) => ({
            name: typeof profile.name === 'string' && profile.name.trim() ? profile.name : profile.email?.split('@')[0],
            email: profile.email ?? undefined,
            image: typeof profile.picture === 'string' ? profile.picture : undefined,
            // Google says whether it checked the address; only then may the sign-in join an existing account.
            emailVerified: profile.email_verified === true || profile.email_verified === 'true',
          }),
        },
      ],
    }),
  ];
}

/**
 * better-auth logs a client's mistake at `error`: a foreign callbackURL, a forged or missing OAuth
 * state, an unknown provider. Those are answers (4xx or a redirect to the error page), so they are
 * logged as warnings; `error` stays for a failure of ours, an exception that is not one of the
 * library's own refusals (a database that does not answer, a provider that cannot be reached).
 */
export function authLogLevel(level: 'debug' | 'info' | 'warn' | 'error', args: readonly unknown[]) {
  if (level !== 'error') return level;
  const fault = args.some((arg) => arg instanceof Error && !isAPIError(arg) && !(arg instanceof BetterAuthError));
  return fault ? 'error' : 'warn';
}

function logTo(log: Log) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
    const err = args.find((arg) => arg instanceof Error);
    log[authLogLevel(level, args)](err ? { err } : args.length > 0 ? { details: args } : {}, `auth: ${message}`);
  };
}

/** better-auth on our database: email + password, roles (admin plugin), Google when configured. */
export function createAuth(config: Config, { database, mailer, log }: AuthDeps) {
  const auth = betterAuth({
    appName: 'Gearhouse',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The shop's own addresses (config.shopOrigins: with the loopback names in demo mode).
    trustedOrigins: [config.publicUrl, ...config.shopOrigins],
    database: { db: database.db, type: database.dialect, transaction: true },
    ...tables,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      // Whoever reset the password may be locking out someone who had taken the account over.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}${paths.resetPassword}?token=${encodeURIComponent(token)}`;
        // Not awaited: an answer that waited for the mail server, or for the address's mail limit,
        // would tell by its timing that the address has an account. The name goes into the mail only
        // once the account has proven the address its own: before, whoever signed up typed it.
        const to = { email: user.email, name: user.name, addressConfirmed: user.emailVerified };
        mailer.send(passwordResetMail(to, link)).catch((error: unknown) => {
          log.error({ err: error }, 'the password reset mail could not be sent');
        });
      },
    },
    emailVerification: {
      // The mail goes out on sign-up only when booking needs it; the resend endpoint works either way.
      sendOnSignUp: config.requireVerifiedEmail,
      // The link proves the address is theirs: whoever follows it is signed in, in that browser too.
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // Not awaited, like the reset mail: the answer's timing must not tell whether a mail was sent
        // (or held back by the address's limit).
        mailer.send(emailVerificationMail(user, verificationLink(config.publicUrl, token))).catch((error: unknown) => {
          log.error({ err: error }, 'the verification mail could not be sent');
        });
      },
    },
    plugins: [
      admin({
        defaultRole: 'customer',
        adminRoles: ['admin'],
        roles: { admin: adminAc, customer: userAc },
        schema: adminPluginTables,
      }),
      ...googlePlugins(config.google),
    ],
    // Abuse limits are Fastify's (per route, problem+json answers); see auth.routes.ts.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'gearhouse',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns its Origin (CSRF) checks off when NODE_ENV is test; tests must see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    onAPIError: {
      // Refusals (a wrong password, a foreign origin) come back as answers. Anything else is thrown out
      // of the handler, so Fastify's error handler logs it once, at error level with the request id,
      // and answers problem+json; left inside, the library would print it to the console.
      throw: true,
      // A failed Google sign-in that started nowhere in particular (a stale or forged callback) lands
      // on the login page, which says in words what `?error=` means, instead of the library's own page.
      errorURL: `${config.publicUrl}${paths.login}`,
    },
    telemetry: { enabled: false },
    logger: { level: 'warn', log: logTo(log) },
  });
  return withStoragesOffWhenIdle(auth);
}

/**
 * The same better-auth, every way into it counted (the HTTP handler, `api`, and the internal adapter
 * of `$context`), so that its AsyncLocalStorage is off while no call is running (auth-storages.ts).
 */
function withStoragesOffWhenIdle<
  A extends { api: object; handler: (request: Request) => Promise<Response>; $context: Promise<{ internalAdapter: object }> },
>(auth: A): A {
  const { whileCalled, counted } = storagesOffWhenIdle();
  const api = counted(auth.api);
  const handler = (request: Request) => whileCalled(() => auth.handler(request));
  const context = auth.$context.then((ctx) => {
    const internalAdapter = counted(ctx.internalAdapter);
    return new Proxy(ctx, {
      get: (object, key) => (key === 'internalAdapter' ? internalAdapter : Reflect.get(object, key)),
    });
  });
  return new Proxy(auth, {
    get(object, key) {
      if (key === 'api') return api;
      if (key === 'handler') return handler;
      if (key === '$context') return context;
      return Reflect.get(object, key);
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
