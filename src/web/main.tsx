// First, before any schema parses: see the module.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { sessionQueryOptions } from './features/auth/api/get-session';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
// Who is signed in is asked at once, while the first page's code loads, so the navbar and the guards
// know sooner.
void queryClient.prefetchQuery(sessionQueryOptions());
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
