import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '#shared/schemas/webhooks';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { WebhookDeliveriesView } from './webhook-deliveries-view';
import { WebhooksOverview } from './webhooks-overview';

const s = copy.webhooks;
let api: FakeApi;

const webhook: Webhook = {
  id: '0193a1c2-7d4e-7000-8000-00000000d001',
  url: 'https://erp.example.com/gearhouse/events',
  events: ['order.created', 'invoice.issued'],
  createdAt: '2026-12-01T09:30:00.000Z',
};

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '0193a1c2-7d4e-7000-8000-00000000e001',
  eventId: '0193a1c2-7d4e-7000-8000-00000000f001',
  eventType: 'order.created',
  status: 'failed',
  attempts: 9,
  responseStatus: 500,
  durationMs: 84,
  lastError: 'The receiver answered 500.',
  createdAt: '2026-12-06T14:02:11.000Z',
  lastAttemptAt: '2026-12-07T14:02:11.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  ...over,
});

const urlField = () => screen.getByLabelText(s.url);
const eventBox = (type: keyof typeof s.eventLabels) => screen.getByRole('checkbox', { name: s.eventLabels[type] });
const submit = () => fireEvent.click(screen.getByRole('button', { name: s.add }));

beforeEach(() => {
  api = fakeApi();
});

describe('WebhooksOverview', () => {
  it('lists each webhook with its events, and removes one once the admin says yes', async () => {
    api.on('GET /api/webhooks', ok({ items: [webhook] }), ok({ items: [] }));
    api.on(`DELETE /api/webhooks/${webhook.id}`, { status: 204 });
    renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    const row = within(await screen.findByTestId('webhook'));
    expect(row.getByText(webhook.url)).toBeTruthy();
    expect(row.getByText('order.created')).toBeTruthy();
    expect(row.getByText('invoice.issued')).toBeTruthy();
    expect(row.getByRole('link', { name: s.openDeliveries(webhook.url) }).getAttribute('href')).toBe(
      `/dashboard/webhooks/${webhook.id}`,
    );

    fireEvent.click(row.getByRole('button', { name: s.removeLabel(webhook.url) }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(s.removeConfirm)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: s.removeYes }));
    expect(await screen.findByText(s.empty)).toBeTruthy();
    expect(api.callsTo(`DELETE /api/webhooks/${webhook.id}`)).toHaveLength(1);
  });

  it('offers part.stock_changed to a shop admin only', async () => {
    api.on('GET /api/webhooks', ok({ items: [] }));
    const { unmount } = renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    await screen.findByText(s.empty);
    expect(screen.queryByRole('checkbox', { name: s.eventLabels['part.stock_changed'] })).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    unmount();
    renderWithApp(<WebhooksOverview isShopAdmin />);
    expect(await screen.findByRole('checkbox', { name: s.eventLabels['part.stock_changed'] })).toBeTruthy();
  });

  it('checks the address and the events in the browser, each error next to its field, and sends nothing', async () => {
    api.on('GET /api/webhooks', ok({ items: [] }));
    renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    await screen.findByText(s.empty);
    submit();
    await waitFor(() => expectFieldError(urlField(), s.urlRequired));
    expect(eventBox('order.created').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(s.eventsRequired)).toBeTruthy();

    fireEvent.change(urlField(), { target: { value: 'https://bob:pw@erp.example.com/hook' } });
    expectNoFieldError(urlField());
    fireEvent.click(eventBox('order.created'));
    submit();
    await waitFor(() => expectFieldError(urlField(), s.urlHasCredentials));
    expect(screen.queryByText(s.eventsRequired)).toBeNull();
    expect(api.callsTo('POST /api/webhooks')).toHaveLength(0);
  });

  it('puts the server’s refusal next to its field', async () => {
    api.on('GET /api/webhooks', ok({ items: [] }));
    api.on('POST /api/webhooks', fieldProblem({ url: s.urlPrivate }));
    renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    await screen.findByText(s.empty);
    fireEvent.change(urlField(), { target: { value: 'https://10.0.0.7/hook' } });
    fireEvent.click(eventBox('order.created'));
    submit();
    await waitFor(() => expectFieldError(urlField(), s.urlPrivate));
  });

  it('says a refusal of no field under the form', async () => {
    api.on('GET /api/webhooks', ok({ items: [webhook] }));
    api.on('POST /api/webhooks', problem('conflict', s.tooMany(10)));
    renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    await screen.findByTestId('webhook');
    fireEvent.change(urlField(), { target: { value: 'https://erp.example.com/other' } });
    fireEvent.click(eventBox('return.updated'));
    submit();
    expect(await screen.findByText(s.tooMany(10))).toBeTruthy();
  });

  it('shows the new signing secret once, brought into view with the focus, and the webhook in the list', async () => {
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const created: CreatedWebhook = { ...webhook, events: ['order.created'], secret: 'whsec_8Jc2Vq0LxT5mR7pZ1bW9sYd4Hn6Fk3Ge' };
    api.on('GET /api/webhooks', ok({ items: [] }), ok({ items: [webhook] }));
    api.on('POST /api/webhooks', ok(created, 201));
    renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    await screen.findByText(s.empty);
    fireEvent.change(urlField(), { target: { value: ` ${webhook.url} ` } });
    fireEvent.click(eventBox('order.created'));
    submit();
    const secret = await screen.findByLabelText(`${s.secretLabel}: ${webhook.url}`);
    expect((secret as HTMLInputElement).value).toBe(created.secret);
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(scrollBy).toHaveBeenCalled();
    expect(api.callsTo('POST /api/webhooks')[0]!.body).toEqual({ url: webhook.url, events: ['order.created'] });
    await screen.findByTestId('webhook');
    expect((urlField() as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: s.done }));
    expect(screen.queryByLabelText(`${s.secretLabel}: ${webhook.url}`)).toBeNull();
  });

  it('tells anyone but an admin what the API said', async () => {
    api.on('GET /api/webhooks', problem('forbidden', s.adminsOnly));
    renderWithApp(<WebhooksOverview isShopAdmin={false} />);
    expect(await screen.findByText(s.adminsOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: s.add })).toBeNull();
  });
});

