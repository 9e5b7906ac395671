/** What the app knows about the visitor. Accounts arrive in a later issue (GET /api/me). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser; isAdmin: boolean; signOut: () => Promise<void> };

const SIGNED_OUT: Session = { status: 'signed-out' };

/**
 * The current session. For now nobody can sign in, so it is always signed out; the accounts issue
 * replaces the body with a query on GET /api/me (status "loading" while it runs), keeping this shape.
 */
export function useSession(): Session {
  return SIGNED_OUT;
}
