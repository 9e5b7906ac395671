import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { copy } from '#shared/copy';
import { ApiError } from './api-client';

function hasFieldErrors(error: ApiError): boolean {
  return Object.keys(error.fieldErrors).length > 0;
}

/**
 * The toast for a failed mutation (PRODUCT.md section 5): a server fault or an unreachable server
 * says "Something went wrong"; another refusal shows the server's reason, unless it names fields,
 * which the form shows under its inputs instead.
 */
export function notifyMutationError(error: unknown): void {
  if (error instanceof ApiError && !error.isServerFault) {
    if (!hasFieldErrors(error)) toast.error(error.message);
    return;
  }
  toast.error(copy.common.somethingWrong, { toastId: 'server-fault' });
}

/** Puts the server's `errors: {field: message}` onto the form's fields; unknown fields become a toast. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !hasFieldErrors(error)) return;
  let focused = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const known = fields.find((name) => name === field);
    if (known) {
      setError(known, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      toast.error(message);
    }
  }
}
