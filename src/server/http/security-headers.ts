import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

// Google serves profile pictures from its own hosts; allowed only when Google sign-in is on.
const GOOGLE_PICTURE_HOSTS = ['https://*.googleusercontent.com'];
// Stripe.js and its card frames (hooks.stripe.com for 3-D Secure), allowed only when Stripe is on.
const STRIPE_SCRIPT_HOSTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAME_HOSTS = [...STRIPE_SCRIPT_HOSTS, 'https://hooks.stripe.com'];
const STRIPE_API_HOSTS = ['https://api.stripe.com'];

/**
 * The browser's security policy for every answer: a Content-Security-Policy that allows this origin
 * only, plus the hosts of the services the configuration turns on (Google pictures, Stripe, the object
 * storage's public URL), and helmet's other headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
  });
}
