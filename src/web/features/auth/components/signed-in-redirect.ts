import { useState } from 'react';
import { paths } from '#shared/paths';
import { safeReturnPath } from '#shared/return-path';
import { pageAt } from '#shared/routes';
import type { Session } from '../hooks/use-session';

/** Whether `pathname` is a page only an admin opens (its access in #shared/routes). */
export function isAdminPage(pathname: string): boolean {
  return pageAt(pathname)?.access === 'admin';
}

/** The sign-in pages themselves: going back to one after signing in would only send the person on again. */
const SIGN_IN_PAGES: ReadonlySet<string> = new Set([paths.login, paths.signup, paths.reset, paths.resetPassword]);

/**
 * Where a signed-in user goes from /login or /signup: back to the page they came from (`next`, a path
 * of this shop only), unless that is a sign-in page, or an admin page and they are not an admin (it
 * would sign them out again); else home.
 */
export function landingAfterSignIn(next: string | undefined, isAdmin: boolean): string {
  const path = safeReturnPath(next);
  if (!path) return paths.home;
  const pathname = new URL(path, 'http://shop.invalid').pathname;
  if (SIGN_IN_PAGES.has(pageAt(pathname)?.path ?? '')) return paths.home;
  if (isAdminPage(pathname) && !isAdmin) return paths.home;
  return path;
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
