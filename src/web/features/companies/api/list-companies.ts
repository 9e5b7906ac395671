import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyList, CompanyStatus } from '#shared/schemas/companies';
import { apiCall, type ApiCall, apiRequest, queryString } from '../../../lib/api-client';

export interface CompaniesQuery {
  status?: CompanyStatus | undefined;
  page?: number;
  limit?: number;
}

/** Every company, newest application first (shop admin); `status` filters. */
export function listCompanies(query: CompaniesQuery, call: ApiCall = {}): Promise<CompanyList> {
  return apiRequest<CompanyList>(
    `/api/companies${queryString({ status: query.status, page: query.page, limit: query.limit })}`,
    call,
  );
}

export function companiesQueryOptions(query: CompaniesQuery) {
  return queryOptions({
    queryKey: ['companies', 'list', query],
    queryFn: (context) => listCompanies(query, apiCall(context)),
    // Applications arrive and other admins decide them.
    staleTime: 0,
  });
}

/** A page of companies; while the next page loads, the previous one stays on screen. */
export function useCompaniesQuery(query: CompaniesQuery) {
  return useQuery({ ...companiesQueryOptions(query), placeholderData: keepPreviousData });
}
