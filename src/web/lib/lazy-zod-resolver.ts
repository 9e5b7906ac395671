import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface LazyZodResolver<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  /** Handlers that start loading the schema when the form is focused or pressed: spread onto the `<form>`. */
  warmOnUse: { onFocus: () => void; onPointerDown: () => void };
}

/**
 * A form's zod resolver, with the schema (and zod with it) imported when the form is first used
 * rather than with the page: building the schemas was a third of the script of the sign-in page's
 * start (docs/decisions/0013-server-rendering.md). Focusing a field or pressing a button starts the
 * import, so it is there by the time the form is sent; a form sent first waits for it.
 *
 * If the schema cannot be loaded (the connection dropped), the form is sent unchecked: the server
 * checks the same rules and its refusal shows under the fields, as any other refusal does. The next
 * use tries the import again.
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): LazyZodResolver<z.input<Schema>, z.output<Schema>> {
  type Input = z.input<Schema>;
  type Output = z.output<Schema>;
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const warm = () => {
    load().catch(() => undefined);
  };
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<Input, unknown, Output>;
      try {
        resolve = await load();
      } catch {
        return { values: values as Output, errors: {} };
      }
      return resolve(values, context, options);
    },
    warmOnUse: { onFocus: warm, onPointerDown: warm },
  };
}
