import * as copy from '#shared/copy';
import { truncate } from '#shared/text';
import { expect, expectNoA11yViolations, queryShopDatabase, test } from './fixtures';

interface ApiPart {
  id: string;
  name: string;
  description: string;
  stock: number;
}

test.describe('landing page', () => {
  test('shows the 6 newest parts with names cut to 35 and descriptions to 300 characters', async ({ page, request }) => {
    const newest = (await (await request.get('/api/parts?limit=6')).json()).items as ApiPart[];
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: copy.landing.newParts }) });
    await expect(section.getByRole('heading', { name: copy.landing.newParts })).toBeVisible();
    const cards = section.getByTestId('part-card');
    await expect(cards).toHaveCount(6);

    const headings = await cards.getByRole('heading').allTextContents();
    expect(headings).toEqual(newest.map((p) => truncate(p.name, 35)));
    for (const heading of headings) expect(heading.length).toBeLessThanOrEqual(35);
    expect(
      newest.some((p) => p.name.length > 35),
      'the demo data has a long name to cut',
    ).toBe(true);

    // The stock reads as what the shop holds, never as a quantity to order.
    expect(await cards.getByTestId('part-card-stock').allTextContents()).toEqual(
      newest.map((p) => copy.part.inStockCount(p.stock)),
    );
    const descriptions = await cards.locator('p:not([data-testid])').allTextContents();
    expect(descriptions).toEqual(newest.map((p) => truncate(p.description, 300)));
    expect(
      newest.some((p) => p.description.length > 300),
      'the demo data has a long description to cut',
    ).toBe(true);

    const firstBook = cards.first().getByRole('link', { name: copy.part.bookNow });
    await expect(firstBook).toHaveAttribute('href', `/part/${newest[0]!.id}`);
  });

  test('shows the 9 newest reviews, newest first, and links to all reviews', async ({ page, request }) => {
    const latest = (await (await request.get('/api/reviews?limit=9')).json()).items as { name: string }[];
    await page.goto('/');
    const cards = page.getByTestId('review-card');
    await cards.first().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(9);
    for (const [index, review] of latest.entries()) await expect(cards.nth(index)).toContainText(review.name);
    await page.getByRole('link', { name: copy.landing.allReview }).click();
    await expect(page).toHaveURL(/\/reviews$/);
  });

  test('counts down to the end of the flash deal, every second', async ({ page, request }) => {
    const settings = await (await request.get('/api/settings')).json();
    expect(new Date(settings.flashDealEndsAt).getTime()).toBeGreaterThan(Date.now());
    await page.goto('/');
    const countdown = page.getByTestId('countdown');
    await countdown.scrollIntoViewIfNeeded();
    await expect(page.getByText(settings.flashDealDiscountText).first()).toBeVisible();
    const first = await countdown.innerText();
    await expect.poll(async () => countdown.innerText(), { timeout: 3000 }).not.toBe(first);
    // 14 days ahead: the days figure is 13 or 14.
    expect(first).toMatch(/1[34]/);
    await expect(page.getByText(copy.landing.dealEnded)).toHaveCount(0);
  });

  test('stores a newsletter subscription and confirms it', async ({ page }) => {
    await page.goto('/');
    // The form's code loads as the visitor scrolls near it.
    await page.getByRole('heading', { name: copy.landing.newsletterTitle }).scrollIntoViewIfNeeded();
    const email = `fleet-${Date.now()}@garage.example`;
    const box = page.locator('form', { has: page.getByRole('button', { name: copy.landing.newsletterSubmit }) });
    await box.getByLabel(copy.fields.email).fill('not-an-address');
    await box.getByRole('button', { name: copy.landing.newsletterSubmit }).click();
    await expect(box.getByText(copy.validation.emailInvalid)).toBeVisible();
    await box.getByLabel(copy.fields.email).fill(email);
    await expect(box.getByText(copy.validation.emailInvalid)).toHaveCount(0);
    await box.getByRole('button', { name: copy.landing.newsletterSubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.landing.newsletterDone })).toBeVisible();
    await expect(box.getByLabel(copy.fields.email)).toHaveValue('');
    expect(queryShopDatabase('select email from newsletter_subscribers where email = ?', email)).toHaveLength(1);
  });

  test('stores a contact message and confirms it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { name: copy.landing.contactTitle }).scrollIntoViewIfNeeded();
    const form = page.locator('form', { has: page.getByRole('button', { name: copy.landing.contactSubmit }) });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: copy.landing.contactSubmit }).click();
    await expect(form.getByText(copy.validation.emailRequired)).toBeVisible();
    await expect(form.getByText(copy.validation.subjectRequired)).toBeVisible();
    await expect(form.getByText(copy.validation.messageRequired)).toBeVisible();

    const subject = `Bulk order ${Date.now()}`;
    await form.getByLabel(copy.fields.email).fill('buyer@fleet.example');
    await form.getByLabel(copy.fields.subject).fill(subject);
    await form.getByLabel(copy.fields.message).fill('We need 500 brake pads by March.');
    await form.getByRole('button', { name: copy.landing.contactSubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.landing.contactDone })).toBeVisible();
    const rows = queryShopDatabase<{ email: string; message: string }>(
      'select email, message from contact_messages where subject = ?',
      subject,
    );
    expect(rows).toEqual([{ email: 'buyer@fleet.example', message: 'We need 500 brake pads by March.' }]);
  });

  test('has every section in order, a footer with the current year, and no serious axe violation', async ({ page }) => {
    await page.goto('/');
    for (const name of [copy.landing.newParts, copy.landing.whyChooseUs, copy.landing.customerReviews]) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toContainText(`Copyright © ${new Date().getFullYear()}`);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expectNoA11yViolations(page);
  });
});
