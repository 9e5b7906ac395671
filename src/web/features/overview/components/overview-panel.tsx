import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { orderStatusValues } from '#shared/schemas/orders';
import type { Overview, OverviewDays } from '#shared/schemas/overview';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { useMoney } from '../../../lib/use-money';
import { useOverviewQuery } from '../api/get-overview';
import { formatCount } from '#shared/numbers';

const o = copy.overview;
// The chart library loads with the chart, on this page only.
const RevenueChart = lazy(() => import('./revenue-chart'));

function Card({ title, text, note, children }: { title: string; text?: string; note?: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-2xl bg-white p-4 shadow-sm sm:p-5 ring-1 ring-slate-200" aria-label={title}>
      <h3 className="text-lg font-bold text-slate-900">{title}</h3>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A plain table that scrolls sideways on a narrow screen rather than squeezing its columns. */
function Table({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs font-bold tracking-wider text-slate-600 uppercase">
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={`py-2 pr-3 last:pr-0 ${index > 0 ? 'text-right' : ''}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

const cell = 'py-2 pr-3 text-right tabular-nums last:pr-0';
const empty = (text: string) => <p className="text-sm text-slate-600">{text}</p>;

function Revenue({ overview }: { overview: Overview }) {
  const formatMoney = useMoney();
  const cents = overview.revenueByDay.reduce((sum, day) => sum + day.cents, 0);
  const orders = overview.revenueByDay.reduce((sum, day) => sum + day.orders, 0);
  return (
    // Each day's figure is the orders' totals, so it is gross; the card says so beside the sum.
    <Card title={o.revenueTitle} text={o.revenueSummary(formatMoney(cents), orders, overview.days)} note={o.revenueBasis}>
      {orders === 0 ? null : (
        <Suspense fallback={<div className="h-64" />}>
          <RevenueChart days={overview.days} revenueByDay={overview.revenueByDay} />
        </Suspense>
      )}
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand-800">{o.revenueTableToggle}</summary>
        {/* A scrolled region, so it takes the keyboard's focus to scroll by arrow keys. */}
        <div className="mt-3 max-h-80 overflow-y-auto" tabIndex={0} role="region" aria-label={o.revenueTableRegion}>
          <Table caption={o.revenueTitle} headers={[o.date, o.paidOrders, o.revenue]}>
            {overview.revenueByDay.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
                  {day.date}
                </th>
                <td className={cell}>{day.orders}</td>
                <td className={cell}>{formatMoney(day.cents)}</td>
              </tr>
            ))}
          </Table>
        </div>
      </details>
    </Card>
  );
}

function Statuses({ overview }: { overview: Overview }) {
  return (
    <Card title={o.statusTitle}>
      <Table caption={o.statusTitle} headers={[copy.manageOrders.status, o.count]}>
        {orderStatusValues.map((status) => (
          <tr key={status}>
            <th scope="row" className="py-2 pr-3 font-normal">
              <Link to={`${paths.manageOrders}?status=${status}`} className="link link-hover text-brand-800">
                {copy.manageOrders.statuses[status]}
              </Link>
            </th>
            <td className={cell}>{formatCount(overview.ordersByStatus[status])}</td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

function TopParts({ overview }: { overview: Overview }) {
  const formatMoney = useMoney();
  return (
    <Card title={o.topPartsTitle} text={o.topPartsText}>
      {overview.topParts.length === 0 ? (
        empty(o.topPartsEmpty)
      ) : (
        <Table caption={o.topPartsTitle} headers={[o.part, o.sku, o.units, o.sales]}>
          {overview.topParts.map((part) => (
            <tr key={part.partId}>
              <th scope="row" className="py-2 pr-3 font-normal">
                {part.name}
              </th>
              <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{part.sku}</td>
              <td className={cell}>{formatCount(part.units)}</td>
              <td className={cell}>{formatMoney(part.cents)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

function LowStock({ overview }: { overview: Overview }) {
  return (
    <Card title={o.lowStockTitle} text={o.lowStockText}>
      {overview.lowStock.length === 0 ? (
        empty(o.lowStockEmpty)
      ) : (
        <Table caption={o.lowStockTitle} headers={[o.part, o.sku, o.stock, o.threshold]}>
          {overview.lowStock.map((part) => (
            <tr key={part.partId}>
              <th scope="row" className="py-2 pr-3 font-normal">
                <Link
                  to={`${paths.manageParts}?q=${encodeURIComponent(part.sku)}`}
                  className="link link-hover text-brand-800"
                  aria-label={o.edit(part.name)}
                >
                  {part.name}
                </Link>
              </th>
              <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{part.sku}</td>
              <td className={`${cell} font-semibold text-red-800`}>{part.stock}</td>
              <td className={cell}>{part.threshold}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

function Returns({ overview }: { overview: Overview }) {
  const formatMoney = useMoney();
  return (
    <Card title={o.returnsTitle} text={o.returnsText(overview.days)}>
      <Table caption={o.returnsTitle} headers={[o.reason, o.returnLines, o.returnUnits]}>
        {overview.returnsByReason.map((row) => (
          <tr key={row.reason}>
            <th scope="row" className="py-2 pr-3 font-normal">
              {copy.returns.reasonLabels[row.reason]}
            </th>
            <td className={cell}>{formatCount(row.lines)}</td>
            <td className={cell}>{formatCount(row.units)}</td>
          </tr>
        ))}
      </Table>
      <p className="mt-4 font-semibold text-slate-900 tabular-nums" data-testid="open-core-deposits">
        {o.openDeposits(formatMoney(overview.openCoreDepositsCents))}
      </p>
      <p className="mt-1 text-xs text-slate-600">{o.openDepositsNote}</p>
    </Card>
  );
}

function Misses({ overview }: { overview: Overview }) {
  return (
    <Card title={o.missesTitle} text={o.missesText(overview.days)}>
      {overview.zeroResultSearches.length === 0 ? (
        empty(o.missesEmpty)
      ) : (
        <Table caption={o.missesTitle} headers={[o.query, o.times]}>
          {overview.zeroResultSearches.map((miss) => (
            <tr key={miss.q}>
              <th scope="row" className="py-2 pr-3 font-normal break-all">
                {miss.q}
              </th>
              <td className={cell}>{miss.count}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

/** The admin overview's figures for the last `days` days (docs/shop-rules.md, "Running the business"). */
export function OverviewPanel({ days }: { days: OverviewDays }) {
  const query = useOverviewQuery(days);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <SectionError onRetry={() => void query.refetch()} message={copy.common.somethingWrong} />;
  const overview = query.data;
  return (
    <div className={`grid gap-5 ${query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}`}>
      <Revenue overview={overview} />
      <div className="grid min-w-0 gap-5 lg:grid-cols-2">
        <Statuses overview={overview} />
        <Misses overview={overview} />
      </div>
      <Returns overview={overview} />
      <TopParts overview={overview} />
      <LowStock overview={overview} />
    </div>
  );
}
