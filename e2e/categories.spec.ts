import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { slugOf } from '#shared/schemas/categories';
import { expect, expectNoA11yViolations, expectRefusal, test } from './fixtures';
import { adminApi, createPart, deletePart } from './support/catalogue-api';
import { signInAs, signUpThroughApi, unique } from './support/session';

const c = copy.categoriesAdmin;

/** The category's row in the table, by the name it shows. */
const rowOf = (page: Page, name: string) =>
  page.getByTestId('category-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test.describe('categories', () => {
  test('an admin adds, renames and deletes a category; one with parts is not deleted, and the page says why', async ({
    page,
    baseURL,
    problems,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: copy.dashboard.navLabel })
      .getByRole('link', { name: copy.dashboard.categories })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/categories$/);
    await expect(page.getByRole('heading', { name: copy.dashboard.categories })).toBeVisible();
    await expect(page.getByTestId('category-row').first()).toBeVisible();

    // Add: the browser's rules first, then a category whose address name is made from its name.
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(copy.categories.nameRequired)).toBeVisible();
    await expectNoA11yViolations(page);
    const name = `Gaskets & Seals ${unique()}`;
    await page.getByLabel(c.name, { exact: true }).fill(name);
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(c.added)).toBeVisible();
    const row = rowOf(page, name);
    await expect(row).toContainText(slugOf(name));
    await expect(row).toContainText('0');

    // Another category's address name is refused next to the field.
    await page.getByLabel(c.name, { exact: true }).fill(`Other ${name}`);
    await page.getByLabel(c.slugOptional).fill('brakes');
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(copy.categories.slugTaken)).toBeVisible();
    await expect(page.getByLabel(c.slugOptional)).toHaveAttribute('aria-invalid', 'true');
    expectRefusal(problems, 409, '/api/categories');

    // Rename it.
    const renamed = `Seals ${unique()}`;
    await row.getByRole('button', { name: `${c.rename} ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: c.renameTitle(name) });
    await expect(dialog.getByLabel(c.name, { exact: true })).toHaveValue(name);
    await expectNoA11yViolations(page);
    await dialog.getByLabel(c.name, { exact: true }).fill(renamed);
    await dialog.getByLabel(c.slug, { exact: true }).fill(slugOf(renamed));
    await dialog.getByRole('button', { name: c.save }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    const renamedRow = rowOf(page, renamed);
    await expect(renamedRow).toContainText(slugOf(renamed));

    // A part filed under it: deleting is refused with the server's reason.
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, { name: `Head gasket set ${unique()}`, stock: 100, category: slugOf(renamed) });
    await page.reload();
    await expect(renamedRow).toContainText('1');
    await renamedRow.getByRole('button', { name: `${c.delete} ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(confirm).toContainText(c.confirmDelete(renamed));
    await confirm.getByRole('button', { name: c.confirmDeleteYes }).click();
    await expect(page.getByRole('alert').filter({ hasText: c.notDeleted(renamed) })).toContainText(copy.categories.hasParts(1));
    await expect(renamedRow).toBeVisible();
    expectRefusal(problems, 409, '/api/categories/');
    await expectNoA11yViolations(page);

    // Once the part is gone, the category can go.
    await deletePart(admin, part.id);
    await admin.dispose();
    await page.reload();
    await expect(renamedRow).toContainText('0');
    await renamedRow.getByRole('button', { name: `${c.delete} ${renamed}` }).click();
    await page.getByRole('dialog', { name: copy.common.areYouSure }).getByRole('button', { name: c.confirmDeleteYes }).click();
    await expect(page.getByText(c.deleted)).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
  });

  test("a part's page shows its SKU, category, cross-references and volume prices, and books whole packs at the tier price", async ({
    page,
    baseURL,
  }) => {
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, {
      name: `Wiper blade pair ${unique()}`,
      stock: 600,
      priceCents: 1890,
      category: 'wipers-washers',
      crossReferences: [
        { brand: 'Bosch', number: '3397 118 934' },
        { brand: 'Valeo', number: 'VS-600' },
      ],
      packSize: 6,
      priceTiers: [
        { minQuantity: 48, unitPriceCents: 1750 },
        { minQuantity: 96, unitPriceCents: 1600 },
      ],
    });
    await admin.dispose();
    const tag = unique();
    await signUpThroughApi(page.request, baseURL, {
      name: `Wanda Wiper ${tag}`,
      email: `wiper-${tag}@garage.example`,
      password: 'wiper-password-1',
    });

    await page.goto(`/part/${part.id}`);
    await expect(page.getByTestId('part-sku')).toHaveText(/^E2E-/);
    await expect(page.getByTestId('part-category')).toHaveText('Wipers & Washers');
    const references = page.getByTestId('part-cross-references');
    await expect(references.getByRole('row', { name: 'Bosch 3397 118 934' })).toBeVisible();
    await expect(references.getByRole('row', { name: 'Valeo VS-600' })).toBeVisible();
    await expect(page.getByTestId('part-price-tiers')).toHaveText(
      [`12+ ${formatMoney(1890)}`, `48+ ${formatMoney(1750)}`, `96+ ${formatMoney(1600)}`].join(copy.pricing.tierSeparator),
    );
    await expect(page.getByTestId('part-pack-size')).toHaveText(copy.part.soldInPacks(6));

    const form = page.locator('form', { has: page.getByRole('button', { name: copy.booking.submit }) });
    const quantity = form.getByLabel(copy.fields.quantity);
    await expect(quantity).toHaveValue('12');
    await expect(page.getByTestId('booking-total')).toContainText(formatMoney(12 * 1890));
    await quantity.fill('50');
    await form.getByRole('button', { name: copy.booking.submit }).click();
    await expect(form.getByText(copy.pricing.packsOf(6))).toBeVisible();
    await quantity.fill('48');
    await expect(page.getByTestId('booking-total')).toContainText(formatMoney(48 * 1750));
    await expect(page.getByTestId('booking-total')).toContainText(copy.pricing.youSave(formatMoney(48 * 140)));
    await expect(form.getByText(copy.pricing.packsOf(6))).toBeHidden();
    await expectNoA11yViolations(page);
  });
});
