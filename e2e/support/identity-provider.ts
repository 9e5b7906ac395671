import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'gearhouse-e2e', secret: 'gearhouse-e2e-secret-0123456789' } as const;

/** The profile the local provider hands out for a login name: "olivia" → Olivia Driver, olivia@mail.example. */
export function profileFor(login: string) {
  const first = login.charAt(0).toUpperCase() + login.slice(1);
  return { name: `${first} Driver`, email: `${login}@mail.example` };
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google in e2e: the shop
 * discovers it, the browser logs in and consents on its pages, and the shop signs the person in.
 */
export async function startIdentityProvider(port: number, shopUrl: string): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${shopUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...profileFor(id), email_verified: true }),
    }),
    cookies: { keys: ['gearhouse-e2e-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
