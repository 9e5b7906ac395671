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
/** GET /api/me of a signed-in customer in no company. */
const kim = ok({
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
  company: null,
});

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

  it('lists the cross-references as a table of brand and number, and none when the part has none', async () => {
    api.on('GET /api/auth/get-session', ok(null));
    api.on(
      'GET /api/parts/p-disc',
      ok({
        ...disc,
        crossReferences: [
          { brand: 'Volkswagen', number: '1K0 615 301 AA' },
          { brand: 'Brembo', number: '09.A428.11' },
        ],
      }),
    );
    const { unmount } = render();
    const table = await screen.findByRole('table', { name: copy.part.crossReferences });
    const rows = Array.from(table.querySelectorAll('tr')).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      [copy.part.crossReferenceBrand, copy.part.crossReferenceNumber],
      ['Volkswagen', '1K0 615 301 AA'],
      ['Brembo', '09.A428.11'],
    ]);
    unmount();

    api.on('GET /api/parts/p-disc', ok({ ...disc, crossReferences: [] }));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: disc.name })).toBeTruthy();
    expect(screen.queryByTestId('part-cross-references')).toBeNull();
  });

  it('offers a signed-in customer the booking form, not the way to sign in', async () => {
    api.on('GET /api/auth/get-session', ok({ session: { id: 's' }, user: { id: 'u' } }));
    // The booking form prices delivery and tax from the shop's settings.
    api.on('GET /api/settings', ok(fakeSettings()));
    // Someone in no company (the session lists none) books here; a company member orders from the cart.
    api.on('GET /api/me', kim);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: disc.name })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: copy.reviews.writeReview })).toBeTruthy());
    expect(screen.queryByRole('link', { name: copy.booking.signInToBook })).toBeNull();
  });

  it('on a sold-out part, tells a customer they asked to be notified from their own request, not the cached part', async () => {
    api.on('GET /api/parts/p-disc', ok({ ...disc, stock: 0 }));
    api.on('GET /api/auth/get-session', ok({ session: { id: 's' }, user: { id: 'u' } }));
    api.on('GET /api/me', kim);
    api.on('GET /api/me/stock-alerts', ok({ items: [{ partId: 'p-disc', createdAt: '2026-06-15T12:00:00.000Z' }] }));
    render();
    expect(await screen.findByText(copy.stockAlerts.waiting)).toBeTruthy();
    expect(screen.getByRole('button', { name: copy.stockAlerts.stop })).toBeTruthy();
    expect(screen.queryByRole('button', { name: copy.booking.submit })).toBeNull();
  });

  it('on a sold-out part, sends a visitor who wants to be notified to sign in, coming back here after', async () => {
    api.on('GET /api/parts/p-disc', ok({ ...disc, stock: 0 }));
    api.on('GET /api/auth/get-session', ok(null));
    render();
    const notify = await screen.findByRole('link', { name: copy.stockAlerts.notifyMe });
    expect(notify.getAttribute('href')).toBe('/login?next=%2Fpart%2Fp-disc');
    expect(api.callsTo('GET /api/me/stock-alerts')).toEqual([]);
  });
});
