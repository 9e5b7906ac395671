import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BuyerTaxStatus, buyerTaxStatusFrom } from '#shared/order-totals';
import type { Me } from '#shared/schemas/accounts';
import type { Company, CompanyStatus } from '#shared/schemas/companies';
import { apiCall, type ApiCall, ApiError, apiRequest } from '../../../lib/api-client';

/** What the session (GET /api/me) says of the user's company: which one, their role, its status; null for none. */
export type SessionCompany = NonNullable<Me['company']>;

/**
 * The shop has approved the company: active, or on hold meanwhile. Its pages, orders on account and
 * saved lists open then (docs/shop-rules.md, "Trade accounts").
 */
export function isApprovedCompany<T extends { status: CompanyStatus }>(company: T | null | undefined): company is T {
  return company?.status === 'active' || company?.status === 'on_hold';
}

/** The signed-in user's company (GET /api/me/company); null when they have left it meanwhile. */
export async function getMyCompany(call: ApiCall = {}): Promise<Company | null> {
  try {
    return await apiRequest<Company>('/api/me/company', call);
  } catch (error) {
    // Left the company in between.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const myCompanyQueryKey = ['me', 'company'] as const;

export function myCompanyQueryOptions() {
  return queryOptions({
    queryKey: myCompanyQueryKey,
    queryFn: (context) => getMyCompany(apiCall(context)),
    // Terms, limits and the balance change as orders are placed and paid elsewhere.
    staleTime: 0,
  });
}

/**
 * The user's company, asked only when the session lists one (`listed`, the session's `company`): the
 * company's 404 would be logged by the browser as a failed request on every page a customer opens.
 */
export function useMyCompanyQuery(listed: SessionCompany | null | undefined) {
  return useQuery({ ...myCompanyQueryOptions(), enabled: Boolean(listed) });
}

/** The member's own entry (role, order limit) in their company, found by their user id. */
export function memberOf(company: Company | null | undefined, userId: string | undefined) {
  return company?.members.find((member) => member.userId === userId);
}

/** A company's tax status, as the server prices its members' orders: its VAT ID, its exemption, its country. */
export function companyTaxStatus(company: Company): BuyerTaxStatus {
  return {
    ...buyerTaxStatusFrom({ vatId: company.vatId, taxExemptReason: company.taxExempt ? company.taxExemptReason : null }),
    country: company.billingAddress.country,
  };
}
