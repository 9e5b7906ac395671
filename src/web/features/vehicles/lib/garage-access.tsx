import { createContext, type ReactNode, use } from 'react';

/**
 * Whether the person has a garage (docs/shop-rules.md, "Finding parts"): a signed-in customer does; a
 * visitor may sign in to have one; an admin has none; not known yet while the session loads or a
 * sign-out is under way (the garage would answer 401 by then). The app says which (app-shell.tsx):
 * the vehicles feature does not read the session itself, features never import each other.
 */
export type GarageAccess = 'unknown' | 'visitor' | 'customer' | 'none';

const GarageAccessContext = createContext<GarageAccess>('unknown');

export function GarageAccessProvider({ access, children }: { access: GarageAccess; children: ReactNode }) {
  return <GarageAccessContext value={access}>{children}</GarageAccessContext>;
}

export function useGarageAccess(): GarageAccess {
  return use(GarageAccessContext);
}
