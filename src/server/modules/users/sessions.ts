import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { SessionResolver } from '../../http/guards';
import { toWebHeaders } from '../../http/web-request';
import type { Auth } from './auth';
import { findSessionWithUser } from './users.repository';
import { fromAuthUser, fromUserRow } from './users.service';

/** better-auth signs its session cookie as `token.base64(HMAC-SHA256(secret, token))`. */
const SIGNATURE_LENGTH = 44;

function cookiesOf(header: string): Map<string, string[]> {
  const cookies = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    cookies.set(name, [...(cookies.get(name) ?? []), part.slice(eq + 1).trim()]);
  }
  return cookies;
}

/** The session token when `signed` carries a valid signature of it, else undefined. */
function verifiedToken(signed: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(signed);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * Who is signed in, from better-auth's session cookie; visitors without cookies cost no query.
 *
 * Every signed-in request asks the database (logout, a password reset or removing a user ends the
 * session on the next request). The common case — a validly signed cookie of a live session that
 * needs no refresh — is answered here with one indexed query for the session and its user; asking
 * better-auth costs about as much again as the rest of a booking (its endpoint machinery, WebCrypto
 * key import and verification, two queries). Everything else — a refresh due, an expired or unknown
 * session, a bad signature, the "don't remember me" or cached-session cookies — goes to better-auth,
 * which answers it as it always has (clearing cookies, extending the session).
 */
export function createSessionResolver(auth: Auth, db: Db): SessionResolver {
  const askAuth: SessionResolver = async (request) => {
    const { headers, response } = await auth.api.getSession({ headers: toWebHeaders(request.headers), returnHeaders: true });
    if (!response) {
      const clearing = headers.getSetCookie();
      return clearing.length > 0 ? { user: null, setCookies: clearing } : null;
    }
    return { user: fromAuthUser(response.user), setCookies: headers.getSetCookie() };
  };
  const settings = auth.$context.then(({ authCookies, secret, sessionConfig }) => ({
    sessionCookie: authCookies.sessionToken.name,
    otherCookies: [authCookies.sessionData.name, authCookies.dontRememberToken.name],
    secret,
    expiresInMs: sessionConfig.expiresIn * 1000,
    updateAgeMs: sessionConfig.updateAge * 1000,
  }));

  return async (request) => {
    const header = request.headers.cookie;
    if (!header) return null;
    const { sessionCookie, otherCookies, secret, expiresInMs, updateAgeMs } = await settings;
    const cookies = cookiesOf(header);
    const signed = cookies.get(sessionCookie);
    if (!signed && !otherCookies.some((name) => cookies.has(name))) return null;
    if (signed?.length !== 1 || otherCookies.some((name) => cookies.has(name))) return askAuth(request);
    const token = verifiedToken(signed[0] ?? '', secret);
    if (!token) return askAuth(request);
    const found = await findSessionWithUser(db, token);
    if (!found) return askAuth(request);
    const expiresAt = new Date(found.expiresAt).getTime();
    const now = Date.now();
    // Expired (better-auth deletes it and clears the cookie) or due for its sliding refresh.
    if (!(expiresAt >= now) || expiresAt - expiresInMs + updateAgeMs <= now) return askAuth(request);
    return { user: fromUserRow(found.user), setCookies: [] };
  };
}
