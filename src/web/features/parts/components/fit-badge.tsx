import { CheckBadgeIcon } from '../../../components/icons';

/** "Fits Ford Focus 1.6 Ti-VCT 92 kW (2015)" under a card's name while the list is for one vehicle. */
export function FitBadge({ text }: { text: string }) {
  return (
    <p
      data-testid="fit-badge"
      className="mt-2 flex items-start gap-1.5 self-start rounded-lg bg-emerald-50 px-2.5 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
    >
      <CheckBadgeIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