describe('WebhookDeliveriesView', () => {
  const deliveriesPath = `/api/webhooks/${webhook.id}/deliveries` as const;

  it('lists the deliveries with their state, and sends one again', async () => {
    const failed = delivery();
    const again = delivery({
      id: '0193a1c2-7d4e-7000-8000-00000000e002',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      lastError: null,
    });
    api.on('GET /api/webhooks', ok({ items: [webhook] }));
    api.on(`GET ${deliveriesPath}`, ok({ items: [failed] }), ok({ items: [again, failed] }));
    api.on(`POST ${deliveriesPath}/${failed.id}/resend`, ok(delivery({ id: again.id, status: 'pending' }), 202));
    renderWithApp(<WebhookDeliveriesView id={webhook.id} />);
    const row = within(await screen.findByTestId('delivery-row'));
    expect(screen.getByTestId('webhook-url').textContent).toBe(webhook.url);
    expect(row.getByTestId('delivery-status').textContent).toBe(s.statusLabels.failed);
    expect(row.getByText('The receiver answered 500.')).toBeTruthy();
    expect(row.getByText(s.durationMs(84))).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: /^Send again: order\.created of December 6, 2026/ }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(2));
    expect(toast.success).toHaveBeenCalledWith(s.resent);
    expect(screen.getAllByTestId('delivery-status').map((badge) => badge.textContent)).toEqual([
      s.statusLabels.delivered,
      s.statusLabels.failed,
    ]);
  });

  it('says when nothing was sent yet', async () => {
    api.on('GET /api/webhooks', ok({ items: [webhook] }));
    api.on(`GET ${deliveriesPath}`, ok({ items: [] }));
    renderWithApp(<WebhookDeliveriesView id={webhook.id} />);
    expect(await screen.findByText(s.noDeliveries)).toBeTruthy();
    expect(screen.getByRole('link', { name: s.backToWebhooks }).getAttribute('href')).toBe('/dashboard/webhooks');
  });
});
