import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Overview } from '#shared/schemas/overview';
import { type FakeApi, fakeApi, ok } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render-with-app';
import OverviewPage from './overview';

const o = copy.overview;
let api: FakeApi;

const days = (count: number, sales: Record<string, [number, number]> = {}) =>
  Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 5, 30) - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const [orders, cents] = sales[date] ?? [0, 0];
    return { date, orders, cents };
  });

const overview = (overrides: Partial<Overview> = {}): Overview => ({
  days: 30,
  revenueByDay: days(30, { '2026-06-29': [2, 36_000], '2026-06-01': [1, 12_000] }),
  ordersByStatus: {
    pending_payment: 4,
    awaiting_approval: 0,
    paid: 3,
    confirmed: 0,
    shipped: 2,
    delivered: 1,
    cancelled: 5,
    declined: 0,
  },
  topParts: [{ partId: 'p-1', name: 'Brake pads', sku: 'GH-BRK-1042', units: 48, cents: 48_000 }],
  lowStock: [{ partId: 'p-2', name: 'Brake discs', sku: 'GH-DSC-2001', stock: 20, threshold: 24 }],
  zeroResultSearches: [{ q: 'brembo', count: 2 }],
  returnsByReason: [
    { reason: 'wrong_part', lines: 2, units: 5 },
    { reason: 'damaged', lines: 1, units: 1 },
    { reason: 'not_needed', lines: 0, units: 0 },
    { reason: 'warranty', lines: 0, units: 0 },
    { reason: 'core', lines: 3, units: 4 },
  ],
  openCoreDepositsCents: 18_000,
  ...overrides,
});

const requestedUrls = () => vi.mocked(fetch).mock.calls.map(([input]) => String(input));

beforeEach(() => {
  api = fakeApi();
  // The chart measures its box; jsdom has no layout, so it only needs the observer to exist.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('the admin overview page', () => {
  it("shows the period's figures, each chart with its table, and links to the orders and parts", async () => {
    api.on('GET /api/admin/overview', ok(overview()));
    renderWithApp(<OverviewPage />, { path: '/dashboard/overview' });

    expect(await screen.findByText(o.revenueSummary('$480.00', 3, 30))).toBeTruthy();
    expect(screen.getByText(o.revenueBasis)).toBeTruthy();
    expect(requestedUrls().some((url) => url.endsWith('/api/admin/overview?days=30'))).toBe(true);
    // The chart is a chunk of its own (recharts), imported on first use: on a busy machine that import
    // alone can take longer than findBy's default second.
    expect(await screen.findByRole('img', { name: o.chartLabel(30) }, { timeout: 10_000 })).toBeTruthy();

    const revenueTable = screen.getByRole('table', { name: o.revenueTitle });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(31);
    const busyDay = within(revenueTable).getByRole('rowheader', { name: '2026-06-29' }).closest('tr')!;
    expect(
      within(busyDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '$360.00']);

    const statuses = screen.getByRole('table', { name: o.statusTitle });
    const paid = within(statuses).getByRole('link', { name: copy.manageOrders.statuses.paid });
    expect(paid.getAttribute('href')).toBe('/dashboard/manageOrders?status=paid');
    expect(within(paid.closest('tr')!).getByRole('cell').textContent).toBe('3');

    const top = screen.getByRole('table', { name: o.topPartsTitle });
    expect(within(top).getByRole('rowheader', { name: 'Brake pads' }).closest('tr')!.textContent).toContain('$480.00');

    const low = screen.getByRole('link', { name: o.edit('Brake discs') });
    expect(low.getAttribute('href')).toBe('/dashboard/manageParts?q=GH-DSC-2001');
    expect(within(screen.getByRole('table', { name: o.missesTitle })).getByRole('rowheader', { name: 'brembo' })).toBeTruthy();
    // Returns by reason, every reason listed, and the core deposits still open.
    const reasons = screen.getByRole('table', { name: o.returnsTitle });
    expect(within(reasons).getAllByRole('row')).toHaveLength(6);
    const cores = within(reasons).getByRole('rowheader', { name: copy.returns.reasonLabels.core }).closest('tr')!;
    expect(
      within(cores)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '4']);
    expect(screen.getByTestId('open-core-deposits').textContent).toBe(o.openDeposits('$180.00'));
  });

  it('asks for 90 days when chosen, and keeps the choice in the address', async () => {
    api.on('GET /api/admin/overview', ok(overview()), ok(overview({ days: 90, revenueByDay: days(90) })));
    renderWithApp(<OverviewPage />, { path: '/dashboard/overview' });
    await screen.findByRole('table', { name: o.statusTitle });

    fireEvent.change(screen.getByLabelText(o.daysLabel), { target: { value: '90' } });
    await waitFor(() => expect(requestedUrls().some((url) => url.endsWith('/api/admin/overview?days=90'))).toBe(true));
    expect(await screen.findByText(o.revenueSummary('$0.00', 0, 90))).toBeTruthy();
    expect((screen.getByLabelText(o.daysLabel) as HTMLSelectElement).value).toBe('90');
  });

  it('says so when there is nothing to list', async () => {
    api.on(
      'GET /api/admin/overview',
      ok(overview({ days: 90, revenueByDay: days(90), topParts: [], lowStock: [], zeroResultSearches: [] })),
    );
    renderWithApp(<OverviewPage />, { path: '/dashboard/overview?days=90' });
    expect(await screen.findByText(o.topPartsEmpty)).toBeTruthy();
    expect(screen.getByText(o.lowStockEmpty)).toBeTruthy();
    expect(screen.getByText(o.missesEmpty)).toBeTruthy();
    expect(requestedUrls()[0]).toMatch(/\/api\/admin\/overview\?days=90$/);
  });
});
