import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogSummary } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

/** Every published post, newest first. */
export async function getBlogs(signal?: AbortSignal): Promise<BlogSummary[]> {
  const list = await apiRequest<{ items: BlogSummary[] }>('/api/blogs', { signal });
  return list.items;
}

export function blogsQueryOptions() {
  return queryOptions({
    queryKey: ['blogs', 'list'],
    queryFn: ({ signal }) => getBlogs(signal),
  });
}

export function useBlogsQuery() {
  return useQuery(blogsQueryOptions());
}
