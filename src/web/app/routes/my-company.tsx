import { useState } from 'react';
import * as copy from '#shared/copy';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { memberOf, useMyCompanyQuery } from '../../features/companies/api/get-my-company';
import { CompanyAddresses } from '../../features/companies/components/company-addresses';
import { CompanyApplicationForm } from '../../features/companies/components/company-application-form';
import { CompanyDetails } from '../../features/companies/components/company-details';
import { CompanyInvitations, CompanyMembers } from '../../features/companies/components/company-members';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useSettingsQuery } from '../../features/settings/api/get-settings';
import { useMoney } from '../../lib/use-money';

const p = copy.companyMembers.page;

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div role="status" className="grid gap-2 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-xl font-bold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/**
 * /dashboard/company: for a customer in no company, the application for a trade account; once applied,
 * that the shop will mail; declined, the reason and "Apply again". For a member: the company, its
 * members (a company admin changes roles and limits, invites, removes) and its delivery addresses.
 */
export default function MyCompanyPage() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const listed = signedIn ? session.company : null;
  const company = useMyCompanyQuery(listed);
  const settings = useSettingsQuery();
  const money = useMoney();
  const [applyingAgain, setApplyingAgain] = useState(false);
  const deliverTo = settings.data?.deliverTo ?? [];
  const country = settings.data?.sellerAddress.country ?? 'US';

  let content;
  if (!signedIn || (listed && company.isPending)) content = <Spinner />;
  else if (company.isError) content = <SectionError onRetry={() => void company.refetch()} message={p.loadFailed} />;
  else if (!listed || !company.data || (company.data.status === 'declined' && applyingAgain)) {
    content = (
      <section aria-labelledby="company-apply" className="grid gap-4">
        <h3 id="company-apply" className="text-xl font-bold text-slate-900">
          {p.applyTitle}
        </h3>
        <CompanyApplicationForm deliverTo={deliverTo} country={country} onApplied={() => setApplyingAgain(false)} />
      </section>
    );
  } else if (company.data.status === 'applied') {
    content = (
      <Notice title={p.appliedTitle}>
        <p className="text-slate-700">{p.applied(company.data.name)}</p>
      </Notice>
    );
  } else if (company.data.status === 'declined') {
    content = (
      <Notice title={p.declinedTitle}>
        <p className="text-slate-700">{p.declined(company.data.name)}</p>
        {company.data.declineReason ? <p className="text-slate-700">{p.declinedReason(company.data.declineReason)}</p> : null}
        <div>
          <button type="button" className="btn btn-primary mt-2" onClick={() => setApplyingAgain(true)}>
            {p.applyAgain}
          </button>
        </div>
      </Notice>
    );
  } else {
    const isCompanyAdmin = memberOf(company.data, session.user.id)?.role === 'company_admin';
    content = (
      <div className="grid gap-10">
        <CompanyDetails company={company.data} money={money} />
        <CompanyMembers company={company.data} userId={session.user.id} isCompanyAdmin={isCompanyAdmin} money={money} />
        {isCompanyAdmin ? <CompanyInvitations company={company.data} /> : null}
        <CompanyAddresses company={company.data} isCompanyAdmin={isCompanyAdmin} deliverTo={deliverTo} country={country} />
      </div>
    );
  }
  return <DashboardPanel title={p.title}>{content}</DashboardPanel>;
}
