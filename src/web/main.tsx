// First, before any schema parses: see the module.
import './lib/zod-config';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, loadMatchedPages } from './app/router';
import { sessionQueryOptions } from './features/auth/api/get-session';
import { settingsQueryOptions } from './features/settings/api/get-settings';
import { createQueryClient } from './lib/query-client';
import { ServerTimeContext } from './lib/server-time';
import { PAGE_STATE_ELEMENT_ID } from './page-state';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();
// A page the server rendered for a visitor comes with the data it was rendered from (entry-server.tsx).
const pageStateElement = document.getElementById(PAGE_STATE_ELEMENT_ID);
const pageState = pageStateElement?.textContent;

const app = (router: ReturnType<typeof createAppRouter>) => (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (pageState) {
  // The data first, so that neither the page nor the route loaders fetch what the server drew from.
  hydrate(queryClient, JSON.parse(pageState) as DehydratedState);
  // The page's code first, so the first render is the page the server drew, not the loading screen.
  await loadMatchedPages(window.location);
  // As a transition, React takes the page over in slices, between which the browser can answer the
  // visitor, instead of in one long task.
  const router = createAppRouter({ queryClient, takesOverRenderedPage: true });
  startTransition(() => {
    // Hydrated for the moment the server rendered the page, so what it shows from the clock matches.
    const renderedAt = Number(pageStateElement?.dataset.renderedAt);
    hydrateRoot(root, <ServerTimeContext value={renderedAt}>{app(router)}</ServerTimeContext>);
  });
} else {
  // Who is signed in is asked at once, while the first page's code loads, so the navbar and the guards
  // know sooner.
  void queryClient.prefetchQuery(sessionQueryOptions());
  // So are the settings: every price is written in the shop's currency (lib/use-money.ts).
  void queryClient.prefetchQuery(settingsQueryOptions());
  createRoot(root).render(app(createAppRouter({ queryClient })));
}
