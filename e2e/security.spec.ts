import type { Page } from '@playwright/test';
import type { Part, PartList } from '#shared/schemas/parts';
import { expect, test } from './fixtures';
import { categoryIdOf, uniqueSku } from './support/catalogue-api';
import { placeOrder } from './support/orders';
import { photoFile } from './support/uploads';
import { signInAs, signUpThroughApi, unique } from './support/session';

/**
 * Stored markup on the pages: markup stored in every text a visitor or customer can write is
 * shown as text. Were any of it rendered, the <img> would fetch /x (a 404 the fixture fails on), its
 * onerror and the <script> would set window.__xss and open a dialog, and the element would be found.
 */
const markup = (tag: string) => `<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=1;alert(2)</script>${tag}`;

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** The markup is on the page as text, and nothing of it became an element or ran. */
async function expectShownAsText(page: Page, text: string, dialogs: string[]): Promise<void> {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
  expect(await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((s) => s.textContent))).not.toContainEqual(
    expect.stringContaining('__xss'),
  );
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

async function uploadPicture(page: Page): Promise<string> {
  const res = await page.request.post('/api/uploads', {
    multipart: { image: await photoFile({ r: 150, g: 20, b: 60 }, { width: 64, height: 48 }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

test('markup in parts, reviews, contact messages, profile names and addresses shows as text', async ({ page, baseURL }) => {
  const dialogs = watchDialogs(page);
  const tag = unique();
  const text = markup(tag);

  // A customer whose name, review and booking address carry markup.
  const name = text.slice(0, 80);
  await signUpThroughApi(page.request, baseURL, { name, email: `xss-${tag}@example.com`, password: 'markup-password-1' });
  const imageUrl = await uploadPicture(page);
  const review = await page.request.post('/api/reviews', { data: { name, rating: 4, text: `Review ${text}`, imageUrl } });
  expect(review.status(), await review.text()).toBe(201);
  const parts = (await (await page.request.get('/api/parts?sort=newest&limit=60')).json()) as PartList;
  const bookable = parts.items.find((p) => p.stock >= p.minOrderQuantity);
  if (!bookable) throw new Error('the e2e shop has no part to book');
  const address = `Address ${text}`;
  await placeOrder(page.request, bookable, { address });

  await page.goto('/dashboard');
  await expectShownAsText(page, name, dialogs);
  await page.goto('/reviews');
  await expectShownAsText(page, `Review ${text}`, dialogs);

  // A visitor's contact message.
  const message = `Message ${text}`;
  const contact = await page.request.post('/api/contact', {
    data: { email: `ask-${tag}@example.com`, subject: `Subject ${text}`.slice(0, 150), message },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  // The admin's pages: a part with markup, the inbox, Manage All Orders and the users list.
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  const created = await page.request.post('/api/parts', {
    data: {
      name: `Part ${text}`.slice(0, 120),
      description: `Description ${text}`,
      priceCents: 1999,
      stock: 100,
      imageUrl,
      sku: uniqueSku(),
      categoryId: await categoryIdOf(page.request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const part = (await (await page.request.get(`/api/parts/${((await created.json()) as { id: string }).id}`)).json()) as Part;

  await page.goto(`/part/${part.id}`);
  await expectShownAsText(page, `Description ${text}`, dialogs);
  await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
  await page.goto(`/part?q=${encodeURIComponent(tag)}`);
  await expectShownAsText(page, part.name.slice(0, 30), dialogs);

  await page.goto('/dashboard/inbox');
  await expectShownAsText(page, message, dialogs);

  await page.goto('/dashboard/manageOrders?status=pending_payment');
  await expectShownAsText(page, address, dialogs);

  await page.goto('/dashboard/manageUser');
  await expectShownAsText(page, name, dialogs);
});
