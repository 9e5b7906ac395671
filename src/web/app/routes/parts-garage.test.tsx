import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { PartList } from '#shared/schemas/parts';
import type { GarageVehicle } from '#shared/schemas/vehicles';
import { type GarageAccess, GarageAccessProvider } from '../../features/vehicles/lib/garage-access';
import { type FakeApi, fakeApi, ok } from '../../testing/fake-api';
import { focus } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-with-app';
import PartsPage from './parts';

const c = copy.vehiclePicker;
let api: FakeApi;

const van3: GarageVehicle = { id: 'g-1', vehicleId: 'v-focus', nickname: 'Van 3', year: 2014, vehicle: focus };

/** The first render of the whole page may take a while on a busy machine. */
const PAGE_DRAWN = { timeout: 5_000 };

const emptyList: PartList = {
  items: [],
  total: 0,
  page: 1,
  limit: 12,
  facets: { categories: [], inStock: 0 },
  unknownFilters: [],
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

/** The query strings the page asked GET /api/parts with, in order. */
function partsRequests(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/parts')
    .map((url) => url.searchParams);
}

function render(access: GarageAccess, path = '/part') {
  return renderWithApp(
    <GarageAccessProvider access={access}>
      <PartsPage />
      <Address />
    </GarageAccessProvider>,
    { path },
  );
}

beforeEach(() => {
  // Choosing a vehicle brings the results into view.
  vi.stubGlobal('scrollBy', vi.fn());
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  api = fakeApi();
  api.on('GET /api/vehicles/makes', ok({ items: ['Ford'] }));
  api.on('GET /api/vehicles', ok({ items: [focus] }));
  api.on('GET /api/parts', ok(emptyList));
});

describe('the parts list and My garage', () => {
  it("offers a customer's saved vehicles in the picker, one press filtering the list by it", async () => {
    api.on('GET /api/me/vehicles', ok({ items: [van3] }));
    render('customer');
    const garage = await screen.findByRole('group', { name: c.myGarage }, PAGE_DRAWN);
    fireEvent.click(within(garage).getByRole('button', { name: /Ford Focus 2014 “Van 3”/ }));

    await waitFor(() => expect(partsRequests().at(-1)?.get('vehicle')).toBe('v-focus'));
    expect(partsRequests().at(-1)?.get('year')).toBe('2014');
    expect(address().get('vehicle')).toBe('v-focus');
    expect(address().get('year')).toBe('2014');
    expect(address().get('make')).toBeNull();
    expect(await screen.findByText(c.inGarage(['Van 3']))).toBeTruthy();
    // The garage named the vehicle: the picker asked only for its make's models, not for every vehicle.
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.startsWith('/api/vehicles?') || url === '/api/vehicles')).toEqual([
      '/api/vehicles?make=Ford',
    ]);
  });

  it('saves the vehicle the list is filtered by to the garage', async () => {
    api.on('GET /api/me/vehicles', ok({ items: [] }));
    api.on('POST /api/me/vehicles', ok({ items: [{ ...van3, id: 'g-2', nickname: '', year: 2015 }] }, 201));
    render('customer', '/part?vehicle=v-focus&year=2015');
    fireEvent.click(await screen.findByRole('button', { name: c.saveToGarage }, PAGE_DRAWN));
    expect(await screen.findByText(c.inGarage([]))).toBeTruthy();
    expect(api.callsTo('POST /api/me/vehicles').map((call) => call.body)).toEqual([
      { vehicleId: 'v-focus', year: 2015, nickname: '' },
    ]);
  });

  it('offers a visitor no save control, only signing in back to the same list', async () => {
    render('visitor', '/part?vehicle=v-focus&year=2015');
    const signIn = await screen.findByRole('link', { name: c.signInToSave }, PAGE_DRAWN);
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/part?vehicle=v-focus&year=2015')}`);
    expect(screen.queryByRole('button', { name: c.saveToGarage })).toBeNull();
    expect(api.callsTo('GET /api/me/vehicles')).toHaveLength(0);
  });
});
