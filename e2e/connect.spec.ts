import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '#shared/schemas/webhooks';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { approvedCompany } from './support/companies';
import { partWithStock } from './support/orders';
import { newCustomer, settled, unique } from './support/session';

const w = copy.webhooks;
const k = copy.apiKeys;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a free loopback port, as a buyer's system would run one: it keeps each POST as it came. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gearhouse/events`,
    received,
    close: () =>
      new Promise((resolve) => {
        // The shop's sender may keep its connection open for the next delivery.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether `header` (`t=<seconds>,v1=<hex>`) is the HMAC-SHA256 of "<t>.<body>" with `secret`, as a receiver checks it. */
function signedWith(header: string, body: string, secret: string): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const { t, v1 } = fields;
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return expected.length === v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(v1));
}

const nav = (page: Page) => page.getByRole('navigation', { name: copy.dashboard.navLabel });

test.describe('connecting a system', () => {
  test('a company admin makes a key and a webhook; a script orders with the key and the receiver gets the signed event', async ({
    page,
    baseURL,
  }) => {
    // Two screens, two accessibility checks, a script's calls and a delivery through the outbox.
    test.slow();
    const receiver = await startReceiver();
    try {
      await newCustomer(page.request, baseURL, { label: 'Connie Connect', page });
      await approvedCompany(page.request, baseURL, 'Connected Garage');
      const company = (await (await page.request.get('/api/me/company')).json()) as { deliveryAddresses: { id: string }[] };
      const deliveryAddressId = company.deliveryAddresses[0]?.id ?? '';

      // The API key, made on its screen, its secret copied from the page.
      await page.goto('/dashboard');
      await nav(page).getByRole('link', { name: k.title }).click();
      await page.getByLabel(k.name, { exact: true }).fill('ERP');
      for (const scope of ['orders:write', 'orders:read', 'catalogue:read'] as const) {
        await page.getByRole('checkbox', { name: k.scopeLabels[scope] }).check();
      }
      await page.getByRole('button', { name: k.create }).click();
      const key = await page.getByTestId('api-key-secret').inputValue();
      expect(key).toMatch(/^gh_live_/);

      // The webhook: the browser refuses an empty form, each error next to its field.
      await nav(page).getByRole('link', { name: w.title }).click();
      await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
      await expect(page.getByText(w.empty)).toBeVisible();
      const url = page.getByLabel(w.url);
      await page.getByRole('button', { name: w.add }).click();
      await expect(url).toHaveAccessibleDescription(w.urlRequired);
      await expect(page.getByText(w.eventsRequired)).toBeVisible();
      await expect(page.getByRole('checkbox', { name: w.eventLabels['part.stock_changed'] })).toHaveCount(0);
      await expectNoA11yViolations(page);

      await url.fill(receiver.url);
      await page.getByRole('checkbox', { name: w.eventLabels['order.created'] }).check();
      await url.press('Enter');
      const secretField = page.getByTestId('webhook-secret');
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_/);
      const row = page.getByTestId('webhook').filter({ hasText: receiver.url });
      await expect(row).toContainText('order.created');
      await expectNoA11yViolations(page);

      // The script: plain HTTP with the key, no session.
      const api = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
        fetch(new URL(path, baseURL), {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const part = await partWithStock(page.request);
      const quantity = part.minOrderQuantity;
      const priced = await api('/api/availability', { method: 'POST', body: { lines: [{ sku: part.sku, quantity }] } });
      expect(priced.status, await priced.clone().text()).toBe(200);
      const [line] = ((await priced.json()) as { lines: { found: boolean; partId: string; promisable: number }[] }).lines;
      expect(line).toMatchObject({ found: true, partId: part.id, promisable: quantity });

      const orderBody = { lines: [{ partId: part.id, quantity }], deliveryAddressId, poNumber: `PO-${unique()}` };
      const idempotencyKey = randomUUID();
      const placed = await api('/api/orders', {
        method: 'POST',
        body: orderBody,
        headers: { 'idempotency-key': idempotencyKey },
      });
      expect(placed.status, await placed.clone().text()).toBe(201);
      const order = (await placed.json()) as Order;
      // A retry after a lost answer places nothing new.
      const again = await api('/api/orders', { method: 'POST', body: orderBody, headers: { 'idempotency-key': idempotencyKey } });
      expect(((await again.json()) as Order).id).toBe(order.id);

      // The receiver hears of the order once, signed with the webhook's secret.
      const createdEvents = () =>
        receiver.received.filter((each) => (JSON.parse(each.body) as WebhookEvent).type === 'order.created');
      await expect.poll(() => createdEvents().length, { timeout: 15_000 }).toBe(1);
      const [delivery] = createdEvents();
      const event = JSON.parse(delivery!.body) as WebhookEvent;
      expect(event.data).toMatchObject({ orderId: order.id, number: order.number, poNumber: orderBody.poNumber });
      const signature = delivery!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
      expect(typeof signature).toBe('string');
      expect(signedWith(signature as string, delivery!.body, secret)).toBe(true);
      expect(signedWith(signature as string, delivery!.body, `${secret}x`)).toBe(false);
      const t = Number(/t=(\d+)/.exec(signature as string)?.[1]);
      expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(300);

      // The screen lists it delivered; sent again, the receiver gets the same event a second time.
      await page.getByRole('button', { name: w.done }).click();
      await expect(secretField).toHaveCount(0);
      await row.getByRole('link', { name: w.openDeliveries(receiver.url) }).click();
      await expect(page).toHaveURL(/\/dashboard\/webhooks\/[0-9a-f-]{36}$/);
      const deliveries = page.getByTestId('delivery-row');
      await expect(deliveries).toHaveCount(1);
      await expect(deliveries.first()).toContainText('order.created');
      await expect(deliveries.first().getByTestId('delivery-status')).toHaveText(w.statusLabels.delivered, { timeout: 15_000 });
      await expect(deliveries.first().getByTestId('delivery-response')).toHaveText('200');
      await settled(page);
      await expectNoA11yViolations(page);

      await deliveries
        .first()
        .getByRole('button', { name: new RegExp(`^${w.resend}:`) })
        .click();
      await expect(page.getByText(w.resent)).toBeVisible();
      await expect(deliveries).toHaveCount(2);
      await expect.poll(() => createdEvents().length, { timeout: 15_000 }).toBe(2);
      expect((JSON.parse(createdEvents()[1]!.body) as WebhookEvent).id).toBe(event.id);
      await expect(deliveries.first().getByTestId('delivery-status')).toHaveText(w.statusLabels.delivered, { timeout: 15_000 });
    } finally {
      await receiver.close();
    }
  });
});
