import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractPriceImport, ContractPriceList } from '#shared/schemas/companies';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

const pricesPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/prices`;

/** The company's contract prices, by SKU (shop admin). */
export function getContractPrices(companyId: string, call: ApiCall = {}): Promise<ContractPriceList> {
  return apiRequest<ContractPriceList>(pricesPath(companyId), call);
}

export function contractPricesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: ['companies', 'prices', companyId],
    queryFn: (context) => getContractPrices(companyId, apiCall(context)),
    staleTime: 0,
  });
}

export function useContractPricesQuery(companyId: string) {
  return useQuery(contractPricesQueryOptions(companyId));
}

/** Uploads a CSV file as the company's whole contract price list; answers the count or every refused line. */
export function importContractPrices({ companyId, file }: { companyId: string; file: Blob }): Promise<ContractPriceImport> {
  return apiRequest<ContractPriceImport>(pricesPath(companyId), {
    method: 'PUT',
    body: file,
    // Spreadsheets on some systems label CSV files otherwise; the server reads the bytes as CSV.
    headers: { 'content-type': 'text/csv' },
  });
}

export function useImportContractPricesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContractPrices,
    onSuccess: (_result, { companyId }) => queryClient.invalidateQueries({ queryKey: ['companies', 'prices', companyId] }),
  });
}
