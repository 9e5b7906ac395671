import { skipToken, useQuery } from '@tanstack/react-query';

/**
 * Set while a sign-out is under way, until the session is forgotten (use-sign-out.ts). Kept in the
 * query client, not in a component, so that every part of the page reads the same answer at once.
 */
export const signingOutQueryKey = ['signing-out'] as const;

/**
 * Whether the user is being signed out. The session still says "signed in" meanwhile (the guards must
 * not send anyone to /login mid-way), but nothing should start asking the server as that user: the
 * answer would be a 401 once the session is gone.
 */
export function useSigningOut(): boolean {
  return useQuery({ queryKey: signingOutQueryKey, queryFn: skipToken }).data === true;
}
