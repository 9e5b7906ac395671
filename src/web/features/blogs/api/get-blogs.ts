import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogSummary } from '#shared/schemas/content';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** Every published post, newest first. */
export async function getBlogs(call: ApiCall = {}): Promise<BlogSummary[]> {
  const list = await apiRequest<{ items: BlogSummary[] }>('/api/blogs', call);
  return list.items;
}

export function blogsQueryOptions() {
  return queryOptions({
    queryKey: ['blogs', 'list'],
    queryFn: (context) => getBlogs(apiCall(context)),
  });
}

export function useBlogsQuery() {
  return useQuery(blogsQueryOptions());
}
