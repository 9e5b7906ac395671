import { decodeVin, type DecodedVin, type RefusedVin } from '#shared/vin';
import type { Clock } from '../../clock';

/**
 * Reads a VIN: its make and model year, or why it is refused. The shop decodes offline from the table
 * it ships (src/shared/vin-wmi.ts); a full decoding service can stand in for it by answering the same
 * (give it to createVehiclesService as `vinDecoder`). A refusal's message is shown as it is.
 */
export interface VinDecoder {
  decode(vin: string): Promise<DecodedVin | RefusedVin>;
}

/** The shop's own decoder: the same rules the browser checks a VIN with. */
export function offlineVinDecoder(clock: Clock): VinDecoder {
  return { decode: async (vin) => decodeVin(vin, clock.now()) };
}
