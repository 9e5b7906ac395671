import type { FastifyRequest } from 'fastify';
import { copy } from '#shared/copy';
import { AppError } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Signature-verified and server-to-server: Stripe sends no Origin a browser would, and needs none. */
const EXEMPT_PATHS = new Set(['/api/payments/stripe/webhook']);
/** An identity provider may post its answer back (response_mode=form_post); state and PKCE prove it. */
const EXEMPT_PREFIXES = ['/api/auth/callback/'];

function originOf(url: string): string | null {
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
export function createCrossSiteCheck(publicUrl: string) {
  const shopOrigin = originOf(publicUrl);
  return async function refuseCrossSiteRequests(request: FastifyRequest): Promise<void> {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') || EXEMPT_PATHS.has(path) || EXEMPT_PREFIXES.some((p) => path.startsWith(p))) return;
    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      const given = originOf(origin);
      const sameHost = given !== null && new URL(given).host === request.host;
      if (given !== null && (given === shopOrigin || sameHost)) return;
      throw new AppError('forbidden', copy.auth.crossSiteRefused);
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError('forbidden', copy.auth.crossSiteRefused);
    }
  };
}
