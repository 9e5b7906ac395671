import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, ok } from '../../testing/fake-api';
import { fakePartDetail, fakeSettings } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-with-app';
import PartDetailPage from './part-detail';

let api: FakeApi;

const disc = fakePartDetail();

function render() {
  return renderWithApp(
    <Routes>
      <Route path="/part/:partId" element={<PartDetailPage />} />
    </Routes>,
    { path: '/part/p-disc' },
  );
}

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/parts/p-disc', ok(disc));
});

describe("a part's page", () => {
  it('shows a visitor the part, and asks them to sign in to book it, coming back here after', async () => {
    api.on('GET /api/auth/get-session', ok(null));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: disc.name })).toBeTruthy();
    const signIn = await screen.findByRole('link', { name: copy.booking.signInToBook });
    expect(signIn.getAttribute('href')).toBe('/login?next=%2Fpart%2Fp-disc');
    expect(screen.getByRole('link', { name: copy.booking.createAccount }).getAttribute('href')).toBe(
      '/signup?next=%2Fpart%2Fp-disc',
    );
    expect(screen.getByText(copy.booking.signInToBookText)).toBeTruthy();
    expect(screen.queryByRole('button', { name: copy.booking.submit })).toBeNull();
  });

  it('offers a signed-in customer the booking form, not the way to sign in', async () => {
    api.on('GET /api/auth/get-session', ok({ session: { id: 's' }, user: { id: 'u' } }));
    // The booking form prices delivery and tax from the shop's settings.
    api.on('GET /api/settings', ok(fakeSettings()));
    api.on(
      'GET /api/me',
      ok({
        user: {
          id: 'u',
          name: 'Kim',
          email: 'kim@garage.example',
          emailVerified: true,
          image: null,
          role: 'customer',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        isAdmin: false,
      }),
    );
    render();
    expect(await screen.findByRole('heading', { level: 1, name: disc.name })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: copy.reviews.writeReview })).toBeTruthy());
    expect(screen.queryByRole('link', { name: copy.booking.signInToBook })).toBeNull();
  });
});
