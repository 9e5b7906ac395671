import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type PageData, pageDataProvider, pageLoader } from './page-data';

/** Runs a loader as the router would, with `on` as where it runs. */
async function run(loader: ReturnType<typeof pageLoader>, data: PageData) {
  const args = { request: new Request('http://shop.invalid/part'), params: {}, context: pageDataProvider(data) };
  return loader(args as unknown as LoaderFunctionArgs);
}

describe('a page’s loader', () => {
  const failing = (asked: string[]) =>
    pageLoader((queryClient) =>
      queryClient.ensureQueryData({
        queryKey: ['thing'],
        queryFn: () => {
          asked.push('thing');
          return new Promise((_resolve, reject) => setTimeout(() => reject(new Error('down')), 10));
        },
        retry: false,
      }),
    );

  it('on the server, waits for the data and fails with it', async () => {
    const asked: string[] = [];
    await expect(run(failing(asked), { queryClient: new QueryClient(), on: 'render' })).rejects.toThrow('down');
    expect(asked).toEqual(['thing']);
  });

  it('on a navigation, starts the fetch and lets the page draw at once, whatever the answer', async () => {
    const asked: string[] = [];
    const queryClient = new QueryClient();
    await expect(run(failing(asked), { queryClient, on: 'navigation' })).resolves.toBeNull();
    expect(asked).toEqual(['thing']);
    expect(queryClient.getQueryState(['thing'])?.fetchStatus).toBe('fetching');
    // The failure stays with the query (the page shows it), not thrown at the router.
    await expect.poll(() => queryClient.getQueryState(['thing'])?.status).toBe('error');
  });

  it('on the browser’s first page, asks for nothing: the page’s own hooks do', async () => {
    const asked: string[] = [];
    const queryClient = new QueryClient();
    await expect(run(failing(asked), { queryClient, on: 'first-load' })).resolves.toBeNull();
    expect(asked).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
