import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { type CompanyStatus, companyStatusValues } from '#shared/schemas/companies';
import { EmptyTitle, PagedList } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { useCompaniesQuery } from '../../features/companies/api/list-companies';
import { CompanyCard } from '../../features/companies/components/company-card';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { useListSearchParams } from '../../lib/use-list-search-params';

const COMPANIES_PAGE_SIZE = 20;
const a = copy.companiesAdmin;

/**
 * /dashboard/companies (shop admin): trade account applications and accounts, filtered by status (the
 * filter applies first, from the URL), each with its details, its review and its contract prices.
 */
export default function ManageCompaniesPage() {
  const [params, setParams] = useSearchParams();
  const { page, update, lastPageSearch } = useListSearchParams();
  // An unknown status in a hand-written URL shows every company rather than an error.
  const status = companyStatusValues.find((value) => value === params.get('status'));
  const companies = useCompaniesQuery({ status, page, limit: COMPANIES_PAGE_SIZE });
  const currency = useQuery(settingsQueryOptions()).data?.currency ?? 'USD';

  /** Another status starts again at page 1. */
  const changeStatus = (next: CompanyStatus | undefined) => {
    const search = new URLSearchParams(params);
    if (next) search.set('status', next);
    else search.delete('status');
    search.delete('page');
    setParams(search);
  };

  const totalPages = companies.data ? Math.max(1, Math.ceil(companies.data.total / COMPANIES_PAGE_SIZE)) : 1;
  // After the last application of the last page was approved or declined, that page no longer exists.
  if (companies.data && !companies.isPlaceholderData && page > totalPages) {
    return <Navigate replace to={{ search: lastPageSearch(totalPages) }} />;
  }

  return (
    <DashboardPanel
      title={copy.dashboard.manageCompanies}
      aside={
        <label className="flex items-center gap-2 font-semibold text-slate-800">
          {a.statusFilter}
          <select
            className="select bg-white"
            value={status ?? ''}
            onChange={(event) => changeStatus((event.target.value || undefined) as CompanyStatus | undefined)}
          >
            <option value="">{a.statusAll}</option>
            {companyStatusValues.map((value) => (
              <option key={value} value={value}>
                {a.statuses[value]}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <PagedList query={companies} total={(data) => a.total(data.total)} empty={<EmptyTitle>{a.empty}</EmptyTitle>}>
        {(data) => (
          <ul className="space-y-4">
            {data.items.map((company) => (
              <CompanyCard key={company.id} company={company} currency={currency} />
            ))}
          </ul>
        )}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={(value) => update({ page: value })} />
    </DashboardPanel>
  );
}
