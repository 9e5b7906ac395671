import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, ok } from '../../testing/fake-api';
import { fakeCompanySummary, fakeSettings } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-with-app';
import ManageCompaniesPage from './manage-companies';

const a = copy.companiesAdmin;
let api: FakeApi;

const company = (id: string) => fakeCompanySummary({ id, name: `Garage ${id}` });

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(path: string) {
  renderWithApp(
    <Routes>
      <Route
        path="/dashboard/companies"
        element={
          <>
            <ManageCompaniesPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { path },
  );
}

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/settings', ok(fakeSettings()));
  api.on('GET /api/companies/c-1/prices', ok({ items: [] }));
});

describe('Manage companies', () => {
  it('goes to the last page that still exists when the one in the URL has emptied, keeping the status', async () => {
    // The only application left of page 2 was approved: 20 remain, one page.
    api.on('GET /api/companies', ok({ items: [], total: 20 }), ok({ items: [company('c-1')], total: 20 }));
    render('/dashboard/companies?status=applied&page=2');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?status=applied'));
    expect(await screen.findByText('Garage c-1')).toBeTruthy();
    expect(api.callsTo('GET /api/companies').map((call) => call.query)).toEqual([
      { status: 'applied', page: '2', limit: '20' },
      { status: 'applied', page: '1', limit: '20' },
    ]);
  });

  it('starts a new status filter at page 1', async () => {
    api.on('GET /api/companies', ok({ items: [company('c-1')], total: 45 }));
    render('/dashboard/companies?page=2');
    await screen.findByText('Garage c-1');
    fireEvent.change(screen.getByLabelText(a.statusFilter), { target: { value: 'applied' } });
    expect(screen.getByTestId('address').textContent).toBe('?status=applied');
  });
});
