import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import * as copy from '#shared/copy';
import { canonicalPageQuery, signInPageSearch } from '#shared/page-search';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { trimTrailingSlashes } from '#shared/routes';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { CartNavLink } from '../../features/cart/components/cart-nav-link';
import { useHydrated } from '../../lib/use-hydrated';

/** The pages of signing in: their Login link keeps the page the person set out from, not the sign-in page. */
const SIGN_IN_PAGES: ReadonlySet<string> = new Set([paths.login, paths.signup, paths.reset, paths.resetPassword]);

/**
 * Where "Login" comes back to: the page it is pressed on. Its query as the page reads it (the server
 * draws the same link from the canonical address: docs/decisions/0013-server-rendering.md), no fragment.
 */
function loginHref(location: { pathname: string; search: string }): string {
  const pathname = trimTrailingSlashes(location.pathname);
  const params = new URLSearchParams(location.search);
  if (SIGN_IN_PAGES.has(pathname)) return withReturnPath(paths.login, signInPageSearch.read(params).next || undefined);
  // Home is where signing in leads anyway.
  if (pathname === paths.home) return paths.login;
  const query = canonicalPageQuery(pathname, params);
  return withReturnPath(paths.login, query ? `${pathname}?${query}` : pathname);
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative block rounded-lg px-3 py-2 text-base font-semibold transition-colors md:text-sm ${
    isActive
      ? 'text-brand-300 md:after:absolute md:after:inset-x-3 md:after:-bottom-[13px] md:after:h-0.5 md:after:bg-brand-400'
      : 'text-slate-200 hover:bg-white/5 hover:text-white'
  }`;

/** The top bar: logo, main links (a menu button under md width), the cart, and Login or Sign Out. */
export function Navbar() {
  const hydrated = useHydrated();
  const session = useSession();
  const { signOut, isPending: signingOut } = useSignOut();
  const location = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);

  // Any navigation closes the menu.
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = [
    { to: paths.home, label: copy.nav.home, end: true },
    { to: paths.parts, label: copy.nav.parts, end: false },
    { to: paths.blogs, label: copy.nav.blogs, end: false },
    { to: paths.reviews, label: copy.nav.reviews, end: false },
    ...(session.status === 'signed-in' ? [{ to: paths.dashboard, label: copy.nav.dashboard, end: false }] : []),
  ];

  return (
    <header className="on-dark sticky top-0 z-40 border-b border-white/10 bg-slate-950 text-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {copy.nav.skipToContent}
      </a>
      <div className="container-page flex h-16 items-center gap-4">
        <Link to={paths.home} aria-label={copy.nav.homeLink} className="mr-auto rounded-lg text-white">
          <Logo />
        </Link>
        <nav aria-label={copy.nav.label}>
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? copy.nav.closeMenu : copy.nav.openMenu}
            disabled={!hydrated}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
          <ul
            id={menuId}
            className={`${
              open ? 'flex' : 'hidden'
            } absolute inset-x-0 top-16 flex-col gap-1 border-b border-white/10 bg-slate-950 px-4 pt-2 pb-4 shadow-xl md:static md:flex md:flex-row md:items-center md:border-0 md:p-0 md:shadow-none`}
          >
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <CartNavLink />
          {session.status === 'signed-in' ? (
            <button
              type="button"
              className="btn btn-sm border-white/25 bg-transparent text-white hover:bg-white/10 disabled:bg-transparent disabled:text-white/70"
              disabled={signingOut}
              onClick={() => void signOut()}
            >
              {signingOut ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              {copy.nav.signOut}
            </button>
          ) : session.status === 'signed-out' ? (
            <Link to={loginHref(location)} className="btn btn-primary btn-sm">
              {copy.nav.login}
            </Link>
          ) : (
            // Until the session is known: neither Login nor Sign Out, in the space they take.
            <span className="inline-flex h-8 w-20 items-center justify-center text-slate-400" aria-hidden="true">
              <span className="loading loading-spinner loading-sm" />
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
