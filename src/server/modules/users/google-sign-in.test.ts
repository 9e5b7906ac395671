import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookieHeader, postAuth, signUp } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';

/**
 * A stand-in for Google's OpenID Connect endpoints: discovery, token and userinfo. It hands out the
 * profile of whoever `nextProfile` names, for any code.
 */
let provider: Server;
let issuer = '';
let nextProfile: Record<string, unknown> = {};
const tokenRequests: URLSearchParams[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  provider = createServer((request, response) => {
    const json = (body: object) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    } else if (request.url === '/token' && request.method === 'POST') {
      void readBody(request).then((body) => {
        tokenRequests.push(new URLSearchParams(body));
        json({ access_token: `access-${tokenRequests.length}`, token_type: 'Bearer', expires_in: 3600 });
      });
    } else if (request.url === '/userinfo') {
      json(nextProfile);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

describeOnEachEngine(
  'signing in with Google (generic OAuth, discovery from config)',
  (ctx) => {
    /** The browser's round trip: start, "consent" at the provider, come back with a code. */
    async function signInWithGoogle(profile: Record<string, unknown>) {
      nextProfile = profile;
      const start = await postAuth(ctx.app, '/sign-in/social', { provider: 'google', callbackURL: '/dashboard' });
      expect(start.statusCode).toBe(200);
      const authorize = new URL(start.json().url);
      const back = await ctx.app.inject({
        url: `/api/auth/callback/google?code=consented&state=${encodeURIComponent(authorize.searchParams.get('state') ?? '')}`,
        headers: { cookie: cookieHeader(start) },
      });
      return { authorize, back };
    }

    it('sends the browser to the provider with the client id, our callback, openid email profile and PKCE', async () => {
      const { authorize } = await signInWithGoogle({ sub: 'g-0', email: 'zero@gmail.example', email_verified: true });
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);
      expect(authorize.searchParams.get('client_id')).toBe('gearhouse-test-client');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${ctx.config.publicUrl}/api/auth/callback/google`);
      expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    });

    it('creates a customer from the Google profile (name, email, picture) and signs them in', async () => {
      const { back } = await signInWithGoogle({
        sub: 'g-1',
        email: 'gina@gmail.example',
        email_verified: true,
        name: 'Gina Google',
        picture: 'https://lh3.googleusercontent.com/a/gina',
        role: 'admin',
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe('/dashboard');
      expect(tokenRequests.at(-1)?.get('code')).toBe('consented');

      const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: cookieHeader(back) } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        user: {
          name: 'Gina Google',
          email: 'gina@gmail.example',
          emailVerified: true,
          image: 'https://lh3.googleusercontent.com/a/gina',
          role: 'customer',
        },
        isAdmin: false,
      });
    });

    it('lets Google profile pictures through the Content-Security-Policy', async () => {
      const res = await ctx.app.inject({ url: '/api/settings' });
      expect(res.headers['content-security-policy']).toContain('https://*.googleusercontent.com');
    });

    it('does not hand an existing account to a Google identity whose address Google did not verify', async () => {
      const owner = await signUp(ctx.app, { email: 'owner@gmail.example' });
      const { back } = await signInWithGoogle({
        sub: 'g-attacker',
        email: owner.email,
        email_verified: false,
        name: 'Not Owner',
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toContain('error=account_not_linked');
      expect(cookieHeader(back)).not.toContain('gearhouse.session_token');
    });

    it('does not join a Google identity to a password account whose address was never verified here', async () => {
      // Someone could have signed up with another person's address; joining would give them that person's Google sign-ins.
      const squatter = await signUp(ctx.app, { email: 'verified-owner@gmail.example', name: 'Squatter' });
      const { back } = await signInWithGoogle({ sub: 'g-vera', email: squatter.email, email_verified: true, name: 'Vera G' });
      expect(back.headers.location).toContain('error=account_not_linked');
      const accounts = await ctx.database.db
        .selectFrom('accounts')
        .select('provider_id')
        .where('user_id', '=', squatter.id)
        .execute();
      expect(accounts.map((a) => a.provider_id)).toEqual(['credential']);
    });
  },
  {
    config: () => ({
      google: {
        clientId: 'gearhouse-test-client',
        clientSecret: 'gearhouse-test-secret',
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      },
    }),
  },
);
