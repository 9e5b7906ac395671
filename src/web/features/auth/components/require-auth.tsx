import { createContext, use, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';

/** Location state carried to /login when a guard signs the visitor out. */
export interface FromState {
  /** Why the visitor was signed out on the way here: a customer opened an admin page. */
  signedOut?: 'adminOnly';
}

/** What RequireAdmin hands /login when it signs a customer out: the reason, and no way back to the admin page. */
export const signedOutAdminOnlyState: FromState = { signedOut: 'adminOnly' };

/** /login with this page as the one to come back to (`?next=`), so that signing in returns here. */
function loginFrom(location: Location): string {
  return withReturnPath(paths.login, `${location.pathname}${location.search}${location.hash}`);
}

/**
 * A guard inside RequireAuth that signs the visitor out tells it why first: the session may turn
 * "signed out" on the page being left (the router's move to /login is still under way), and then
 * RequireAuth's own redirect must carry that reason, not this page as the place to come back to.
 */
const SignOutReasonContext = createContext<(reason: NonNullable<FromState['signedOut']>) => void>(() => undefined);

/** Renders its child routes only for a signed-in visitor; others go to /login and come back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const [signOutReason, setSignOutReason] = useState<FromState['signedOut']>();
  if (session.status === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (session.status === 'signed-out') {
    if (signOutReason) return <Navigate to={paths.login} replace state={{ signedOut: signOutReason } satisfies FromState} />;
    return <Navigate to={loginFrom(location)} replace />;
  }
  return (
    <SignOutReasonContext value={setSignOutReason}>
      <Outlet />
    </SignOutReasonContext>
  );
}

/**
 * Admin routes. A signed-in customer who opens one is signed out and sent to /login, as the original
 * shop did (docs/shop-rules.md, "Redirects"); the server refuses them the data (403) in any case. The
 * login page then says why, and signing in again leads home, never back here (which would sign a
 * customer out again).
 */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  const { signOut } = useSignOut();
  const tellSignOutReason = use(SignOutReasonContext);
  const isCustomer = session.status === 'signed-in' && !session.isAdmin;
  const started = useRef(false);
  // Once a customer was seen here, the session turning "signed out" is that sign-out's doing.
  const [customerSeen, setCustomerSeen] = useState(false);
  if (isCustomer && !customerSeen) setCustomerSeen(true);

  useEffect(() => {
    if (!isCustomer || started.current) return;
    started.current = true;
    tellSignOutReason('adminOnly');
    void signOut({ to: paths.login, replace: true, state: signedOutAdminOnlyState });
  }, [isCustomer, signOut, tellSignOutReason]);

  if (session.status === 'signed-in' && session.isAdmin) return <Outlet />;
  if (session.status === 'signed-out') {
    if (customerSeen) return <Navigate to={paths.login} replace state={signedOutAdminOnlyState} />;
    return <Navigate to={loginFrom(location)} replace />;
  }
  return <Spinner className="min-h-[40vh]" />;
}

/** Customer-only routes (Add Review), inside RequireAuth: an admin is taken to the dashboard instead. */
export function RequireCustomer() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Spinner className="min-h-[40vh]" />;
  if (session.isAdmin) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
