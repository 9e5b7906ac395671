/** A unique-constraint failure on either engine (a SKU or slug taken, the same Idempotency-Key raced). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A foreign-key failure on either engine (a row still referred to, or referring to one that is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * SQLSTATEs of a transaction PostgreSQL ended to break a conflict with another: 40P01 a deadlock
 * (each waited for a row the other held), 40001 a serialization failure. Nothing of it was written,
 * and the same work run again in a fresh transaction is expected to succeed (docs/decisions/0029-one-lock-order.md).
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** The SQLSTATE when `error` (or what caused it) is a deadlock or a serialization failure; undefined for any other error. */
export function transactionConflictOf(error: unknown): string | undefined {
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth++) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return code;
    error = (error as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The database could not be reached, dropped the connection, or did not answer in time: a failure of
 * the moment, not of the request, which a caller may try again shortly.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * SQLSTATEs of a server going away or refusing work for now: class 08 (connection exception) is
 * matched by its prefix; 57P01-57P03 are an administrator's terminate, a crash and a server starting
 * or stopping; 57014 a statement cancelled (statement_timeout); 53300 no connection slot left.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** Socket errors on the way to PostgreSQL, and SQLite's lock still held when its busy timeout ran out. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
]);

/** Whether `error` (or what caused it: libraries wrap) says the database is down, unreachable or too slow right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth++) {
    if (error instanceof DatabaseUnavailableError) return true;
    const code = (error as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    ) {
      return true;
    }
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}
