import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { OrderStatus } from '#shared/schemas/orders';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render-with-app';
import { OrdersCsvLink, OrderStatusSelect } from './admin-orders-filter';

const m = copy.manageOrders;
const download = () => screen.getByRole('link', { name: m.downloadCsv });

describe('Manage All Orders’ status and CSV download', () => {
  it('chooses a status, or every order', () => {
    fakeApi();
    const onStatusChange = vi.fn<(status: OrderStatus | undefined) => void>();
    renderWithApp(<OrderStatusSelect status="paid" onStatusChange={onStatusChange} />, { path: '/dashboard/manageOrders' });
    const select = screen.getByRole('combobox', { name: m.filterLabel });
    expect((select as HTMLSelectElement).value).toBe('paid');
    fireEvent.change(select, { target: { value: 'shipped' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onStatusChange.mock.calls).toEqual([['shipped'], [undefined]]);
  });

  it('downloads the CSV of the status and days shown, leaving out the days not given', () => {
    const api = fakeApi();
    const { rerender } = renderWithApp(<OrdersCsvLink status="paid" from={undefined} to={undefined} />);
    expect(download().getAttribute('href')).toBe('/api/orders.csv?status=paid');
    expect(download().hasAttribute('download')).toBe(true);
    rerender(<OrdersCsvLink status={undefined} from="2026-01-01" to="2026-03-31" />);
    expect(download().getAttribute('href')).toBe('/api/orders.csv?from=2026-01-01&to=2026-03-31');
    expect(fireEvent.click(download())).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('downloads nothing for more than two years, says why under the link, and forgets it for other days', () => {
    fakeApi();
    const { rerender } = renderWithApp(<OrdersCsvLink status={undefined} from="2026-05-02" to="2028-05-02" />);
    expect(fireEvent.click(download())).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe(m.exportRangeTooLong);
    expect(download().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    // Exactly two years is the longest range taken.
    rerender(<OrdersCsvLink status={undefined} from="2026-05-02" to="2028-05-01" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fireEvent.click(download())).toBe(true);
  });
});
