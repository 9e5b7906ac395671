import { type APIRequestContext, expect } from '@playwright/test';
import type { PlaceOrderInput } from '#shared/schemas/orders';
import type { Part, PartList } from '#shared/schemas/parts';
import { bookingBody } from '../../src/server/testing/booking';

export { bookingBody };

/** A card the sandbox provider always accepts. */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/** A part of the demo catalogue with stock to spare for `bookings` bookings of its minimum quantity. */
export async function partWithStock(
  request: APIRequestContext,
  { bookings = 4, sort = 'newest' }: { bookings?: number; sort?: 'newest' | 'name' } = {},
): Promise<Part> {
  const parts = (await (await request.get(`/api/parts?sort=${sort}&limit=60`)).json()) as PartList;
  // A part at its own price: a flash deal's part is charged less while the deal runs.
  const part = parts.items.find((p) => !p.deal && p.stock >= p.minOrderQuantity * bookings);
  if (!part) throw new Error('the e2e shop has no part with enough stock to book');
  return part;
}

/** Books the part's minimum quantity as whoever `request` is signed in as; answers the order's id. */
export async function placeOrder(
  request: APIRequestContext,
  part: { id: string; minOrderQuantity: number },
  overrides: Partial<PlaceOrderInput> = {},
): Promise<string> {
  const res = await request.post('/api/orders', { data: bookingBody(part, overrides) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Pays the order through the sandbox provider with its always-successful test card. */
export async function payOrder(request: APIRequestContext, orderId: string): Promise<void> {
  const intent = await request.post(`/api/orders/${orderId}/payment-intent`);
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post(`/api/orders/${orderId}/payment`, { data: { clientSecret, card: GOOD_CARD } });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** A part's stock as the API shows it. */
export async function stockOf(request: APIRequestContext, partId: string): Promise<number> {
  const res = await request.get(`/api/parts/${partId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Part).stock;
}
