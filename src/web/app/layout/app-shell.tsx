import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSigningOut } from '../../features/auth/hooks/use-signing-out';
import { type CartOwner, CartOwnerProvider } from '../../features/cart/lib/cart-owner';
import { type GarageAccess, GarageAccessProvider } from '../../features/vehicles/lib/garage-access';
import { useFocusRescue } from '../../lib/use-focus-rescue';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { TestModeBanner } from './test-mode-banner';

/** A thin bar while the next page's code loads (the current page stays until it is ready). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-700/30">
      <div className="animate-progress h-full w-1/4 bg-brand-500" />
    </div>
  );
}

const mainElement = () => document.getElementById('main');

/**
 * Whose cart the pages show: the browser's for a visitor, the server's once signed in; nobody's while
 * the session loads or a sign-out is under way (the server's cart would answer 401 by then).
 */
function useCartOwnerOfSession(): CartOwner {
  const session = useSession();
  const signingOut = useSigningOut();
  if (session.status === 'loading' || signingOut) return 'unknown';
  return session.status === 'signed-in' ? 'signed-in' : 'visitor';
}

/** Who has a garage: a customer; an admin has none; a visitor may sign in for one (not known while the session settles). */
function useGarageAccessOfSession(): GarageAccess {
  const session = useSession();
  const signingOut = useSigningOut();
  if (session.status === 'loading' || signingOut) return 'unknown';
  if (session.status === 'signed-out') return 'visitor';
  return session.isAdmin ? 'none' : 'customer';
}

export function AppShell() {
  useFocusRescue(mainElement);
  const cartOwner = useCartOwnerOfSession();
  const garageAccess = useGarageAccessOfSession();
  // The app runs (a page the server rendered has been taken over): the end-to-end suite waits for this.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <CartOwnerProvider owner={cartOwner}>
      <GarageAccessProvider access={garageAccess}>
        <div className="flex min-h-dvh flex-col">
          <NavigationProgress />
          <TestModeBanner />
          <Navbar />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <Footer />
          <ScrollRestoration />
        </div>
      </GarageAccessProvider>
    </CartOwnerProvider>
  );
}
