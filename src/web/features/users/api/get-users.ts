import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList } from '#shared/schemas/accounts';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface UsersQuery {
  q?: string;
  page?: number;
  limit?: number;
}

/** Every account, newest first (admin only); `q` searches name and email. */
export function getUsers(query: UsersQuery, call: ApiCall = {}): Promise<UserList> {
  return apiRequest<UserList>(`/api/users${queryString({ q: query.q, page: query.page, limit: query.limit })}`, call);
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: (context) => getUsers(query, apiCall(context)),
    // Other admins change this list too.
    staleTime: 0,
  });
}

/** A page of users; while the next page loads, the previous one stays on screen. */
export function useUsersQuery(query: UsersQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
