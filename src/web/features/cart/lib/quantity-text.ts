import * as copy from '#shared/copy';
import { type OrderablePart, quantityProblem } from '#shared/pricing';

/**
 * A quantity as typed in a cart line: the number, or the message of the first rule it breaks (required,
 * whole, then the part's own rules), as the booking form words them.
 */
export function readQuantity(part: OrderablePart, text: string): { quantity: number } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: copy.validation.quantityRequired };
  if (!/^\d+$/.test(trimmed)) return { problem: copy.validation.quantityWhole };
  const quantity = Number(trimmed);
  const problem = quantityProblem(part, quantity);
  return problem ? { problem } : { quantity };
}
