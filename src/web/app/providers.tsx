import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';

/**
 * App-wide providers: the query cache and the toasts. Toasts keep react-toastify's defaults, which are
 * PRODUCT.md's: top-right, closed after 5000 ms, draggable.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={5000} draggable />
    </QueryClientProvider>
  );
}
