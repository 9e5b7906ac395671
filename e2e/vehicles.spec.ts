import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { expect, expectNoA11yViolations, expectRefusal, test } from './fixtures';
import { adminApi, createPart } from './support/catalogue-api';
import { signInAs, signUpThroughApi, unique } from './support/session';

const c = copy.vehiclesAdmin;
const f = copy.fitmentRows;

/** The vehicle's row in the admin's table, by its model. */
const rowOf = (page: Page, model: string) =>
  page.getByTestId('vehicle-row').filter({ has: page.getByRole('cell', { name: `${c.model}: ${model}`, exact: true }) });

test.describe('vehicles', () => {
  test('an admin adds a vehicle, a part is listed as fitting it, and its page lists the vehicle; a vehicle parts fit is not deleted', async ({
    page,
    baseURL,
    problems,
  }) => {
    const tag = unique();
    const make = `Testa ${tag}`;
    const model = 'Roadster';
    const engine = '2.0 e-Motor 185 kW';
    const name = `${make} ${model} ${engine}`;

    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: copy.dashboard.navLabel })
      .getByRole('link', { name: copy.dashboard.vehicles })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/vehicles$/);
    await expect(page.getByRole('heading', { name: copy.dashboard.vehicles })).toBeVisible();

    // The browser's rules first, with the server's messages.
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(copy.vehicles.makeRequired)).toBeVisible();
    await page.getByLabel(c.make, { exact: true }).fill(make);
    await page.getByLabel(c.model, { exact: true }).fill(model);
    await page.getByLabel(c.engine, { exact: true }).fill(engine);
    await page.getByLabel(c.yearFrom).fill('2019');
    await page.getByLabel(c.yearTo).fill('2012');
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(copy.vehicles.yearsBackwards)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel(c.yearFrom).fill('2012');
    await page.getByLabel(c.yearTo).fill('2019');
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(c.added)).toBeVisible();

    // Only that make's vehicles, and the new one among them.
    await page.getByLabel(c.filterLabel).selectOption(make);
    await expect(page).toHaveURL(new RegExp(`make=${encodeURIComponent(make).replace(/%20/g, '(\\+|%20)')}`));
    await expect(page.getByTestId('vehicle-row')).toHaveCount(1);
    await expect(rowOf(page, model)).toContainText('2012–2019');

    // The same vehicle again is refused under the field the server names.
    await page.getByLabel(c.make, { exact: true }).fill(make);
    await page.getByLabel(c.model, { exact: true }).fill(model);
    await page.getByLabel(c.engine, { exact: true }).fill(engine);
    await page.getByLabel(c.yearFrom).fill('2012');
    await page.getByLabel(c.yearTo).fill('2019');
    await page.getByRole('button', { name: c.add, exact: true }).click();
    await expect(page.getByText(copy.vehicles.taken)).toBeVisible();
    expectRefusal(problems, 409, '/api/vehicles');

    // A part fits it, set in the part's update form.
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, { name: `Roadster brake disc ${tag}`, stock: 120 });
    await admin.dispose();
    await page.goto(`/dashboard/manageParts?q=${encodeURIComponent(part.name)}`);
    await page.getByRole('button', { name: `${copy.partsAdmin.update} ${part.name}` }).click();
    const edit = page.getByRole('dialog', { name: copy.partsAdmin.editTitle(part.name) });
    await expect(edit.getByRole('group', { name: f.legend })).toBeVisible();
    await edit.getByRole('button', { name: f.add }).click();
    await expect(edit.getByLabel(`${f.row(1)}: ${f.make}`)).toBeFocused();
    await edit.getByLabel(`${f.row(1)}: ${f.make}`).selectOption(make);
    await edit.getByLabel(`${f.row(1)}: ${f.vehicle}`).selectOption({ label: `${model} ${engine} (2012–2019)` });
    await expect(edit.getByLabel(`${f.row(1)}: ${f.yearFrom}`)).toHaveValue('2012');
    await edit.getByLabel(`${f.row(1)}: ${f.yearFrom}`).fill('2009');
    await edit.getByLabel(`${f.row(1)}: ${f.note}`).fill('front axle');
    await edit.getByRole('button', { name: copy.partsAdmin.save }).click();
    // Years outside those it was built: the server's message on the row.
    await expect(edit.getByText(copy.vehicles.fitmentYearsOutside(2012, 2019))).toBeVisible();
    await expect(edit.getByLabel(`${f.row(1)}: ${f.yearFrom}`)).toHaveAttribute('aria-invalid', 'true');
    expectRefusal(problems, 400, `/api/parts/${part.id}`);
    await expectNoA11yViolations(page);
    await edit.getByLabel(`${f.row(1)}: ${f.yearFrom}`).fill('2015');
    await edit.getByRole('button', { name: copy.partsAdmin.save }).click();
    await expect(page.getByText(copy.toasts.partUpdated)).toBeVisible();
    await expect(edit).toBeHidden();

    // The part's page lists the vehicle, which leads to the parts that fit it.
    await page.goto(`/part/${part.id}`);
    const fits = page.getByRole('region', { name: copy.partFits.title });
    const fit = fits.getByRole('link', { name: new RegExp(`^${name} · 2015–2019 · front axle`) });
    await expect(fit).toBeVisible();
    await fit.click();
    await expect(page).toHaveURL(/\/part\?vehicle=[^&]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Deleting the vehicle is refused while the part fits it, and the screen says why.
    await page.goto(`/dashboard/vehicles?make=${encodeURIComponent(make)}`);
    await rowOf(page, model)
      .getByRole('button', { name: `${c.delete} ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(confirm).toContainText(c.confirmDelete(name));
    await confirm.getByRole('button', { name: c.confirmDeleteYes }).click();
    await expect(page.getByTestId('vehicle-refusal')).toHaveText(copy.vehicles.hasParts(1));
    await expect(rowOf(page, model)).toBeVisible();
    expectRefusal(problems, 409, '/api/vehicles/');

    // Edit it in the dialog.
    await rowOf(page, model)
      .getByRole('button', { name: `${c.edit} ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: c.editTitle(name) });
    await expect(dialog.getByLabel(c.yearTo)).toHaveValue('2019');
    await expectNoA11yViolations(page);
    await dialog.getByLabel(c.yearTo).fill('2021');
    await dialog.getByRole('button', { name: c.save }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await expect(rowOf(page, model)).toContainText('2012–2021');
  });

  test('a part without vehicles says so on its page', async ({ page, baseURL }) => {
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, { name: `Universal wiper ${unique()}`, stock: 50 });
    await admin.dispose();
    const tag = unique();
    await signUpThroughApi(page.request, baseURL, {
      name: `Una ${tag}`,
      email: `una-${tag}@garage.example`,
      password: 'secret-password-1',
    });
    await page.goto(`/part/${part.id}`);
    await expect(page.getByRole('region', { name: copy.partFits.title })).toContainText(copy.partFits.none);
  });
});
