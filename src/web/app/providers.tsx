import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';

/**
 * App-wide providers: the query cache and the toasts. Toasts keep react-toastify's defaults, which are
 * PRODUCT.md's: top-right, closed after 5000 ms, draggable.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={5000} draggable />
    </QueryClientProvider>
  );
}
