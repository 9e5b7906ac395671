import { readFileSync } from 'node:fs';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { expect, test } from './fixtures';
import { partWithStock, payOrder, placeOrder } from './support/orders';
import { newCustomer } from './support/session';

test.describe('invoices', () => {
  test('a customer downloads the invoice of a paid order from My Orders; an unpaid order has none', async ({
    page,
    request,
    baseURL,
  }) => {
    await newCustomer(request, baseURL, { label: 'Ivy Invoice', page });
    const part = await partWithStock(request);
    const unpaidId = await placeOrder(request, part);
    const paidId = await placeOrder(request, part);
    await payOrder(request, paidId);
    const paid = (await (await request.get(`/api/orders/${paidId}`)).json()) as Order;
    expect(paid.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const number = paid.invoiceNumber ?? '';

    await page.goto('/dashboard');
    const link = page.getByRole('link', { name: copy.invoice.linkLabel(number) });
    await expect(link).toBeVisible();
    // One invoice link: the unpaid order's row has none.
    await expect(page.getByRole('link', { name: /^Invoice INV-/ })).toHaveCount(1);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(copy.invoice.filename(number));
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The unpaid order's invoice is not there to fetch either.
    expect((await request.get(`/api/orders/${unpaidId}/invoice.pdf`)).status()).toBe(404);
  });
});
