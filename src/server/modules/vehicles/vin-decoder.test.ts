import { expect, it } from 'vitest';
import { WMI_MAKES } from '#shared/vin-wmi';
import { fixedClock } from '../../clock';
import { demoVehicles } from '../../db/seed/vehicles';
import { offlineVinDecoder } from './vin-decoder';

it('knows the maker of every make the demo catalogue lists', () => {
  const known = new Set(Object.values(WMI_MAKES).flat());
  expect(demoVehicles.map((vehicle) => vehicle.make).filter((make) => !known.has(make))).toEqual([]);
});

it("reads model years by the shop's clock: at most next year", async () => {
  // "W" at 10 outside North America: 2028 or 1998, as next year allows.
  expect(await offlineVinDecoder(fixedClock('2026-06-15T12:00:00.000Z')).decode('VF1AAAAA0W0000001')).toMatchObject({
    year: 1998,
  });
  expect(await offlineVinDecoder(fixedClock('2027-06-15T12:00:00.000Z')).decode('VF1AAAAA0W0000001')).toMatchObject({
    year: 2028,
  });
});
