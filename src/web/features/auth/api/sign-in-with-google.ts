import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface GoogleSignInInput {
  /** Where Google sends the visitor back, signed in. */
  callbackURL: string;
  /** Where they land when the sign-in fails; the auth library adds `?error=…`. */
  errorCallbackURL: string;
}

/**
 * Starts Google sign-in (OpenID Connect through the generic OAuth plugin, which better-auth serves on
 * its social endpoint): the server answers the address of Google's consent page.
 */
export function signInWithGoogle(input: GoogleSignInInput): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('/api/auth/sign-in/social', { method: 'POST', body: { provider: 'google', ...input } });
}

export function useSignInWithGoogleMutation() {
  return useMutation({
    mutationFn: signInWithGoogle,
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { toast: 'faults' },
  });
}
