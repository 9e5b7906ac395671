import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { paths } from '#shared/paths';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';

/** Location state carried to /login so that sign-in can return the visitor where they were. */
export interface FromState {
  from?: { pathname: string; search: string; hash: string };
}

function fromState(location: Location): FromState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** Renders its child routes only for a signed-in visitor; others go to /login and come back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (session.status === 'signed-out') return <Navigate to={paths.login} replace state={fromState(location)} />;
  return <Outlet />;
}

/**
 * Admin routes. A signed-in customer who opens one is signed out and sent to /login, as the original
 * shop did (docs/product.md, "Redirects"); the server refuses them the data (403) in any case.
 */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  const { signOut } = useSignOut();
  const isCustomer = session.status === 'signed-in' && !session.isAdmin;
  const started = useRef(false);

  useEffect(() => {
    if (!isCustomer || started.current) return;
    started.current = true;
    void signOut({ to: paths.login, replace: true });
  }, [isCustomer, signOut]);

  if (session.status === 'signed-in' && session.isAdmin) return <Outlet />;
  if (session.status === 'signed-out') return <Navigate to={paths.login} replace state={fromState(location)} />;
  return <Spinner className="min-h-[40vh]" />;
}

/** Customer-only routes (Add Review), inside RequireAuth: an admin is taken to the dashboard instead. */
export function RequireCustomer() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Spinner className="min-h-[40vh]" />;
  if (session.isAdmin) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
