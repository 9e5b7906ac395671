import type { Locator } from '@playwright/test';
import * as copy from '#shared/copy';

const a = copy.address;

/**
 * A US delivery address (the country the order forms start at while the seller is in the US), in a
 * state the demo tax table has no row for: an order's total there is its goods and delivery.
 */
export const PISTON_ROAD = { line1: '12 Piston Road', city: 'Indianapolis', state: 'IN', zip: '46204' };

/** Fills an order form's delivery address (its country left at the seller's, the US). */
export async function fillUsAddress(form: Locator, address: { line1: string; city: string; state: string; zip: string }) {
  await form.getByLabel(a.line1Label).fill(address.line1);
  await form.getByLabel(a.cityLabel).fill(address.city);
  await form.getByLabel(a.stateLabel).selectOption(address.state);
  await form.getByLabel(a.zipLabel).fill(address.zip);
}
