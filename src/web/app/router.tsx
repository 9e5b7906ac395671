import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, matchRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { type PageAccess, pageLayouts, type PageRoute, pageRoutes } from '#shared/routes';
import { shopInfoQueryOptions } from '../features/auth/api/get-shop-info';
import { settingsQueryOptions } from '../features/settings/api/get-settings';
import { RequireAdmin, RequireAuth, RequireCustomer } from '../features/auth/components/require-auth';
import { AppShell } from './layout/app-shell';
import { HydrateFallback } from './layout/hydrate-fallback';
import { RouteError } from './layout/route-error';
import { pageDataProvider, pageLoader } from './page-data';

/** What a page module (`routes/<name>.tsx`) exports: the page, and the loader of the data it shows. */
interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/**
 * Each page module's code, by the name #shared/routes gives it: its own chunk, loaded when first
 * visited (docs/decisions/0005-web-loading.md).
 */
const pageModules: Readonly<Record<string, () => Promise<PageModule>>> = {
  landing: () => import('./routes/landing'),
  parts: () => import('./routes/parts'),
  blogs: () => import('./routes/blogs'),
  'blog-post': () => import('./routes/blog-post'),
  reviews: () => import('./routes/reviews'),
  cart: () => import('./routes/cart'),
  info: () => import('./routes/info'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  reset: () => import('./routes/reset'),
  'reset-password': () => import('./routes/reset-password'),
  'email-verified': () => import('./routes/email-verified'),
  invitation: () => import('./routes/invitation'),
  'part-detail': () => import('./routes/part-detail'),
  dashboard: () => import('./routes/dashboard'),
  'my-orders': () => import('./routes/my-orders'),
  profile: () => import('./routes/profile'),
  payment: () => import('./routes/payment'),
  returns: () => import('./routes/returns'),
  'new-return': () => import('./routes/new-return'),
  'return-detail': () => import('./routes/return-detail'),
  'add-review': () => import('./routes/add-review'),
  'quick-order': () => import('./routes/quick-order'),
  garage: () => import('./routes/garage'),
  'my-company': () => import('./routes/my-company'),
  statement: () => import('./routes/statement'),
  'saved-lists': () => import('./routes/saved-lists'),
  'saved-list': () => import('./routes/saved-list'),
  'api-keys': () => import('./routes/api-keys'),
  webhooks: () => import('./routes/webhooks'),
  'webhook-deliveries': () => import('./routes/webhook-deliveries'),
  overview: () => import('./routes/overview'),
  'add-part': () => import('./routes/add-part'),
  'manage-parts': () => import('./routes/manage-parts'),
  'manage-categories': () => import('./routes/manage-categories'),
  'manage-vehicles': () => import('./routes/manage-vehicles'),
  'catalogue-import': () => import('./routes/catalogue-import'),
  'manage-orders': () => import('./routes/manage-orders'),
  'manage-users': () => import('./routes/manage-users'),
  'manage-companies': () => import('./routes/manage-companies'),
  inbox: () => import('./routes/inbox'),
  settings: () => import('./routes/settings'),
  'not-found': () => import('./routes/not-found'),
};

/**
 * A page: its own chunk, loaded when first visited, with its own error boundary inside the shell.
 * When the chunk cannot be fetched (offline, or a new version was deployed meanwhile) the page renders
 * a component that throws the import error, so the route's boundary shows "Try again": a rejected lazy
 * import on a route without a loader otherwise renders an empty page (react-router). The loader
 * comes from the same chunk; when that cannot be fetched the page has none, and its component fails.
 */
function page(module: string): Pick<RouteObject, 'lazy' | 'errorElement'> {
  const load = pageModules[module];
  if (!load) throw new Error(`No page module "${module}" in router.tsx for #shared/routes`);
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
      loader: async () => {
        try {
          return (await load()).loader;
        } catch {
          return undefined;
        }
      },
    },
    errorElement: <RouteError />,
  };
}

