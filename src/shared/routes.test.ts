import { describe, expect, it } from 'vitest';
import { isClientRoute, paths } from './paths';
import { isServerRendered, pageAt, pageLayouts, pageModuleOf, pageRoutes, serverRenderedModules } from './routes';

/** A manifest pattern with its parameters filled in: `/blogs/:slug` → `/blogs/x-1`. */
const example = (pattern: string) => pattern.replace(/:\w+/g, 'x-1');

describe('the pages of the web app (#shared/routes)', () => {
  it('lists each address once, and every address is a page of the app with the module listed for it', () => {
    expect(new Set(pageRoutes.map((route) => route.path)).size).toBe(pageRoutes.length);
    for (const route of pageRoutes) {
      const path = example(route.path);
      expect(isClientRoute(path), path).toBe(true);
      if (path !== '/') expect(isClientRoute(`${path}/`), `${path}/`).toBe(true);
      expect(pageAt(path)?.path, path).toBe(route.path);
      expect(pageModuleOf(path), path).toBe(route.module);
    }
  });

  it('answers no page for addresses the app does not have', () => {
    for (const path of [
      '',
      '/nope',
      '/part/a/b',
      '/blogs//x',
      '/PART',
      '/dashboard/nope',
      '/dashboard/payment',
      '/home/x',
      '/api/parts',
    ])
      expect(isClientRoute(path), path).toBe(false);
  });

  it('builds every link of `paths` to the page it names', () => {
    const expected: Record<keyof typeof paths, string> = {
      home: 'landing',
      homeAlias: 'landing',
      parts: 'parts',
      dealParts: 'parts',
      part: 'part-detail',
      blogs: 'blogs',
      blog: 'blog-post',
      reviews: 'reviews',
      cart: 'cart',
      about: 'info',
      terms: 'info',
      privacy: 'info',
      cookies: 'info',
      contact: 'landing',
      login: 'login',
      signup: 'signup',
      reset: 'reset',
      resetPassword: 'reset-password',
      emailVerified: 'email-verified',
      invitation: 'invitation',
      dashboard: 'my-orders',
      profile: 'profile',
      addReview: 'add-review',
      quickOrder: 'quick-order',
      garage: 'garage',
      myCompany: 'my-company',
      savedLists: 'saved-lists',
      apiKeys: 'api-keys',
      webhooks: 'webhooks',
      webhookDeliveries: 'webhook-deliveries',
      savedList: 'saved-list',
      statement: 'statement',
      overview: 'overview',
      addPart: 'add-part',
      manageParts: 'manage-parts',
      categories: 'manage-categories',
      vehicles: 'manage-vehicles',
      catalogueImport: 'catalogue-import',
      manageOrders: 'manage-orders',
      manageUser: 'manage-users',
      manageCompanies: 'manage-companies',
      inbox: 'inbox',
      returns: 'returns',
      returnDetail: 'return-detail',
      newReturn: 'new-return',
      settings: 'settings',
      payment: 'payment',
    };
    for (const [name, build] of Object.entries(paths)) {
      // A parameter with characters a path must escape stays one segment.
      const href = typeof build === 'function' ? build('a/b c') : build;
      const pathname = new URL(href, 'http://shop.invalid').pathname;
      expect(pageModuleOf(pathname), name).toBe(expected[name as keyof typeof paths]);
    }
  });

  it('renders on the server only public pages, and says which', () => {
    for (const route of pageRoutes) {
      if (route.serverRendered) expect(route.access, route.path).toBe('public');
      expect(isServerRendered(example(route.path)), route.path).toBe(route.serverRendered);
    }
    expect([...serverRenderedModules].sort()).toEqual(
      [
        'blog-post',
        'blogs',
        'info',
        'landing',
        'login',
        'part-detail',
        'parts',
        'reset',
        'reset-password',
        'reviews',
        'signup',
      ].sort(),
    );
    expect(isServerRendered('/part/')).toBe(true);
    expect(isServerRendered('/part/x-1')).toBe(true);
    expect(pageAt('/part/x-1')?.access).toBe('public');
    expect(isServerRendered('/dashboard')).toBe(false);
  });

  it('places every page of a layout under the layout’s address', () => {
    for (const route of pageRoutes.filter((page) => page.layout)) {
      const layout = pageLayouts[route.layout ?? 'dashboard'];
      expect(route.path === layout.path || route.path.startsWith(`${layout.path}/`), route.path).toBe(true);
    }
  });
});
