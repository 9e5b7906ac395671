import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { renderWithApp } from '../../../testing/render-with-app';
import { useSignOut } from './use-sign-out';
import { useSigningOut } from './use-signing-out';

/** A request that stays open until it is answered or aborted, as a slow server's would. */
function openRequest() {
  let answer: (response: Response) => void = () => undefined;
  const aborted = vi.fn();
  const wait = (signal?: AbortSignal | null) =>
    new Promise<Response>((resolve, reject) => {
      answer = resolve;
      signal?.addEventListener('abort', () => {
        aborted();
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  return { wait, answer: (response: Response) => answer(response), aborted };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function Page() {
  const { signOut } = useSignOut();
  const signingOut = useSigningOut();
  // One query asked as the user (the navbar's cart), one anyone may ask (the shop's settings).
  useQuery({ queryKey: ['cart', 'mine'], queryFn: ({ signal }) => fetch('/api/cart', { signal }), meta: { asUser: true } });
  useQuery({ queryKey: ['shop'], queryFn: ({ signal }) => fetch('/api/shop', { signal }) });
  return (
    <>
      <p>{signingOut ? 'signing out' : 'settled'}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

describe('useSignOut', () => {
  it('says "signing out" until the session is forgotten, and drops the requests asked as the leaving user', async () => {
    const cart = openRequest();
    const shop = openRequest();
    const signOutCall = openRequest();
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init: RequestInit = {}) => {
        if (input === '/api/cart') return cart.wait(init.signal);
        if (input === '/api/shop') return shop.wait(init.signal);
        return signOutCall.wait(init.signal);
      }),
    );
    const { queryClient } = renderWithApp(<Page />);
    queryClient.setQueryData(sessionQueryKey, { user: { id: 'user-1' }, isAdmin: false });
    expect(screen.getByText('settled')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByText('signing out');
    expect(cart.aborted).toHaveBeenCalledOnce();
    expect(shop.aborted).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeTruthy();

    signOutCall.answer(json({ success: true }));
    await screen.findByText('settled');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    shop.answer(json({}));
  });

  it('keeps the user signed in, and stops saying "signing out", when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        Promise.resolve(
          input === '/api/auth/sign-out'
            ? new Response(JSON.stringify({ title: 'Internal Server Error', status: 500 }), {
                status: 500,
                headers: { 'content-type': 'application/problem+json' },
              })
            : json({ lines: [] }),
        ),
      ),
    );
    const { queryClient } = renderWithApp(<Page />);
    const session = { user: { id: 'user-1' }, isAdmin: false };
    queryClient.setQueryData(sessionQueryKey, session);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(screen.getByText('settled')).toBeTruthy();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(session);
  });
});
