import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A form's controls, disabled until the app has taken over a page the server rendered
 * (docs/decisions/0013): nothing typed before is lost, and the form never submits natively. It takes
 * no room of its own (`display: contents`), so the form's layout is unchanged.
 */
export function FieldsUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
