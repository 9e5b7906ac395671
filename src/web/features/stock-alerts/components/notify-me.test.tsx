import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { fakeApi, ok, problem } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render-with-app';
import { NotifyMe } from './notify-me';

const s = copy.stockAlerts;
const none = ok({ items: [] });
const waitingForPads = ok({ items: [{ partId: 'pads', createdAt: '2026-06-15T12:00:00.000Z' }] });

describe('NotifyMe', () => {
  it('asks for a customer, then says so and offers to stop, the focus on the button that took its place', async () => {
    const api = fakeApi()
      .on('GET /api/me/stock-alerts', none, waitingForPads)
      .on('POST /api/parts/pads/notify-me', ok(undefined, 204));
    renderWithApp(<NotifyMe partId="pads" viewer="customer" />);
    const ask = await screen.findByRole('button', { name: s.notifyMe });
    await waitFor(() => expect((ask as HTMLButtonElement).disabled).toBe(false));
    expect(document.getElementById(ask.getAttribute('aria-describedby')!)?.textContent).toBe(s.notifyMeHint);
    fireEvent.click(ask);
    const stop = await screen.findByRole('button', { name: s.stop });
    expect(screen.getByRole('status').textContent).toBe(s.waiting);
    expect(api.callsTo('POST /api/parts/pads/notify-me')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(stop));
  });

  it('stops a request the customer made earlier', async () => {
    const api = fakeApi()
      .on('GET /api/me/stock-alerts', waitingForPads, none)
      .on('DELETE /api/parts/pads/notify-me', ok(undefined, 204));
    renderWithApp(<NotifyMe partId="pads" viewer="customer" />);
    const stop = await screen.findByRole('button', { name: s.stop });
    await waitFor(() => expect((stop as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(stop);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: s.notifyMe })));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(api.callsTo('DELETE /api/parts/pads/notify-me')).toHaveLength(1);
  });

  it('shows the page afresh when the part turned out to be in stock, with the reason as a toast', async () => {
    fakeApi().on('GET /api/me/stock-alerts', none).on('POST /api/parts/pads/notify-me', problem('conflict', s.inStock));
    const onInStock = vi.fn();
    renderWithApp(<NotifyMe partId="pads" viewer="customer" onInStock={onInStock} />);
    const ask = await screen.findByRole('button', { name: s.notifyMe });
    await waitFor(() => expect((ask as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ask);
    await waitFor(() => expect(onInStock).toHaveBeenCalledOnce());
    expect(toast.error).toHaveBeenCalledWith(s.inStock);
  });

  it('sends a visitor to sign in and back to the part, asking nothing of the API', () => {
    const api = fakeApi();
    renderWithApp(<NotifyMe partId="pads" viewer="visitor" />);
    const link = screen.getByRole('link', { name: s.notifyMe });
    expect(link.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/part/pads')}`);
    expect(api.calls).toEqual([]);
  });

  it('shows a shop admin nothing', () => {
    const api = fakeApi();
    const { container } = renderWithApp(<NotifyMe partId="pads" viewer="admin" />);
    expect(container.innerHTML).toBe('');
    expect(api.calls).toEqual([]);
  });
});
