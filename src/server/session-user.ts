import type { User } from '#shared/schemas/accounts';

/** Who a service acts for: the signed-in user the HTTP layer found (http/guards.ts) or a test made. */
export type SessionUser = User;
