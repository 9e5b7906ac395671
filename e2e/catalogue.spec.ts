import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Settings } from '#shared/schemas/content';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { uniqueSku } from './support/catalogue-api';
import { settled, signInAs, signUpThroughApi, unique } from './support/session';
import { settingsUpdateOf } from './support/settings';
import { photoFile } from './support/uploads';

/** A customer of their own, so a review is their first whichever tests ran before. */
async function signInAsNewCustomer(page: Page, baseURL: string | undefined) {
  const customer = { name: `Rita Reviewer ${unique()}`, email: `reviewer-${unique()}@example.com`, password: 'review-pass-1' };
  // Signing up signs in: the page shares the request's cookies (and /login would send it on).
  await signUpThroughApi(page.request, baseURL, customer);
  await page.goto('/');
  await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
  return customer;
}

/**
 * Adds a part through the Add Parts form. Names over 35 characters and descriptions over 300 keep the
 * landing page's "cut long names" check meaningful once these parts are the newest.
 */
async function addPart(page: Page, name: string, price: string) {
  await page.goto('/dashboard/addPart');
  const form = page.locator('form', { has: page.getByRole('button', { name: copy.partsAdmin.add, exact: true }) });
  await form.getByLabel(copy.fields.name).fill(name);
  await form.getByLabel(copy.partsAdmin.sku).fill(uniqueSku());
  await form.getByLabel(copy.partsAdmin.category).selectOption({ label: 'Brakes' });
  await form.getByLabel(copy.fields.price).fill(price);
  await form.getByLabel(copy.fields.quantity).fill('500');
  await form
    .getByLabel(copy.fields.description)
    .fill(`${'Hardened steel, machined to the original tolerance and tested on our own bench before it ships. '.repeat(4)}`);
  await form.getByLabel(copy.fields.photo).setInputFiles(await photoFile({ r: 200, g: 90, b: 30 }));
  await form.getByRole('button', { name: copy.partsAdmin.add, exact: true }).click();
  await expect(page.getByText(copy.toasts.partAdded)).toBeVisible();
  await expect(form.getByLabel(copy.fields.name)).toHaveValue('');
}

