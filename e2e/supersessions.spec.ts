import * as copy from '#shared/copy';
import { expect, expectNoA11yViolations, expectRefusal, test } from './fixtures';
import { adminApi, createPart, deletePart } from './support/catalogue-api';
import { newCustomer } from './support/session';

const q = copy.quickOrderPage;
const s = copy.supersessions;

test.describe('replaced part numbers', () => {
  test('a buyer quick-orders a replaced number and gets the part replacing it, twice as many, told why', async ({
    page,
    request,
    baseURL,
    problems,
  }) => {
    const admin = await adminApi(baseURL);
    // Parts of its own: replacing a number archives the part sold under it.
    const old = await createPart(admin, { name: 'E2E pad set (old compound)', stock: 50, minOrderQuantity: 1 });
    const next = await createPart(admin, { name: 'E2E pad set (ceramic)', stock: 200, minOrderQuantity: 1 });
    const skuOf = async (id: string) => ((await (await admin.get(`/api/parts/${id}`)).json()) as { sku: string }).sku;
    const oldSku = await skuOf(old.id);
    const nextSku = await skuOf(next.id);
    try {
      const replaced = await admin.post(`/api/parts/${next.id}/supersessions`, {
        data: { fromNumber: oldSku, quantityFactor: 2, note: 'Sold in pairs' },
      });
      expect(replaced.status(), await replaced.text()).toBe(201);

      await newCustomer(request, baseURL, { label: 'Rita Replaced', page });
      await page.goto('/dashboard/quick-order');
      await page.getByLabel(q.textLabel).fill(`${oldSku.toLowerCase()} 12`);
      await page.getByRole('button', { name: q.submit }).click();

      const added = page.getByTestId('quick-order-added').getByRole('listitem');
      await expect(added).toHaveCount(1);
      await expect(added).toContainText(nextSku);
      await expect(added).toContainText(q.added(24));
      await expect(page.getByTestId('quick-order-replaced')).toHaveText(s.replacedByTimes(oldSku.toUpperCase(), nextSku, 2));

      // The old part's page sends the buyer on to the new one.
      await page.goto(`/part/${old.id}`);
      await expect(page.getByRole('heading', { level: 1, name: s.partReplaced(nextSku) })).toBeVisible();
      // The browser logs the part's own 404, which names the part replacing it.
      expectRefusal(problems, 404, `/api/parts/${old.id}`);
      await expectNoA11yViolations(page);
      await page.getByRole('link', { name: s.seeReplacement(nextSku) }).click();
      await expect(page).toHaveURL(new RegExp(`/part/${next.id}$`));
    } finally {
      // The old part stays archived (as a replaced part is); the new one goes, its cart lines with it.
      await deletePart(admin, next.id);
      await admin.dispose();
    }
  });
});
