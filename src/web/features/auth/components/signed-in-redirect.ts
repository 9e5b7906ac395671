import { useState } from 'react';
import { paths } from '#shared/paths';
import type { Session } from '../hooks/use-session';
import type { FromState } from './require-auth';

/** The dashboard pages only an admin opens (the routes under RequireAdmin). */
const ADMIN_PAGES: ReadonlySet<string> = new Set([
  paths.addPart,
  paths.manageParts,
  paths.manageOrders,
  paths.manageUser,
  paths.inbox,
  paths.settings,
]);

export function isAdminPage(pathname: string): boolean {
  return ADMIN_PAGES.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/**
 * Where a signed-in user goes from /login: back to the page they came from, unless that is the login
 * page itself, or an admin page and they are not an admin (it would sign them out again); else home.
 */
export function landingAfterSignIn(from: FromState['from'], isAdmin: boolean): string {
  if (!from || from.pathname === paths.login || from.pathname === paths.signup) return paths.home;
  if (isAdminPage(from.pathname) && !isAdmin) return paths.home;
  return `${from.pathname}${from.search}${from.hash}`;
}

export type Arrival = 'loading' | 'signed-in' | 'signed-out';

/**
 * Whether the visitor was already signed in when they opened a sign-in page (then the page sends them
 * on instead of showing its form), as opposed to signing in on it (then the form's own success leads
 * on). `signedOutAlready`: the page was opened by a sign-out still under way, so the session the app
 * holds for a moment longer does not count.
 */
export function useArrival(session: Session, signedOutAlready = false): Arrival {
  const [arrival, setArrival] = useState<Arrival>(signedOutAlready ? 'signed-out' : session.status);
  if (arrival === 'loading' && session.status !== 'loading') setArrival(session.status);
  return arrival;
}
