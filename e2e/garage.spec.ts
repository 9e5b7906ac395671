import * as copy from '#shared/copy';
import type { Vehicle } from '#shared/schemas/vehicles';
import { vehicleName } from '#shared/vehicle-names';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi } from './support/catalogue-api';
import { newCustomer, unique } from './support/session';

const g = copy.garagePage;
const p = copy.vehiclePicker;

/** A vehicle of a make of its own, added by the admin, so the spec does not depend on the demo's. */
async function newVehicle(baseURL: string | undefined): Promise<Vehicle> {
  const admin = await adminApi(baseURL);
  const res = await admin.post('/api/vehicles', {
    data: { make: `Brio ${unique()}`, model: 'Cargo Van', engine: '2.0 TDCi 96 kW', yearFrom: 2012, yearTo: 2020 },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const vehicle = (await res.json()) as Vehicle;
  await admin.dispose();
  return vehicle;
}

test.describe('my garage', () => {
  test('a customer saves a vehicle with a nickname, and "Show parts that fit" opens the parts list filtered by it', async ({
    page,
    request,
    baseURL,
  }) => {
    const van = await newVehicle(baseURL);
    await newCustomer(request, baseURL, { label: 'Gary Garage', page });
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: copy.dashboard.navLabel })
      .getByRole('link', { name: copy.dashboard.garage })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/garage$/);
    await expect(page.getByText(g.empty)).toBeVisible();

    // Every choice is needed here: the browser says so before sending anything.
    await page.getByRole('button', { name: g.save }).click();
    await expect(page.getByLabel(p.model)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(copy.vehicles.fitmentVehicleRequired)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByLabel(p.make).selectOption(van.make);
    await page.getByLabel(p.model).selectOption({ label: 'Cargo Van 2.0 TDCi 96 kW (2012–2020)' });
    // The vehicle's years, newest first.
    await expect(page.getByLabel(p.year).locator('option').nth(1)).toHaveText('2020');
    await page.getByLabel(p.year).selectOption('2015');
    await page.getByLabel(g.nickname).fill('Van 3');
    await page.getByRole('button', { name: g.save }).click();
    await expect(page.getByText(g.saved)).toBeVisible();

    const card = page.getByTestId('garage-vehicle').filter({ hasText: 'Van 3' });
    await expect(card).toContainText(vehicleName(van));
    await expect(card).toContainText(g.year(2015));
    await expect(page.getByLabel(g.nickname)).toHaveValue('');
    await expectNoA11yViolations(page);

    // One click: the parts list of that vehicle in that year (the list's own filtering is tested with it).
    await card.getByRole('link', { name: g.showPartsOf('Van 3') }).click();
    await expect(page).toHaveURL(new RegExp(`/part\\?vehicle=${van.id}&year=2015$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // It stays in the garage until removed, after "Are you sure?".
    await page.goBack();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: g.removeOf('Van 3') }).click();
    const confirm = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(confirm.getByRole('button', { name: g.keep })).toBeFocused();
    await confirm.getByRole('button', { name: g.confirmRemoveYes }).click();
    await expect(page.getByText(g.removed)).toBeVisible();
    await expect(page.getByTestId('garage-vehicle')).toHaveCount(0);
    await expect(page.getByText(g.empty)).toBeVisible();
  });

  test('a vehicle picked on the parts list is saved to the garage from there, and the picker offers it after', async ({
    page,
    request,
    baseURL,
  }) => {
    const van = await newVehicle(baseURL);
    const pick = async () => {
      await page.getByLabel(p.make).selectOption(van.make);
      await page.getByLabel(p.model).selectOption({ label: 'Cargo Van 2.0 TDCi 96 kW (2012–2020)' });
      await page.getByLabel(p.year).selectOption('2016');
      await expect(page).toHaveURL(new RegExp(`vehicle=${van.id}&year=2016`));
    };

    // A visitor has nothing to save, only a way to sign in that comes back to this list.
    await page.goto('/part');
    await pick();
    await expect(page.getByRole('button', { name: p.saveToGarage })).toHaveCount(0);
    const signIn = page.getByRole('link', { name: p.signInToSave });
    await expect(signIn).toHaveAttribute('href', /^\/login\?next=%2Fpart%3F/);

    await newCustomer(request, baseURL, { label: 'Petra Picker', page });
    await page.goto('/part');
    await pick();
    await page.getByLabel(p.nickname).fill('Van 3');
    await page.getByRole('button', { name: p.saveToGarage }).click();
    await expect(page.getByText(p.inGarage(['Van 3']))).toBeFocused();
    await expect(page.getByRole('button', { name: p.saveToGarage })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: p.openGarage }).click();
    await expect(page).toHaveURL(/\/dashboard\/garage$/);
    await expect(page.getByTestId('garage-vehicle').filter({ hasText: 'Van 3' })).toContainText(g.year(2016));

    // A fresh list: the saved vehicle comes first in the picker, and one press filters by it.
    await page.goto('/part');
    const saved = page
      .getByRole('group', { name: p.myGarage })
      .getByRole('button', { name: new RegExp(`${van.make} Cargo Van 2016 “Van 3”`) });
    await expect(saved).toHaveAttribute('aria-pressed', 'false');
    await saved.click();
    await expect(page).toHaveURL(new RegExp(`/part\\?vehicle=${van.id}&year=2016$`));
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(p.model)).toHaveValue(van.id);
    await expect(page.getByText(p.inGarage(['Van 3']))).toBeVisible();
  });

  test('a saved vehicle without a nickname is called by its name, and the garage fits a phone', async ({
    page,
    request,
    baseURL,
  }) => {
    const vehicle = await newVehicle(baseURL);
    await newCustomer(request, baseURL, { label: 'Phoebe Phone', page });
    const saved = await page.request.post('/api/me/vehicles', {
      data: { vehicleId: vehicle.id, year: vehicle.yearTo },
      headers: { origin: baseURL ?? '' },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/garage');
    const card = page.getByTestId('garage-vehicle');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: g.showPartsOf(vehicleName(vehicle)) })).toBeVisible();
    await expect(card).toContainText(g.year(vehicle.yearTo));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectNoA11yViolations(page);
  });
});
