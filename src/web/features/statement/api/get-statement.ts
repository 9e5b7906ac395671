import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement } from '#shared/schemas/statement';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

export const statementUrls = {
  json: '/api/me/company/statement',
  pdf: '/api/me/company/statement.pdf',
  csv: '/api/me/company/statement.csv',
} as const;

/** The company admin's statement (GET /api/me/company/statement): 403 for a buyer, 404 for someone in no company. */
export function getStatement(call: ApiCall = {}): Promise<Statement> {
  return apiRequest<Statement>(statementUrls.json, call);
}

export const statementQueryKey = ['me', 'company', 'statement'] as const;

export function statementQueryOptions() {
  return queryOptions({
    queryKey: statementQueryKey,
    queryFn: (context) => getStatement(apiCall(context)),
    // Payments are recorded by the shop elsewhere: always asked again when the page opens.
    staleTime: 0,
  });
}

export function useStatementQuery() {
  return useQuery(statementQueryOptions());
}
