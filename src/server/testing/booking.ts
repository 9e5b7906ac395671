import type { PlaceOrderInput } from '#shared/schemas/orders';

/** The phone and address a test booking carries unless it says otherwise. */
export const TEST_PHONE = '+1 555-010-2030';
export const TEST_ADDRESS = '12 Piston Road, Gearville';

/**
 * The body of `POST /api/orders`, as the booking form sends it: the part's minimum order (12 when the
 * part does not say), a valid phone and an address. Overrides replace fields or add ones the form never
 * sends (for the tests that check they are refused).
 *
 * Plain data with no server code: API tests, e2e specs and the benchmark all build bookings with it.
 */
export function bookingBody<O extends object = Partial<PlaceOrderInput>>(
  part: string | { id: string; minOrderQuantity?: number },
  overrides: O = {} as O,
): Omit<PlaceOrderInput, keyof O> & O {
  const { id, minOrderQuantity } = typeof part === 'string' ? { id: part, minOrderQuantity: undefined } : part;
  const body: PlaceOrderInput = { partId: id, quantity: minOrderQuantity ?? 12, phone: TEST_PHONE, address: TEST_ADDRESS };
  return { ...body, ...overrides };
}
