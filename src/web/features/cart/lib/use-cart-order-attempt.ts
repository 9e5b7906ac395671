import { useRef, useState } from 'react';
import type { OrderLineInput } from '#shared/schemas/orders';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { type PlaceCartOrderInput, type PlacedCartOrder, usePlaceCartOrderMutation } from '../api/place-cart-order';
import { refusalsByLine, type LineRefusal } from './line-refusals';

/** What one press of the cart's order button came to; each form says it its own way. */
export type CartOrderOutcome =
  | { kind: 'placed'; order: PlacedCartOrder }
  /** A line cannot be ordered as it stands: the page shows why on the line. */
  | { kind: 'fix-lines' }
  /** The server refused the order: its lines' refusals are already on them, the rest by field. */
  | { kind: 'refused'; error: ApiError; linesRefused: boolean; fieldErrors: Record<string, string> }
  /** A server fault or no answer: the query cache has said so, and the attempt's key is kept. */
  | { kind: 'fault' };

interface CartOrderAttemptOptions {
  /** The lines to order, once every quantity typed has been saved; null when a line must be fixed first. */
  linesToOrder: () => Promise<OrderLineInput[] | null>;
  /** The server refused lines of the order: each refusal under the part of the line sent. */
  onLinesRefused: (refusals: Record<string, LineRefusal>) => void;
}

/**
 * Places the cart's lines as one order, the way both checkout forms do: the lines are saved first,
 * and one Idempotency-Key is kept per attempt until it is decided, so a retry after a lost answer
 * cannot order twice.
 */
export function useCartOrderAttempt({ linesToOrder, onLinesRefused }: CartOrderAttemptOptions) {
  const place = usePlaceCartOrderMutation();
  const attemptKey = useRef<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  const attempt = async (inputOf: (lines: OrderLineInput[]) => PlaceCartOrderInput): Promise<CartOrderOutcome> => {
    setPreparing(true);
    let lines: OrderLineInput[] | null;
    try {
      lines = await linesToOrder();
    } finally {
      setPreparing(false);
    }
    if (!lines) return { kind: 'fix-lines' };
    attemptKey.current ??= newIdempotencyKey();
    const sent = lines;
    try {
      const order = await place.mutateAsync({ input: inputOf(sent), idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      return { kind: 'placed', order };
    } catch (error) {
      // The order may exist after a fault: the same key goes with the retry.
      if (!(error instanceof ApiError) || error.isServerFault) return { kind: 'fault' };
      attemptKey.current = null;
      const { lines: refused, rest } = refusalsByLine(error.fieldErrors, sent);
      const linesRefused = Object.keys(refused).length > 0;
      if (linesRefused) onLinesRefused(refused);
      return { kind: 'refused', error, linesRefused, fieldErrors: rest };
    }
  };

  return { attempt, busy: preparing || place.isPending };
}
