/**
 * Every page of the web app, once (docs/shop-rules.md, "Screens and routes"): its address pattern, the
 * module that renders it (`src/web/app/routes/<module>.tsx`), who may see it, and whether the server
 * renders it for visitors (docs/decisions/0013-server-rendering.md). The web app's route table is built
 * from this list (src/web/app/router.tsx), and the server reads it to tell a page from an unknown path
 * and to pick a page's code and its rendering; `paths` (./paths.ts) builds links that land here.
 */

/** Who may open a page: the browser's guards send anyone else to sign in (or away). */
export type PageAccess = 'public' | 'signed-in' | 'customer' | 'admin';

/** A page module that renders other pages inside it (through an outlet), and where it sits. */
export interface PageLayout {
  path: string;
  module: string;
  access: PageAccess;
}

export interface PageRoute {
  /** The address pattern, React Router's syntax: `/blogs/:slug`. */
  path: string;
  /** `src/web/app/routes/<module>.tsx`. */
  module: string;
  access: PageAccess;
  /** Rendered on the server for visitors (a browser without a session). Only public pages are. */
  serverRendered: boolean;
  /** Drawn inside this layout (its path is a prefix of the page's). */
  layout?: 'dashboard';
}

export const pageLayouts = {
  dashboard: { path: '/dashboard', module: 'dashboard', access: 'signed-in' },
} as const satisfies Record<string, PageLayout>;

const publicPage = (path: string, module: string, serverRendered = true): PageRoute => ({
  path,
  module,
  access: 'public',
  serverRendered,
});

const dashboardPage = (path: string, module: string, access: PageAccess): PageRoute => ({
  path,
  module,
  access,
  serverRendered: false,
  layout: 'dashboard',
});

export const pageRoutes: readonly PageRoute[] = [
  publicPage('/', 'landing'),
  publicPage('/home', 'landing'),
  publicPage('/part', 'parts'),
  // A part's page is for anyone (links to it are shared, search engines index it); booking it asks to sign in.
  publicPage('/part/:partId', 'part-detail'),
  publicPage('/blogs', 'blogs'),
  publicPage('/blogs/:slug', 'blog-post'),
  publicPage('/reviews', 'reviews'),
  // A visitor's cart is in their browser, not known to the server: the browser renders the page.
  publicPage('/cart', 'cart', false),
  // The shop's short pages, linked from the footer: one module for the four.
  publicPage('/about', 'info'),
  publicPage('/terms', 'info'),
  publicPage('/privacy', 'info'),
  publicPage('/cookies', 'info'),
  publicPage('/login', 'login'),
  publicPage('/signup', 'signup'),
  publicPage('/reset', 'reset'),
  publicPage('/reset-password', 'reset-password'),
  // Opened from the verification mail, often signed in elsewhere: the browser renders it.
  publicPage('/email-verified', 'email-verified', false),
  // The invitation mail's link: the token is a secret, so the browser renders it (never a cached page).
  publicPage('/invitations/:token', 'invitation', false),
  dashboardPage('/dashboard', 'my-orders', 'signed-in'),
  dashboardPage('/dashboard/profile', 'profile', 'signed-in'),
  dashboardPage('/dashboard/payment/:id', 'payment', 'signed-in'),
  // A customer's or company admin's returns, or every one for a shop admin; the form before the detail.
  dashboardPage('/dashboard/returns', 'returns', 'signed-in'),
  dashboardPage('/dashboard/returns/new', 'new-return', 'signed-in'),
  dashboardPage('/dashboard/returns/:id', 'return-detail', 'signed-in'),
  dashboardPage('/dashboard/addReview', 'add-review', 'customer'),
  dashboardPage('/dashboard/quick-order', 'quick-order', 'customer'),
  dashboardPage('/dashboard/garage', 'garage', 'customer'),
  // Any customer: the application for someone in no company, the company for a member.
  dashboardPage('/dashboard/company', 'my-company', 'customer'),
  // A company admin's; a buyer or someone in no company is told so on the page (the API's 403 / 404).
  dashboardPage('/dashboard/statement', 'statement', 'customer'),
  // Saved lists are a company's: the page tells a customer in none (the API's 403).
  dashboardPage('/dashboard/lists', 'saved-lists', 'customer'),
  dashboardPage('/dashboard/lists/:id', 'saved-list', 'customer'),
  // A company admin's keys or a shop admin's; anyone else is told so on the page (the API's 403).
  dashboardPage('/dashboard/api-keys', 'api-keys', 'signed-in'),
  // The same admins' webhooks, and one webhook's deliveries.
  dashboardPage('/dashboard/webhooks', 'webhooks', 'signed-in'),
  dashboardPage('/dashboard/webhooks/:id', 'webhook-deliveries', 'signed-in'),
  dashboardPage('/dashboard/overview', 'overview', 'admin'),
  dashboardPage('/dashboard/addPart', 'add-part', 'admin'),
  dashboardPage('/dashboard/manageParts', 'manage-parts', 'admin'),
  dashboardPage('/dashboard/categories', 'manage-categories', 'admin'),
  dashboardPage('/dashboard/vehicles', 'manage-vehicles', 'admin'),
  dashboardPage('/dashboard/catalogue-import', 'catalogue-import', 'admin'),
  dashboardPage('/dashboard/manageOrders', 'manage-orders', 'admin'),
  dashboardPage('/dashboard/manageUser', 'manage-users', 'admin'),
  dashboardPage('/dashboard/companies', 'manage-companies', 'admin'),
  dashboardPage('/dashboard/inbox', 'inbox', 'admin'),
  dashboardPage('/dashboard/settings', 'settings', 'admin'),
];

/** `/blogs/:slug` → /^\/blogs\/[^/]+$/: a parameter is one non-empty segment; letter case counts. */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source || '/'}$`);
}

const patterns: readonly [RegExp, PageRoute][] = pageRoutes.map((route) => [patternOf(route.path), route]);

/** The path without trailing slashes (`/part/` is `/part`; `/` stays). */
export function trimTrailingSlashes(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The page at `pathname` (trailing slashes ignored), or undefined for a path the app does not answer. */
export function pageAt(pathname: string): PageRoute | undefined {
  const path = trimTrailingSlashes(pathname);
  return patterns.find(([pattern]) => pattern.test(path))?.[1];
}

/** The module that renders the page at `pathname`, if any. */
export function pageModuleOf(pathname: string): string | undefined {
  return pageAt(pathname)?.module;
}

/** Whether the server renders the page at `pathname` for visitors. */
export function isServerRendered(pathname: string): boolean {
  return pageAt(pathname)?.serverRendered ?? false;
}

/** The modules of the pages rendered on the server for visitors. */
export const serverRenderedModules: ReadonlySet<string> = new Set(
  pageRoutes.filter((route) => route.serverRendered).map((route) => route.module),
);
