import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

// Google serves profile pictures from its own hosts; allowed only when Google sign-in is on.
const GOOGLE_PICTURE_HOSTS = ['https://*.googleusercontent.com'];
// Stripe.js and its card frames (hooks.stripe.com for 3-D Secure), allowed only when Stripe is on.
const STRIPE_SCRIPT_HOSTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAME_HOSTS = [...STRIPE_SCRIPT_HOSTS, 'https://hooks.stripe.com'];
const STRIPE_API_HOSTS = ['https://api.stripe.com'];

function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.stripe ? STRIPE_SCRIPT_HOSTS : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.google ? GOOGLE_PICTURE_HOSTS : []),
          // `/uploads/<key>` redirects there (docs/decisions/0008-object-storage.md).
          ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
        ],
        connectSrc: ["'self'", ...(config.stripe ? STRIPE_API_HOSTS : [])],
        ...(config.stripe ? { frameSrc: ["'self'", ...STRIPE_FRAME_HOSTS] } : {}),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicUrl.startsWith('https://'),
  };
}

/**
 * The browser's security policy for every answer: a Content-Security-Policy that allows this origin
 * only, plus the hosts of the services the configuration turns on (Google pictures, Stripe, the object
 * storage's public URL), and helmet's other headers.
 *
 * The policy is the same for every answer (no nonces, nothing per route), so helmet runs once, at start,
 * against a stand-in response that keeps what it sets; each request then copies the finished headers
 * (docs/decisions/0021-per-request-work-done-once.md).
 */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(config))({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}
