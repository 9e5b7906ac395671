import { fireEvent, screen } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { OrderStatus } from '#shared/schemas/orders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { AdminOrdersFilter } from './admin-orders-filter';

const m = copy.manageOrders;
let api: FakeApi;
let onStatusChange: Mock<(status: OrderStatus | undefined) => void>;

const from = () => screen.getByLabelText(m.from);
const to = () => screen.getByLabelText(m.to);
const download = () => screen.getByRole('link', { name: m.downloadCsv });
const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('AdminOrdersFilter', () => {
  beforeEach(() => {
    api = fakeApi();
    onStatusChange = vi.fn<(status: OrderStatus | undefined) => void>();
    renderWithApp(<AdminOrdersFilter status="paid" onStatusChange={onStatusChange} />, { path: '/dashboard/manageOrders' });
  });

  it('downloads the CSV of the chosen status and days, leaving out the days not given', () => {
    expect(download().getAttribute('href')).toBe('/api/orders.csv?status=paid');
    expect(download().hasAttribute('download')).toBe(true);
    setDate(from(), '2026-01-01');
    expect(download().getAttribute('href')).toBe('/api/orders.csv?status=paid&from=2026-01-01');
    setDate(to(), '2026-03-31');
    expect(download().getAttribute('href')).toBe('/api/orders.csv?status=paid&from=2026-01-01&to=2026-03-31');
    expectNoFieldError(from());
    expectNoFieldError(to());

    fireEvent.change(screen.getByRole('combobox', { name: m.filterLabel }), { target: { value: '' } });
    expect(onStatusChange).toHaveBeenCalledWith(undefined);
  });

  it('checks the range with the server’s rules and downloads nothing while it is wrong', () => {
    setDate(from(), '2026-05-02');
    setDate(to(), '2026-05-01');
    expectFieldError(to(), m.exportRangeReversed);
    expectNoFieldError(from());
    expect(fireEvent.click(download())).toBe(false);

    setDate(to(), '2028-05-02');
    expectFieldError(to(), m.exportRangeTooLong);
    expect(fireEvent.click(download())).toBe(false);

    setDate(to(), '2028-05-01');
    expectNoFieldError(to());
    expect(download().getAttribute('href')).toBe('/api/orders.csv?status=paid&from=2026-05-02&to=2028-05-01');
    expect(api.calls).toEqual([]);
  });

  it('labels both days and reaches every control with the keyboard', () => {
    for (const control of [screen.getByRole('combobox', { name: m.filterLabel }), from(), to(), download()]) {
      control.focus();
      expect(document.activeElement).toBe(control);
    }
    expect(from().getAttribute('type')).toBe('date');
  });
});
