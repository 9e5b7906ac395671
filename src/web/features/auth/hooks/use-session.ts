import type { Me, User } from '#shared/schemas/accounts';
import { useSessionQuery } from '../api/get-session';

export type SessionUser = User;

/** What the app knows about the visitor: still asking, a visitor, or a signed-in user with their role. */
export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** `vatId`: the buyer's EU VAT ID, null for none; `taxExemptReason`: why the shop records them tax exempt, null when taxed. */
  /** `company`: the user's company as GET /api/me lists it (which one, their role, its status), null for none. */
  | {
      status: 'signed-in';
      user: SessionUser;
      isAdmin: boolean;
      vatId: string | null;
      taxExemptReason: string | null;
      company: NonNullable<Me['company']> | null;
    };

/**
 * The current session, from GET /api/me. "loading" until the first answer, so nothing signed-out is
 * shown to a signed-in user meanwhile. An answer that cannot be had (server down) counts as signed out:
 * the pages that need an account then offer the login form, which says what went wrong.
 */
export function useSession(): Session {
  const query = useSessionQuery();
  if (query.data) {
    return {
      status: 'signed-in',
      user: query.data.user,
      isAdmin: query.data.isAdmin,
      vatId: query.data.vatId ?? null,
      taxExemptReason: query.data.taxExemptReason ?? null,
      company: query.data.company ?? null,
    };
  }
  if (query.isPending) return { status: 'loading' };
  return { status: 'signed-out' };
}
