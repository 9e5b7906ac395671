import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from './toast';
import * as copy from '#shared/copy';
import { ApiError } from './api-client';

function hasFieldErrors(error: ApiError): boolean {
  return Object.keys(error.fieldErrors).length > 0;
}

/**
 * The toast for a failed mutation (docs/shop-rules.md, "Forms, rules and messages"): a server fault or an unreachable server
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

/**
 * Puts the server's `errors: {field: message}` onto the form's fields; unknown fields become a toast.
 * `aliases` maps an API field to the form's (`imageUrl` → `photo`) where the two differ.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, string>> = {},
): void {
  if (!(error instanceof ApiError) || !hasFieldErrors(error)) return;
  let focused = false;
  for (const [apiField, message] of Object.entries(error.fieldErrors)) {
    const field = aliases[apiField] ?? apiField;
    const known = fields.find((name) => name === field);
    if (known) {
      setError(known, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      toast.error(message);
    }
  }
}

/**
 * For the forms that show the sign-in service's refusals as small red text under the form
 * (docs/shop-rules.md, "Forms, rules and messages"): a request that broke the form's rules puts its
 * messages on the fields and returns nothing; any other refusal (wrong credentials, an address already registered, a wrong current
 * password, an expired link, "too many requests") returns its message for the form to show. Server
 * faults return nothing either: the cache's toast says "Something went wrong".
 */
export function formRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  if (!(error instanceof ApiError) || error.isServerFault) return undefined;
  // A service refusal names its field with its own message (USER_ALREADY_EXISTS → email); a failed
  // validation has a general detail and one message per field.
  const isValidation = error.code === 'validation_failed' && !Object.values(error.fieldErrors).includes(error.message);
  const known = Object.keys(error.fieldErrors).some((field) => fields.some((name) => name === field));
  if (isValidation && known) {
    applyServerFieldErrors(error, setError, fields);
    return undefined;
  }
  return error.message;
}
