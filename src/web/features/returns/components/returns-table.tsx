import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { Return } from '#shared/schemas/returns';
import { DataTable } from '../../../components/data-table';
import { formatDate } from '../../../lib/format-date';
import { ReturnStatusBadge } from './return-status';

const r = copy.returns;
const cell = 'md:table-cell md:px-4 md:py-3 md:align-middle';
const label = 'text-sm text-slate-600 md:sr-only';

/** The returns, one row each (a card below md): number (to its page), order, day asked, status, lines. */
export function ReturnsTable({ returns }: { returns: readonly Return[] }) {
  return (
    <DataTable
      caption={r.listCaption}
      columns={[
        { label: r.columns.number, className: 'px-4 py-3' },
        { label: r.columns.order, className: 'px-4 py-3' },
        { label: r.columns.date, className: 'px-4 py-3' },
        { label: r.columns.status, className: 'px-4 py-3' },
        { label: r.columns.lines, className: 'px-4 py-3 text-right' },
      ]}
    >
      {returns.map((ret) => (
        <tr key={ret.id} data-testid="return-row" className="grid grid-cols-2 gap-x-3 gap-y-1 p-4 md:table-row md:p-0">
          <td className={`font-semibold ${cell}`}>
            <Link to={paths.returnDetail(ret.id)} className="link font-mono text-sky-800 hover:text-sky-950">
              {ret.number}
            </Link>
          </td>
          <td className={`col-span-2 text-slate-800 ${cell}`}>
            <span className={label}>{r.columns.order}: </span>
            <span className="font-mono text-sm break-all">{ret.orderNumber}</span>
          </td>
          <td className={`col-span-2 text-slate-800 ${cell}`}>
            <span className={label}>{r.columns.date}: </span>
            <time dateTime={ret.requestedAt}>{formatDate(ret.requestedAt)}</time>
          </td>
          {/* On a card, the state sits beside the number. */}
          <td className={`col-start-2 row-start-1 self-center justify-self-end md:justify-self-auto ${cell}`}>
            <span className="sr-only">{r.columns.status}: </span>
            <ReturnStatusBadge status={ret.status} />
          </td>
          <td className={`col-span-2 text-slate-800 tabular-nums md:text-right ${cell}`}>{r.linesCount(ret.lines.length)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
