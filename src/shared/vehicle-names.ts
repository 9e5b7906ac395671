import type { Vehicle } from './schemas/vehicles';

// How the shop writes a vehicle and its years, apart from the vehicle schemas so that the pages that
// only show vehicles (the parts list's picker, a part's fits) do not load zod to do it.

/** "Ford Focus 1.6 Ti-VCT 92 kW": how the shop names a vehicle everywhere. */
export function vehicleName(vehicle: Pick<Vehicle, 'make' | 'model' | 'engine'>): string {
  return `${vehicle.make} ${vehicle.model} ${vehicle.engine}`;
}

/** "2011–2018", or "2015" for one year. */
export function yearRange(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}