test.describe('catalogue management', () => {
  test('an admin adds, finds, updates and deletes parts', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard/addPart');
    await expect(page.getByRole('heading', { name: copy.partsAdmin.addTitle })).toBeVisible();
    await page.getByRole('button', { name: copy.partsAdmin.add, exact: true }).click();
    await expect(page.getByText(copy.validation.nameRequired)).toBeVisible();
    await expect(page.getByText(copy.pricing.skuRequired)).toBeVisible();
    await expect(page.getByText(copy.categories.required)).toBeVisible();
    await expect(page.getByText(copy.validation.priceRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.quantityRequiredPart)).toBeVisible();
    await expect(page.getByText(copy.validation.descriptionRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.imageRequired)).toBeVisible();
    // After the first submit, every change validates again.
    await page.getByLabel(copy.fields.price).fill('012');
    await expect(page.getByText(copy.validation.priceInvalid)).toBeVisible();
    await expectNoA11yViolations(page);

    const tag = unique();
    const kept = `Heavy Duty Rear Brake Drum Assembly ${tag}`;
    const doomed = `Reinforced Lower Control Arm Bushing ${tag}`;
    await addPart(page, kept, '123.40');
    await addPart(page, doomed, '19.99');

    await page.goto(`/part?q=${encodeURIComponent(kept)}`);
    await expect(page.getByTestId('part-card').filter({ hasText: kept.slice(0, 30) })).toHaveCount(1);
    await page.goto('/');
    const newParts = page.locator('section', { has: page.getByRole('heading', { name: copy.landing.newParts }) });
    await expect(newParts.getByTestId('part-card').nth(1)).toContainText(kept.slice(0, 30));

    // Update the price.
    await page.goto('/dashboard/manageParts');
    await expectNoA11yViolations(page);
    await page.getByLabel(copy.part.searchLabel).fill(kept);
    await page.getByRole('button', { name: copy.part.searchSubmit }).click();
    const row = page.getByTestId('part-row').filter({ hasText: kept });
    await expect(row).toContainText(formatMoney(12340));
    await row.getByRole('button', { name: `${copy.partsAdmin.update} ${kept}` }).click();
    const dialog = page.getByRole('dialog', { name: copy.partsAdmin.editTitle(kept) });
    await expect(dialog.getByLabel(copy.fields.price)).toHaveValue('123.40');
    await expect(dialog.getByLabel(copy.fields.quantity, { exact: true })).toHaveValue('500');
    await settled(page);
    await expectNoA11yViolations(page);
    await dialog.getByLabel(copy.fields.price).fill('99.5');
    await dialog.getByRole('button', { name: copy.partsAdmin.save }).click();
    await expect(page.getByText(copy.toasts.partUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(formatMoney(9950));

    // Delete the other one, after "Are you sure?".
    await page.getByLabel(copy.part.searchLabel).fill(doomed);
    await page.getByRole('button', { name: copy.part.searchSubmit }).click();
    const doomedRow = page.getByTestId('part-row').filter({ hasText: doomed });
    await doomedRow.getByRole('button', { name: `${copy.partsAdmin.delete} ${doomed}` }).click();
    const confirm = page.getByRole('dialog', { name: copy.common.areYouSure });
    await confirm.getByRole('button', { name: copy.partsAdmin.confirmDeleteYes }).click();
    await expect(page.getByText(copy.toasts.partDeleted)).toBeVisible();
    await expect(doomedRow).toHaveCount(0);
    const left = (await (await page.request.get(`/api/parts?q=${encodeURIComponent(doomed)}`)).json()) as { total: number };
    expect(left.total).toBe(0);
  });

  test('a customer adds a review that shows first on the landing page, as text; writing again replaces it', async ({
    page,
    baseURL,
  }) => {
    const customer = await signInAsNewCustomer(page, baseURL);
    await page.goto('/dashboard/addReview');
    await expect(page.getByRole('heading', { name: copy.reviewForm.title })).toBeVisible();
    // The review shows the account's display name: the field says it and cannot be changed.
    await expect(page.getByLabel(copy.fields.name)).toHaveValue(customer.name);
    await expect(page.getByLabel(copy.fields.name)).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: copy.reviewForm.add, exact: true }).click();
    await expect(page.getByText(copy.validation.rettingRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.reviewRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.imageRequired)).toBeVisible();
    await expectNoA11yViolations(page);

    const text = `Fitted in ten minutes, no noise since. <script>window.hacked = true</script> ${unique()}`;
    // The stars are a radio group the keyboard can operate.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: copy.reviewForm.stars(3) }) })
      .click();
    await expect(page.getByRole('radio', { name: copy.reviewForm.stars(3) })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: copy.reviewForm.stars(4) })).toBeChecked();
    await page.getByLabel(copy.fields.review, { exact: true }).fill(text);
    await page.getByLabel(copy.fields.photo).setInputFiles(await photoFile({ r: 30, g: 90, b: 200 }));
    await page.getByRole('button', { name: copy.reviewForm.add, exact: true }).click();
    await expect(page.getByText(copy.toasts.reviewAdded)).toBeVisible();
    await expect(page.getByLabel(copy.fields.review, { exact: true })).toHaveValue('');

    await page.goto('/');
    const first = page.getByTestId('review-card').first();
    await first.scrollIntoViewIfNeeded();
    await expect(first).toContainText(text);
    await expect(first).toContainText(customer.name);
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

    // A second review of the shop takes the first one's place.
    await page.goto('/dashboard/addReview');
    const second = `On second thought: even better after a month. ${unique()}`;
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: copy.reviewForm.stars(5) }) })
      .click();
    await page.getByLabel(copy.fields.review, { exact: true }).fill(second);
    await page.getByLabel(copy.fields.photo).setInputFiles(await photoFile({ r: 30, g: 200, b: 90 }));
    await page.getByRole('button', { name: copy.reviewForm.add, exact: true }).click();
    await expect(page.getByText(copy.toasts.reviewUpdated)).toBeVisible();
    await page.goto('/reviews');
    await expect(page.getByTestId('review-card').filter({ hasText: second })).toHaveCount(1);
    await expect(page.getByTestId('review-card').filter({ hasText: text })).toHaveCount(0);
  });

  test("a review written from a part's page counts in that part's rating", async ({ page, baseURL }) => {
    await signInAsNewCustomer(page, baseURL);
    const part = (
      (await (await page.request.get('/api/parts?sort=name&limit=1')).json()) as {
        items: { id: string; name: string; rating: { count: number } }[];
      }
    ).items[0]!;
    await page.goto(`/part/${part.id}`);
    await page.getByRole('link', { name: copy.reviews.writeReview }).click();
    await expect(page.getByTestId('reviewed-part')).toHaveText(copy.reviews.reviewing(part.name));
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: copy.reviewForm.stars(5) }) })
      .click();
    await page.getByLabel(copy.fields.review, { exact: true }).fill(`Exactly as described ${unique()}`);
    await page.getByLabel(copy.fields.photo).setInputFiles(await photoFile({ r: 200, g: 90, b: 30 }));
    await page.getByRole('button', { name: copy.reviewForm.add, exact: true }).click();
    await expect(page.getByText(copy.toasts.reviewAdded)).toBeVisible();

    await page.goto(`/part/${part.id}`);
    await expect(page.getByTestId('part-rating')).toContainText(String(part.rating.count + 1));
  });

  test('the inbox shows a message sent from the landing page', async ({ page }) => {
    const subject = `Fleet order ${unique()}`;
    await page.goto('/');
    await page.getByRole('heading', { name: copy.landing.contactTitle }).scrollIntoViewIfNeeded();
    const form = page.locator('form', { has: page.getByRole('button', { name: copy.landing.contactSubmit }) });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel(copy.fields.email).fill('fleet@haulage.example');
    await form.getByLabel(copy.fields.subject).fill(subject);
    await form.getByLabel(copy.fields.message).fill('Forty sets of brake pads, please.');
    await form.getByRole('button', { name: copy.landing.contactSubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.landing.contactDone })).toBeVisible();

    await signInAs(page, 'admin');
    await page.goto('/dashboard/inbox');
    const message = page.getByTestId('contact-message').first();
    await expect(message).toContainText(subject);
    await expect(message).toContainText('fleet@haulage.example');
    await expectNoA11yViolations(page);
    await message.getByRole('button', { name: `${copy.inbox.markHandled}: ${subject}` }).click();
    await expect(message.getByRole('button', { name: `${copy.inbox.markUnhandled}: ${subject}` })).toBeVisible();

    await page.getByRole('link', { name: copy.inbox.subscribers }).click();
    await expect(page.getByRole('link', { name: copy.inbox.downloadCsv })).toHaveAttribute(
      'href',
      '/api/newsletter-subscribers.csv',
    );
    await expectNoA11yViolations(page);
  });

  test('changing the flash-deal end moves the countdown', async ({ page }) => {
    await signInAs(page, 'admin');
    const original = (await (await page.request.get('/api/settings')).json()) as Settings;
    await page.goto('/dashboard/settings');
    await expectNoA11yViolations(page);
    const end = new Date(Date.now() + (10 * 24 + 12) * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`;
    await page.getByLabel(copy.settings.endsAt).fill(local);
    await page.getByLabel(copy.settings.percent).fill('30');
    await page.getByRole('button', { name: copy.settings.save }).click();
    await expect(page.getByText(copy.toasts.settingsSaved)).toBeVisible();

    await page.goto('/');
    const countdown = page.getByTestId('countdown');
    await countdown.scrollIntoViewIfNeeded();
    await expect(countdown).toHaveAttribute('aria-label', /^Deal ends in 10 days, 1[12] hours/);
    await expect(page.getByText('30% OFF').first()).toBeVisible();

    // Other specs count down to the demo data's deal: put it back.
    const restored = await page.request.patch('/api/settings', { data: settingsUpdateOf(original) });
    expect(restored.status(), await restored.text()).toBe(200);
  });
});
