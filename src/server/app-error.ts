import { type ErrorCode, errorStatus, errorTitles } from '#shared/errors';

/**
 * The one error type services throw. It names what went wrong in the shop's terms (a code from
 * `#shared/errors`, a message for the user, messages per field); the HTTP layer turns it into
 * problem+json (http/errors.ts), so services never depend on HTTP.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly fieldErrors?: Record<string, string>,
    /** More members of the problem+json answer, beside the standard ones (a missing part's `replacedBy`). */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? errorTitles[code]);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
