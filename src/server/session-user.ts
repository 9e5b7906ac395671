import type { User } from '#shared/schemas/accounts';
import type { ApiKeyScope } from '#shared/schemas/api-keys';

/**
 * Who a service acts for: the signed-in user the HTTP layer found (http/guards.ts) or a test made.
 * A request with an API key acts as the admin who made the key, with `apiKey` saying which key and
 * its scopes (docs/decisions/0048-api-keys.md); every rule of a member applies to it unchanged.
 */
export type SessionUser = User & { apiKey?: { id: string; scopes: readonly ApiKeyScope[] } };
