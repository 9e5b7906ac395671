import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '#shared/paths';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../hooks/use-session';

/** Location state carried to /login so that sign-in can return the visitor where they were. */
export interface FromState {
  from?: { pathname: string; search: string; hash: string };
}

/** Renders its child routes only for a signed-in visitor; others go to /login and come back after. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Spinner className="min-h-[50vh]" />;
  if (session.status === 'signed-out') {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
