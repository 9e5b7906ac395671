import { readdirSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageLayouts, pageRoutes } from '#shared/routes';
import { routes } from './router';

const example = (pattern: string) => pattern.replace(/:\w+/g, 'x-1');

describe('the route table, built from #shared/routes', () => {
  it('draws each address of the manifest with the page listed for it, behind the guard of its access', () => {
    for (const route of pageRoutes) {
      const matches = matchRoutes(routes, example(route.path)) ?? [];
      const ids = matches.map((match) => match.route.id);
      expect(ids.at(-1), route.path).toBe(route.path);
      expect(ids.includes('signed-in'), route.path).toBe(route.access !== 'public');
      if (route.access === 'customer' || route.access === 'admin')
        expect(
          ids.some((id) => id?.endsWith(`:${route.access}`)),
          route.path,
        ).toBe(true);
      if (route.layout) expect(ids, route.path).toContain(`layout:${pageLayouts[route.layout].path}`);
    }
    expect(matchRoutes(routes, '/no-such-page')?.at(-1)?.route.id).toBe('not-found');
  });

  it('has a module in routes/ for every page, and every module there is a page', () => {
    const files = readdirSync(path.join(import.meta.dirname, 'routes'))
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .map((file) => file.replace(/\.tsx$/, ''))
      .sort();
    const listed = new Set([
      ...pageRoutes.map((route) => route.module),
      ...Object.values(pageLayouts).map((layout) => layout.module),
      'not-found',
    ]);
    expect([...listed].sort()).toEqual(files);
  });
});
