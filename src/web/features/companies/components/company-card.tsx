import { useId, useState } from 'react';
import * as copy from '#shared/copy';
import { addressLines } from '#shared/schemas/address';
import type { CompanySummary } from '#shared/schemas/companies';
import { formatDate } from '../../../lib/format-date';
import { useMoney } from '../../../lib/use-money';
import { CompanyReview } from './company-review';
import { ContractPricesPanel } from './contract-prices-panel';

const a = copy.companiesAdmin;

const STATUS_BADGE: Record<string, string> = {
  applied: 'badge-warning',
  active: 'badge-success',
  on_hold: 'badge-neutral',
  declined: 'badge-error',
};

/** One company in the admins' list: the application's details, and, opened, the review and its prices. */
export function CompanyCard({ company, currency }: { company: CompanySummary; currency: string }) {
  const [open, setOpen] = useState(company.status === 'applied');
  const panelId = useId();
  const money = useMoney();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-lg font-bold break-words text-slate-900">
            {company.name}{' '}
            <span className={`badge align-middle ${STATUS_BADGE[company.status] ?? ''}`}>{a.statuses[company.status]}</span>
          </h3>
          <p className="text-sm text-slate-600">{a.appliedOn(formatDate(company.createdAt))}</p>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-ghost border-slate-300 self-start"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? a.closeReview : a.review}
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <dt className="font-semibold text-slate-700">{a.vatId}</dt>
          <dd className="break-all text-slate-900">{company.vatId ?? a.noVatId}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">{a.billingAddress}</dt>
          <dd className="break-words text-slate-900">{addressLines(company.billingAddress).join(', ')}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">{a.terms}</dt>
          <dd className="text-slate-900">
            {a.termsNames[company.paymentTerms]} · {a.creditLimit} {money(company.creditLimitCents)} · {a.discount}{' '}
            {a.discountValue(company.discountPercent)}
          </dd>
        </div>
        {company.taxExempt && company.taxExemptReason ? (
          <div className="sm:col-span-2 lg:col-span-3">
            <dd className="text-slate-900">{a.taxExemptValue(company.taxExemptReason)}</dd>
          </div>
        ) : null}
        {company.declineReason ? (
          <div className="sm:col-span-2 lg:col-span-3">
            <dd className="break-words text-red-800">{a.declinedBecause(company.declineReason)}</dd>
          </div>
        ) : null}
      </dl>
      {open ? (
        <div id={panelId} className="mt-5 space-y-6 border-t border-slate-200 pt-5">
          <CompanyReview key={`${company.id}-${company.status}`} company={company} currency={currency} />
          {company.status !== 'declined' ? <ContractPricesPanel companyId={company.id} /> : null}
        </div>
      ) : null}
    </li>
  );
}
