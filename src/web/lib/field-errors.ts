/**
 * The first message for each of a form's fields, from the browser's zod issues or the server's
 * `errors` (`{"scopes.1": "…"}`): a path counts for the field it starts with. Messages for no field
 * of the form go to `other`, when the form names one.
 */
export function firstErrorPerField<F extends string>(
  errors: Iterable<readonly [path: string, message: string]>,
  fields: readonly F[],
  other?: F,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const [path, message] of errors) {
    const field = fields.find((name) => path === name || path.startsWith(`${name}.`)) ?? other;
    if (field !== undefined) found[field] ??= message;
  }
  return found;
}

/** A zod error's issues as `[path, message]` pairs, the path joined with dots as the server names it. */
export function issuePairs(issues: readonly { path: readonly PropertyKey[]; message: string }[]): [string, string][] {
  return issues.map((issue) => [issue.path.map(String).join('.'), issue.message]);
}
