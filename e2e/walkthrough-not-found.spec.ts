import * as copy from '#shared/copy';
import { expect, expectNoA11yViolations, expectRefusal, test } from './fixtures';
import { adminApi, createPart, deletePart } from './support/catalogue-api';
import { signUpThroughApi, unique } from './support/session';

/** A post or a part that is not there answers 404, and the page is the app's not-found page. */
test.describe('missing posts and parts', () => {
  test('an unknown blog post answers 404 with the not-found page', async ({ page, problems }) => {
    const response = await page.goto('/blogs/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: copy.notFound.title })).toBeVisible();
    await expectNoA11yViolations(page);
    expectRefusal(problems, 404, '/api/blogs/no-such-post');
    // A post that is there still answers 200.
    const posts = (await (await page.request.get('/api/blogs')).json()).items as { slug: string; title: string }[];
    const found = await page.goto(`/blogs/${posts[0]!.slug}`);
    expect(found?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: posts[0]!.title })).toBeVisible();
  });

  test('an unknown part and a deleted part answer 404 with the not-found page', async ({ page, baseURL, problems }) => {
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, { name: `Short-lived sump plug ${unique()}`, stock: 100 });
    const customer = { name: 'Nora Notfound', email: `notfound-${unique()}@example.com`, password: 'notfound-pass-1' };
    // Signing up through the page's own request context signs the page in.
    await signUpThroughApi(page.request, baseURL, customer);

    const there = await page.goto(`/part/${part.id}`);
    expect(there?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();

    await deletePart(admin, part.id);
    await admin.dispose();
    const deleted = await page.goto(`/part/${part.id}`);
    expect(deleted?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: copy.notFound.title })).toBeVisible();
    expectRefusal(problems, 404, `/api/parts/${part.id}`);

    const unknownId = `no-such-part-${unique()}`;
    const unknown = await page.goto(`/part/${unknownId}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: copy.notFound.title })).toBeVisible();
    await expectNoA11yViolations(page);
    expectRefusal(problems, 404, `/api/parts/${unknownId}`);
  });
});
