/**
 * The stable `code` member of every problem+json answer, and the one table that maps it to a status.
 * The server throws AppError(code, …); the web client reads `code` to decide what to show.
 */
export const errorStatus = {
  validation_failed: 400,
  bad_request: 400,
  unauthenticated: 401,
  payment_failed: 402,
  forbidden: 403,
  email_not_verified: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  insufficient_stock: 409,
  too_many_unpaid_orders: 409,
  unpaid_value_exceeded: 409,
  payment_window_closed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  business_rule: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorTitles: Record<ErrorCode, string> = {
  validation_failed: 'Your request has invalid fields',
  bad_request: 'Bad request',
  unauthenticated: 'Sign-in required',
  payment_failed: 'Payment failed',
  forbidden: 'Not allowed',
  email_not_verified: 'Email address not verified',
  not_found: 'Not found',
  conflict: 'Conflict',
  gone: 'No longer available',
  insufficient_stock: 'Not enough stock',
  too_many_unpaid_orders: 'Too many unpaid orders',
  unpaid_value_exceeded: 'Too much held in unpaid orders',
  payment_window_closed: 'The time to pay has run out',
  payload_too_large: 'Too large',
  unsupported_media_type: 'Unsupported file type',
  business_rule: 'Not possible',
  idempotency_key_reused: 'Idempotency-Key already used',
  rate_limited: 'Too many requests',
  internal: 'Internal error',
  unavailable: 'Service unavailable',
  insufficient_storage: 'No room to store it',
};

/** RFC 9457 problem details, as every API error is answered. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ErrorCode;
  errors?: Record<string, string>;
  requestId?: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}
