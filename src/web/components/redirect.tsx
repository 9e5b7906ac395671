import { createContext, useContext } from 'react';
import { Navigate, useHref, type To } from 'react-router';

/** Set by the server's render (entry-server.tsx): a page that redirects is answered with a redirect. */
export const ServerRedirect = createContext<((href: string) => void) | null>(null);

/**
 * Sends the browser elsewhere, replacing the current entry: `<Navigate replace>` in the browser; on the
 * server, where Navigate cannot act, the render records the address and the server answers 302.
 */
export function Redirect({ to }: { to: To }) {
  const redirectOnServer = useContext(ServerRedirect);
  const href = useHref(to);
  if (redirectOnServer) {
    redirectOnServer(href);
    return null;
  }
  return <Navigate replace to={to} />;
}
