import * as copy from '#shared/copy';
import { addressLines } from '#shared/schemas/address';
import type { FormatMoney } from '../../../lib/use-money';
import type { Company } from '#shared/schemas/companies';

const p = copy.companyMembers.page;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-bold break-words text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The company's name, VAT ID, status and terms; its balance and the credit it has left. */
export function CompanyDetails({ company, money }: { company: Company; money: FormatMoney }) {
  return (
    <section aria-labelledby="company-details" className="grid gap-3">
      <h3 id="company-details" className="text-xl font-bold text-slate-900">
        {company.name}
      </h3>
      <p className="text-slate-700">{addressLines(company.billingAddress).join(', ')}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={p.status} value={p.statuses[company.status]} />
        <Detail label={p.vatId} value={company.vatId ?? p.noVatId} />
        <Detail label={p.terms} value={p.termsNames[company.paymentTerms]} />
        <Detail label={p.creditLimit} value={money(company.creditLimitCents)} />
        <Detail label={p.discount} value={`${company.discountPercent} %`} />
        <Detail label={p.balance} value={money(company.balanceCents)} />
        <Detail label={p.creditLeft} value={money(company.creditLeftCents)} />
      </dl>
    </section>
  );
}
