import type { APIRequestContext, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import type { Part, PartList } from '#shared/schemas/parts';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { approvedCompany } from './support/companies';
import { putInServerCart } from './support/cart';
import { newCustomer, settled } from './support/session';

const s = copy.savedLists;

/** Two demo parts with stock to spare: one to order in its minimum, one whose stock a list asks too much of. */
async function twoParts(request: APIRequestContext): Promise<[Part, Part]> {
  const parts = ((await (await request.get('/api/parts?sort=name&limit=60')).json()) as PartList).items.filter(
    (part) => part.stock >= part.minOrderQuantity * 4 && part.packSize === 1,
  );
  if (parts.length < 2) throw new Error('the e2e shop has too few parts with stock');
  return [parts[0]!, parts[1]!];
}

const nav = (page: Page) => page.getByRole('navigation', { name: copy.dashboard.navLabel });

test.describe('saved lists', () => {
  test('a member saves the cart as a list, changes it, and adds it to the cart, told what the cart refused', async ({
    page,
    baseURL,
  }) => {
    // A whole walk (cart, list, two accessibility checks, cart again, rename, delete) on a busy machine.
    test.slow();
    // The page's own session (page.request) is the member's.
    await newCustomer(page.request, baseURL, { label: 'Lena Lists', page });
    await approvedCompany(page.request, baseURL, 'Lists Garage');
    const [plenty, scarce] = await twoParts(page.request);
    await putInServerCart(page.request, plenty.id, plenty.minOrderQuantity);

    await page.goto('/cart');
    await page.getByRole('button', { name: s.saveAsList }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.renameLabel).fill('Weekly service stock');
    await dialog.getByRole('button', { name: s.save }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/dashboard/lists');
    await expect(nav(page).getByRole('link', { name: s.title })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: s.open('Weekly service stock') }).click();
    await expect(page.getByTestId('saved-list-item')).toHaveCount(1);
    await expectNoA11yViolations(page);

    // Asking for more than the stock: the list keeps it, the cart will refuse it.
    const put = await page.request.patch(page.url().replace(/.*\/dashboard\/lists\//, '/api/me/lists/'), {
      headers: { origin: baseURL ?? '' },
      data: {
        items: [
          { sku: plenty.sku, quantity: plenty.minOrderQuantity },
          { sku: scarce.sku, quantity: scarce.stock + 1 },
        ],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('saved-list-item')).toHaveCount(2);

    await page.getByRole('button', { name: s.addAllToCart }).click();
    const outcome = page.getByTestId('to-cart-outcome');
    await expect(outcome).toContainText(s.addedToCart(1));
    await expect(page.getByTestId('skipped-lines')).toContainText(scarce.sku);
    await expectNoA11yViolations(page);

    // Rename, then delete after the question.
    await page.getByRole('button', { name: s.rename }).click();
    await page.getByLabel(s.renameLabel).fill('Weekly stock');
    await page.getByRole('button', { name: s.saveName }).click();
    await expect(page.getByTestId('saved-list-name')).toHaveText('Weekly stock');
    await page.getByRole('button', { name: s.delete }).click();
    await settled(page);
    await page.getByRole('dialog').getByRole('button', { name: s.delete }).click();
    await expect(page.getByText(s.deleted('Weekly stock'))).toBeVisible();
    await page.goto('/dashboard/lists');
    await expect(page.getByText(s.empty)).toBeVisible();
  });
});
