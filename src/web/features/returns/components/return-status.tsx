import * as copy from '#shared/copy';
import type { ReturnStatus } from '#shared/schemas/returns';

const tones: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-slate-200 text-slate-800',
  received: 'bg-violet-100 text-violet-900',
  credited: 'bg-emerald-100 text-emerald-900',
};

/** A return's state as a badge: "Requested", "Approved", "Refused", "Received", "Credited". */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`badge badge-sm border-0 font-semibold whitespace-nowrap ${tones[status]}`} data-testid="return-status">
      {copy.returns.statusLabels[status]}
    </span>
  );
}
