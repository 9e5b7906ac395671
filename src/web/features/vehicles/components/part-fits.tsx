import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { Fit } from '#shared/schemas/vehicles';
import { vehicleName, yearRange } from '#shared/vehicle-names';

const f = copy.partFits;

/** The parts list filtered by one vehicle: every part that fits it, in any year. */
export function partsFittingVehicleHref(vehicleId: string): string {
  return `${paths.parts}?${new URLSearchParams({ vehicle: vehicleId }).toString()}`;
}

/** "Ford Focus 1.6 Ti-VCT 92 kW · 2011–2018 · front axle": a fit as one line, the note only when there is one. */
export function fitLine(fit: Fit): string {
  return [vehicleName(fit.vehicle), yearRange(fit.yearFrom, fit.yearTo), fit.note].filter(Boolean).join(f.separator);
}

/**
 * "Fits these vehicles" on a part's page (docs/shop-rules.md, "Finding parts"): each vehicle the
 * part fits, in the admin's order, linking to the parts that fit that vehicle.
 */
export function PartFits({
  fits,
  headingId = 'part-fits-title',
  className = '',
}: {
  fits: readonly Fit[];
  headingId?: string;
  className?: string;
}) {
  return (
    <section aria-labelledby={headingId} className={className} data-testid="part-fits">
      <h2 id={headingId} className="text-lg font-extrabold tracking-tight text-slate-900">
        {f.title}
      </h2>
      {fits.length === 0 ? (
        <p className="mt-2 text-slate-600">{f.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
          {fits.map((fit) => (
            <li key={fit.vehicle.id}>
              <Link
                to={partsFittingVehicleHref(fit.vehicle.id)}
                aria-label={`${fitLine(fit)}. ${f.showParts(vehicleName(fit.vehicle))}`}
                className="flex items-center justify-between gap-3 px-4 py-3 text-slate-800 hover:bg-slate-50 focus-visible:bg-slate-50"
              >
                <span className="min-w-0 break-words">
                  <span className="font-semibold text-slate-900">{vehicleName(fit.vehicle)}</span>
                  <span className="text-slate-600">
                    {f.separator}
                    {[yearRange(fit.yearFrom, fit.yearTo), fit.note].filter(Boolean).join(f.separator)}
                  </span>
                </span>
                <span aria-hidden="true" className="shrink-0 text-brand-700">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
