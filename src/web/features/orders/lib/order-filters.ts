import { orderListFiltersSchema } from '#shared/schemas/orders';

/** What the orders lists' search form holds, as typed: an order or invoice number, and the booking days `YYYY-MM-DD`. */
export interface OrderFilterValues {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export type OrderFilterErrors = Partial<Record<keyof OrderFilterValues, string>>;

const FIELDS = ['q', 'from', 'to'] as const;

/** The form's mistakes, by field, under the server's own rules (`orderListFiltersSchema`). */
export function orderFilterErrorsOf(values: OrderFilterValues): OrderFilterErrors {
  const errors: OrderFilterErrors = {};
  const collect = (checked: OrderFilterValues) => {
    const result = orderListFiltersSchema.safeParse(checked);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  };
  collect(values);
  // A wrong number stops the schema before it compares the days; they are checked on their own too,
  // so that every mistake shows at once.
  if (errors.q) collect({ from: values.from, to: values.to });
  return errors;
}

/**
 * The search an address holds (`?q=&from=&to=`), trimmed, empty values left out. A value the server
 * would refuse (a hand-written address) is left out too: the list shows what it would without it.
 */
export function orderFiltersIn(params: URLSearchParams): OrderFilterValues {
  const values: OrderFilterValues = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (value) values[field] = value;
  }
  const errors = orderFilterErrorsOf(values);
  for (const field of FIELDS) if (errors[field]) delete values[field];
  return values;
}

/** Whether any of the search's fields narrows the list. */
export function isFiltered({ q, from, to }: OrderFilterValues): boolean {
  return Boolean(q || from || to);
}

/** `params` with the search replaced by `values` (empty ones left out), back on page 1. */
export function withOrderFilters(params: URLSearchParams, values: OrderFilterValues): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of FIELDS) {
    const value = values[field]?.trim();
    if (value) next.set(field, value);
    else next.delete(field);
  }
  next.delete('page');
  return next;
}
