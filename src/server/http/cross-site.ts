import type { FastifyRequest } from 'fastify';
import * as copy from '#shared/copy';
import { AppError } from '../app-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Signature-verified and server-to-server: Stripe sends no Origin a browser would, and needs none. */
const EXEMPT_PATHS = new Set(['/api/payments/stripe/webhook']);
/** An identity provider may post its answer back (response_mode=form_post); state and PKCE prove it. */
const EXEMPT_PREFIXES = ['/api/auth/callback/'];

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing API request that a browser sent on behalf of another site (CSRF).
 *
 * The session cookie is SameSite=Lax, so browsers leave it off cross-site POSTs; but "site" is the
 * registrable domain, so a page on a sibling subdomain still sends it, as do browsers that ignore
 * SameSite. better-auth checks the Origin of its own POSTs only; this hook does the same for every
 * unsafe request under /api/ (docs/decisions/0010-cross-site-requests.md):
 * - an `Origin` must be the shop's (PUBLIC_URL) or the request's own host (same origin, e.g. behind
 *   the dev server's proxy); `null` (sandboxed frames, some redirects) is refused;
 * - without an `Origin`, a `Sec-Fetch-Site` other than same-origin or none is refused;
 * - with neither header the request did not come from a current browser's page (curl, scripts,
 *   server-to-server), which cannot ride on a visitor's cookie, so it is let through.
 */
export function createCrossSiteCheck(publicUrl: string, shopOrigins: readonly string[] = []) {
  const shopOrigin = originOf(publicUrl);
  const shop = new Set([shopOrigin, ...shopOrigins]);
  return function refuseCrossSiteRequests(request: FastifyRequest): void {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') || EXEMPT_PATHS.has(path) || EXEMPT_PREFIXES.some((p) => path.startsWith(p))) return;
    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      const given = originOf(origin);
      const sameHost = given !== null && new URL(given).host === request.host;
      if (given !== null && (shop.has(given) || sameHost)) return;
      throw originRefused(request, given, shopOrigin ?? publicUrl);
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError('forbidden', copy.auth.crossSiteRefused);
    }
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  return LOOPBACK.has(hostname) || hostname.startsWith('127.');
}

/**
 * The refusal of a request from an origin that is not the shop's. The operator's log says what to
 * set in case it is the shop under another name (the shop opened at http://127.0.0.1:3000 while
 * PUBLIC_URL says http://localhost:3000, or a proxy in front passing its own Host). A loopback origin
 * is such a case, never another site on the internet, so its answer says so too; any other origin
 * gets the plain refusal.
 */
export function originRefused(request: FastifyRequest, given: string | null, shopOrigin: string): AppError {
  request.log.warn(
    { origin: request.headers.origin, shopOrigin },
    `refused a request from another origin; if it is the address customers use, set PUBLIC_URL to it: ${copy.auth.setPublicUrl(given ?? String(request.headers.origin), shopOrigin)}`,
  );
  if (given !== null && isLoopbackOrigin(given)) {
    return new AppError('forbidden', `${copy.auth.crossSiteRefused} ${copy.auth.setPublicUrl(given, shopOrigin)}`);
  }
  return new AppError('forbidden', copy.auth.crossSiteRefused);
}
