import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#shared/schemas/content';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export function getBlog(slug: string, call: ApiCall = {}): Promise<BlogPost> {
  return apiRequest<BlogPost>(`/api/blogs/${encodeURIComponent(slug)}`, call);
}

export function blogQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['blogs', 'detail', slug],
    queryFn: (context) => getBlog(slug, apiCall(context)),
  });
}

export function useBlogQuery(slug: string) {
  return useQuery(blogQueryOptions(slug));
}
