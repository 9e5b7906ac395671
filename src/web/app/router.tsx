import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth, RequireCustomer } from '../features/auth/components/require-auth';
import { AppShell } from './layout/app-shell';
import { HydrateFallback } from './layout/hydrate-fallback';
import { RouteError } from './layout/route-error';

/**
 * A page: its own chunk, loaded when first visited, with its own error boundary inside the shell.
 * When the chunk cannot be fetched (offline, or a new version was deployed meanwhile) the page renders
 * a component that throws the import error, so the route's boundary shows "Try again": a rejected lazy
 * import on a route without a loader otherwise renders an empty page (react-router 8.5).
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'errorElement'> {
  return {
    lazy: {
      Component: async () => {
        try {
          return (await load()).default;
        } catch (error) {
          return function PageLoadFailed(): never {
            throw error;
          };
        }
      },
    },
    errorElement: <RouteError />,
  };
}

const landing = () => import('./routes/landing');
/**
 * Every route of docs/shop-rules.md, "Screens and routes". Signed-in routes sit under RequireAuth; inside the dashboard,
 * customer pages under RequireCustomer and admin pages under RequireAdmin.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    HydrateFallback,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(landing) },
      { path: 'home', ...page(landing) },
      { path: 'part', ...page(() => import('./routes/parts')) },
      { path: 'blogs', ...page(() => import('./routes/blogs')) },
      { path: 'blogs/:slug', ...page(() => import('./routes/blog-post')) },
      { path: 'reviews', ...page(() => import('./routes/reviews')) },
      // The shop's short pages (about, terms, privacy, cookies): one page module for the four.
      ...['about', 'terms', 'privacy', 'cookies'].map((path) => ({ path, ...page(() => import('./routes/info')) })),
      { path: 'login', ...page(() => import('./routes/login')) },
      { path: 'signup', ...page(() => import('./routes/signup')) },
      { path: 'reset', ...page(() => import('./routes/reset')) },
      { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
      { path: 'email-verified', ...page(() => import('./routes/email-verified')) },
      {
        Component: RequireAuth,
        errorElement: <RouteError />,
        children: [
          { path: 'part/:partId', ...page(() => import('./routes/part-detail')) },
          {
            path: 'dashboard',
            ...page(() => import('./routes/dashboard')),
            children: [
              { index: true, ...page(() => import('./routes/my-orders')) },
              { path: 'profile', ...page(() => import('./routes/profile')) },
              { path: 'payment/:id', ...page(() => import('./routes/payment')) },
              {
                Component: RequireCustomer,
                errorElement: <RouteError />,
                children: [{ path: 'addReview', ...page(() => import('./routes/add-review')) }],
              },
              {
                Component: RequireAdmin,
                errorElement: <RouteError />,
                children: [
                  { path: 'addPart', ...page(() => import('./routes/add-part')) },
                  { path: 'manageParts', ...page(() => import('./routes/manage-parts')) },
                  { path: 'manageOrders', ...page(() => import('./routes/manage-orders')) },
                  { path: 'manageUser', ...page(() => import('./routes/manage-users')) },
                  { path: 'inbox', ...page(() => import('./routes/inbox')) },
                  { path: 'settings', ...page(() => import('./routes/settings')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

/**
 * Loads the code of the pages that `location` shows and puts it on their routes, so that the router
 * starts with them instead of its loading screen: a page the server rendered is taken over as it is.
 */
export async function loadMatchedPages(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const load = typeof route.lazy === 'object' ? route.lazy.Component : undefined;
      if (!load) return;
      route.Component = (await load()) ?? null;
      delete route.lazy;
    }),
  );
}

/**
 * `takesOverRenderedPage`: the server drew the page the browser shows. The router then starts without
 * moving the scroll (React Router treats a router with hydration data as taking over a drawn page), so
 * a reader who scrolled while the code was on its way keeps their place; every later navigation still
 * starts at the top, and back and forward still return to where the reader was.
 */
export function createAppRouter({ takesOverRenderedPage = false } = {}) {
  return createBrowserRouter(routes, takesOverRenderedPage ? { hydrationData: {} } : undefined);
}