/** `/dashboard/payment/:id` inside the layout at `/dashboard` → `payment/:id`; `/` → the index route. */
function pageRoute(route: PageRoute, under: string): RouteObject {
  const relative = route.path.slice(under.length).replace(/^\//, '');
  const placed = relative === '' ? { index: true as const } : { path: relative };
  return { id: route.path, ...placed, ...page(route.module) };
}

const guards: Record<Exclude<PageAccess, 'public'>, ComponentType> = {
  'signed-in': RequireAuth,
  customer: RequireCustomer,
  admin: RequireAdmin,
};

/** Pages grouped under the guard of their access, in the order of #shared/routes. */
function guarded(routes: readonly PageRoute[], under: string): RouteObject[] {
  const result: RouteObject[] = routes.filter((route) => route.access === 'public').map((route) => pageRoute(route, under));
  for (const access of ['customer', 'admin'] as const) {
    const children = routes.filter((route) => route.access === access).map((route) => pageRoute(route, under));
    if (children.length > 0)
      result.push({ id: `${under || '/'}:${access}`, Component: guards[access], errorElement: <RouteError />, children });
  }
  return result;
}

/**
 * Shop info is shown on every page (the footer, the test-mode banner): the shell's own data. So are the
 * settings, for the currency every price is written in (lib/use-money.ts): the server's page and the
 * browser's first render then write the same sign.
 */
const shellLoader = pageLoader((queryClient) =>
  Promise.all([queryClient.ensureQueryData(shopInfoQueryOptions()), queryClient.ensureQueryData(settingsQueryOptions())]),
);

const outside = pageRoutes.filter((route) => !route.layout);
const dashboard = pageLayouts.dashboard;
const insideDashboard = pageRoutes.filter((route) => route.layout === 'dashboard');

/**
 * The route table, built from #shared/routes. Signed-in pages sit under RequireAuth; inside the
 * dashboard, customer pages under RequireCustomer and admin pages under RequireAdmin.
 */
export const routes: RouteObject[] = [
  {
    id: 'shell',
    path: '/',
    Component: AppShell,
    loader: shellLoader,
    HydrateFallback,
    errorElement: <RouteError />,
    children: [
      ...guarded(outside, ''),
      {
        id: 'signed-in',
        Component: RequireAuth,
        errorElement: <RouteError />,
        children: [
          ...outside.filter((route) => route.access === 'signed-in').map((route) => pageRoute(route, '')),
          {
            id: `layout:${dashboard.path}`,
            path: dashboard.path.slice(1),
            ...page(dashboard.module),
            children: [
              ...insideDashboard.filter((route) => route.access === 'signed-in').map((route) => pageRoute(route, dashboard.path)),
              ...guarded(
                insideDashboard.filter((route) => route.access !== 'signed-in'),
                dashboard.path,
              ),
            ],
          },
        ],
      },
      { id: 'not-found', path: '*', ...page('not-found') },
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
      if (typeof route.lazy !== 'object') return;
      const { Component, loader } = route.lazy;
      const [component, load] = await Promise.all([Component?.(), loader?.()]);
      if (component) route.Component = component;
      if (load) route.loader = load;
      delete route.lazy;
    }),
  );
}

/**
 * The browser's router. Its loaders start each page's fetches as it is navigated to, into `queryClient`.
 *
 * `takesOverRenderedPage`: the server drew the page the browser shows, from the data already in
 * `queryClient` (main.tsx hydrates it first). The router starts with the matched routes' loaders marked
 * as done, so it renders the page at once and fetches nothing for it; and it starts without moving the
 * scroll (React Router treats a router with hydration data as taking over a rendered page), so a reader who
 * scrolled while the code was on its way keeps their place; every later navigation still starts at the
 * top, and back and forward still return to where the reader was.
 */
export function createAppRouter({
  queryClient,
  takesOverRenderedPage = false,
}: {
  queryClient: QueryClient;
  takesOverRenderedPage?: boolean;
}) {
  const loaded = takesOverRenderedPage
    ? Object.fromEntries((matchRoutes(routes, window.location) ?? []).map(({ route }) => [route.id, null]))
    : undefined;
  // Without a server-rendered page, the router's first load (it asks for a context first) is the first page's.
  let firstLoad = !takesOverRenderedPage;
  return createBrowserRouter(routes, {
    getContext: () => {
      const on = firstLoad ? 'first-load' : 'navigation';
      firstLoad = false;
      return pageDataProvider({ queryClient, on });
    },
    ...(loaded ? { hydrationData: { loaderData: loaded } } : {}),
  });
}
