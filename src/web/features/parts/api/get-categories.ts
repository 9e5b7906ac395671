import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '#shared/schemas/categories';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** Every category, by name, with its number of parts on sale. */
export function getCategories(call: ApiCall = {}): Promise<CategoryList> {
  return apiRequest<CategoryList>('/api/categories', call);
}

export function categoriesQueryOptions() {
  return queryOptions({
    // Under 'parts': saving or deleting a part changes the counts, and those refresh every 'parts' query.
    queryKey: ['parts', 'categories'],
    queryFn: (context) => getCategories(apiCall(context)),
  });
}

export function useCategoriesQuery() {
  return useQuery(categoriesQueryOptions());
}
