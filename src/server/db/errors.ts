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
 * SQLSTATE of `assumption_failed(reason)` (migration 0018, PostgreSQL only): a statement sent on what
 * was read before its transaction found that it no longer holds, and the transaction rolls back.
 */
export const ASSUMPTION_FAILED = 'GH001';

/** An `assumption_failed` error: what the statement assumed no longer held, so nothing was written. */
export function isAssumptionFailed(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === ASSUMPTION_FAILED;
}
