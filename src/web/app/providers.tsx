import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useToastsWanted } from '../lib/toast';

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/** The toasts' container, from the first toast on (lib/toast.ts loads the library then). */
function Toasts() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* `app-toasts` places them under the navbar (styles.css). */}
      <ToastContainer position="top-right" autoClose={5000} draggable className="app-toasts" />
    </Suspense>
  );
}

/**
 * App-wide providers: the query cache and the toasts. Toasts keep react-toastify's defaults, which are
 * the shop's (docs/shop-rules.md, "Forms, rules and messages"): top-right (under the navbar), closed
 * after 5000 ms, draggable.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
