import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

export function getBlog(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiRequest<BlogPost>(`/api/blogs/${encodeURIComponent(slug)}`, { signal });
}

export function blogQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['blogs', 'detail', slug],
    queryFn: ({ signal }) => getBlog(slug, signal),
  });
}

export function useBlogQuery(slug: string) {
  return useQuery(blogQueryOptions(slug));
}
