import type { ReactNode } from 'react';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Statement, StatementInvoice } from '#shared/schemas/statement';
import { DataTable } from '../../../components/data-table';
import { invoicePdfUrl } from '../../../lib/document-urls';
import { formatDate } from '../../../lib/format-date';
import { statementUrls } from '../api/get-statement';

const s = copy.statement;
const cell = 'md:px-4 md:py-3';

function Figure({ label, value, tone = 'plain' }: { label: string; value: string; tone?: 'plain' | 'warn' }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-extrabold tabular-nums ${tone === 'warn' ? 'text-red-700' : 'text-slate-900'}`}>
        {value}
      </dd>
    </div>
  );
}

/** A value in a row that is a card below md: its label shown before it there, the column's header above. */
function Labelled({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`flex justify-between gap-3 md:table-cell ${cell} ${className}`}>
      <span className="text-sm font-semibold text-slate-600 md:hidden">{label}</span>
      <span className="text-right tabular-nums md:text-inherit">{children}</span>
    </td>
  );
}

/**
 * A titled part of the statement: its rows in a table whose caption is the title, or, with none, a
 * line saying so. An `amount` column is aligned right.
 */
function StatementTable({
  id,
  title,
  empty,
  columns,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  columns: { label: ReactNode; amount?: boolean }[];
  rows: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">{empty}</p>
      ) : (
        <DataTable
          caption={title}
          columns={columns.map(({ label, amount }) => ({ label, className: amount ? 'px-4 py-3 text-right' : 'px-4 py-3' }))}
        >
          {rows}
        </DataTable>
      )}
    </section>
  );
}

interface StatementViewProps {
  statement: Statement;
  /** "Pay by card" on an open invoice. */
  onPay: (invoice: StatementInvoice) => void;
  /** The invoice whose card payment is being started (its button waits). */
  starting?: string | undefined;
}

/**
 * The company admin's statement: balance and credit, "Download PDF" / "Download CSV", the open
 * invoices (the number opens the invoice's PDF; days overdue stand out) with "Pay by card", and the
 * payments of the last 90 days.
 */
export function StatementView({ statement, onPay, starting }: StatementViewProps) {
  const money = (cents: number) => formatMoney(cents, statement.currency);
  const overdue = statement.invoices.some((invoice) => invoice.daysOverdue > 0);
  return (
    <div className="grid gap-6">
      <p className="text-slate-700">{s.intro}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label={s.balance} value={money(statement.balanceCents)} tone={overdue ? 'warn' : 'plain'} />
        <Figure label={s.creditLimit} value={money(statement.creditLimitCents)} />
        <Figure label={s.creditLeft} value={money(statement.creditLeftCents)} />
      </dl>
      <div className="flex flex-wrap gap-3">
        <a className="btn btn-outline" href={statementUrls.pdf} download>
          {s.downloadPdf}
        </a>
        <a className="btn btn-outline" href={statementUrls.csv} download>
          {s.downloadCsv}
        </a>
      </div>

      <StatementTable
        id="open-invoices-title"
        title={s.openInvoices}
        empty={s.noOpenInvoices}
        columns={[
          { label: s.invoice },
          { label: s.dueDate },
          { label: s.total, amount: true },
          { label: s.paid, amount: true },
          { label: s.daysOverdue },
          { label: <span className="sr-only">{s.payByCard}</span> },
        ]}
        rows={statement.invoices.map((invoice) => (
          <tr key={invoice.number} data-testid="statement-invoice" className="grid gap-2 p-4 md:table-row md:p-0">
            <td className={`font-semibold whitespace-nowrap ${cell}`}>
              <a
                className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                href={invoicePdfUrl(invoice.orderId)}
                download
              >
                {invoice.number}
              </a>
            </td>
            <Labelled label={s.dueDate} className="md:whitespace-nowrap">
              {formatDate(invoice.dueDate)}
            </Labelled>
            <Labelled label={s.total} className="md:text-right">
              {money(invoice.totalCents)}
            </Labelled>
            <Labelled label={s.paid} className="md:text-right">
              {money(invoice.paidCents)}
            </Labelled>
            <td className={cell}>
              {invoice.daysOverdue > 0 ? (
                <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-bold whitespace-nowrap text-red-800 ring-1 ring-red-200">
                  {s.overdueDays(invoice.daysOverdue)}
                </span>
              ) : (
                <span className="text-sm text-slate-600">{s.notOverdue}</span>
              )}
            </td>
            <td className={cell}>
              <button
                type="button"
                className="btn btn-sm btn-primary w-full whitespace-nowrap md:w-auto"
                aria-label={s.payByCardFor(invoice.number)}
                aria-disabled={starting === invoice.number || undefined}
                onClick={() => {
                  if (starting !== invoice.number) onPay(invoice);
                }}
              >
                {starting === invoice.number ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                {s.payByCard}
              </button>
            </td>
          </tr>
        ))}
      />

      <StatementTable
        id="payments-title"
        title={s.payments}
        empty={s.noPayments}
        columns={[
          { label: s.paidOn },
          { label: s.invoice },
          { label: s.reference },
          { label: s.method },
          { label: s.amount, amount: true },
        ]}
        rows={statement.payments.map((payment, index) => (
          <tr key={`${payment.invoiceNumber}-${index}`} className="grid gap-2 p-4 md:table-row md:p-0">
            <td className={`font-semibold md:whitespace-nowrap ${cell}`}>{formatDate(payment.paidAt)}</td>
            <Labelled label={s.invoice} className="md:whitespace-nowrap">
              {payment.invoiceNumber}
            </Labelled>
            <Labelled label={s.reference}>
              <span className="break-all">{payment.reference}</span>
            </Labelled>
            <Labelled label={s.method}>{s.methods[payment.method]}</Labelled>
            <Labelled label={s.amount} className="md:text-right">
              {money(payment.amountCents)}
            </Labelled>
          </tr>
        ))}
      />
    </div>
  );
}
