import type { Locator, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { vehicleName } from '#shared/vehicle-names';
import { expect, expectNoA11yViolations, queryShopDatabase, test } from './fixtures';
import { settled } from './support/session';

/**
 * Finding parts on /part (docs/shop-rules.md, "Finding parts"): make → model → year lists only the
 * parts that fit, each card saying so; a category facet narrows it; the address holds it all, so a
 * fresh browser shows the same list and the back button steps back through the filters. The demo
 * shop's Ford Focus built over 2015 and its fitments are read from the shop's database.
 */

const YEAR = 2015;
const c = copy.partsList;
const picker = copy.vehiclePicker;

interface VehicleRow {
  id: string;
  make: string;
  model: string;
  engine: string;
  year_from: number;
  year_to: number;
}

function focus(): VehicleRow {
  const vehicle = queryShopDatabase<VehicleRow>(
    `SELECT id, make, model, engine, year_from, year_to FROM vehicles
     WHERE make = 'Ford' AND model LIKE 'Focus%' AND year_from <= ? AND year_to >= ?
     ORDER BY model, engine LIMIT 1`,
    YEAR,
    YEAR,
  )[0];
  if (!vehicle) throw new Error(`the demo shop has no Ford Focus built in ${YEAR}`);
  return vehicle;
}

/** The names of the parts on sale that fit the vehicle in YEAR, optionally of one category. */
function fittingParts(vehicleId: string, categorySlug?: string): string[] {
  return queryShopDatabase<{ name: string }>(
    `SELECT DISTINCT parts.name FROM parts
     JOIN part_fitments ON part_fitments.part_id = parts.id
     JOIN categories ON categories.id = parts.category_id
     WHERE parts.archived_at IS NULL AND part_fitments.vehicle_id = ?
       AND part_fitments.year_from <= ? AND part_fitments.year_to >= ?
       AND (? IS NULL OR categories.slug = ?)
     ORDER BY parts.name`,
    vehicleId,
    YEAR,
    YEAR,
    categorySlug ?? null,
    categorySlug ?? null,
  ).map((row) => row.name);
}

/** The category with the most parts fitting the vehicle, with fewer than all of them (so choosing it narrows the list). */
function narrowingCategory(vehicleId: string): { slug: string; name: string } {
  const all = fittingParts(vehicleId).length;
  const rows = queryShopDatabase<{ slug: string; name: string; count: number }>(
    `SELECT categories.slug, categories.name, COUNT(DISTINCT parts.id) AS count FROM parts
     JOIN part_fitments ON part_fitments.part_id = parts.id
     JOIN categories ON categories.id = parts.category_id
     WHERE parts.archived_at IS NULL AND part_fitments.vehicle_id = ?
       AND part_fitments.year_from <= ? AND part_fitments.year_to >= ?
     GROUP BY categories.slug, categories.name ORDER BY count DESC, categories.name`,
    vehicleId,
    YEAR,
    YEAR,
  );
  const category = rows.find((row) => row.count < all) ?? rows[0];
  if (!category) throw new Error('no part fits the demo Ford Focus');
  return category;
}

const badgeText = (vehicle: VehicleRow) => c.fits(vehicleName(vehicle), String(YEAR));
const optionLabel = (vehicle: VehicleRow) =>
  picker.vehicleOption(`${vehicle.model} ${vehicle.engine}`, `${vehicle.year_from}–${vehicle.year_to}`);

/** The full names of the listed parts (a card cuts a long name and keeps it whole in its title). */
async function listedNames(page: Page): Promise<string[]> {
  const headings = page.getByTestId('part-card').getByRole('heading', { level: 2 });
  return headings.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('title') ?? element.textContent ?? ''),
  );
}

/** The list shows `names` (its first page), says how many, and every card says it fits. */
async function expectFittingList(page: Page, names: string[], vehicle: VehicleRow): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${copy.part.results(names.length)}$`) })).toBeVisible();
  const cards = page.getByTestId('part-card');
  await expect(cards).toHaveCount(Math.min(names.length, 12));
  await expect(page.getByTestId('fit-badge')).toHaveCount(Math.min(names.length, 12));
  for (const badge of await page.getByTestId('fit-badge').all()) await expect(badge).toHaveText(badgeText(vehicle));
  for (const name of await listedNames(page)) expect(names).toContain(name);
}

function categoryLink(page: Page, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('navigation', { name: c.categories }).getByRole('link', { name: new RegExp(`^${escaped} \\d+ parts?$`) });
}

async function pressUntilFocused(page: Page, target: Locator, max = 80): Promise<void> {
  // A control the page has drawn but not yet enabled (its data or the app still on the way) is skipped
  // by Tab: wait until it can take focus, or the presses run out before it does.
  await expect(target).toBeEnabled();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'Tab never reached it').toBeFocused({ timeout: 1 });
}

test.describe('finding parts for a vehicle', () => {
  test('make, model and year list only the parts that fit, a category narrows them, and the address holds it all', async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = focus();
    const fitting = fittingParts(vehicle.id);
    const category = narrowingCategory(vehicle.id);
    const inCategory = fittingParts(vehicle.id, category.slug);

    await page.goto('/part');
    await page.getByLabel(picker.make).selectOption('Ford');
    await expect(page).toHaveURL(/[?&]make=Ford(&|$)/);
    await page.getByLabel(picker.model).selectOption({ label: optionLabel(vehicle) });
    await page.getByLabel(picker.year).selectOption(String(YEAR));
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${vehicle.id}&year=${YEAR}$`));
    await expectFittingList(page, fitting, vehicle);
    await expect(
      page.getByRole('link', { name: c.removeFilter(c.vehicleChip(vehicleName(vehicle), String(YEAR))) }),
    ).toBeVisible();

    await categoryLink(page, category.name).click();
    await expect(page).toHaveURL(new RegExp(`[?&]category=${category.slug}&vehicle=${vehicle.id}&year=${YEAR}$`));
    await expectFittingList(page, inCategory, vehicle);
    await expect(categoryLink(page, category.name)).toHaveAttribute('aria-current', 'true');
    const shared = page.url();
    const namesHere = await listedNames(page);

    // The address alone draws the same list in a browser that has seen nothing.
    const fresh = await browser.newContext({ baseURL });
    try {
      const other = await fresh.newPage();
      await other.goto(shared);
      await expect(other.getByTestId('part-card')).toHaveCount(namesHere.length);
      expect(await listedNames(other)).toEqual(namesHere);
      await expect(other.getByTestId('fit-badge').first()).toHaveText(badgeText(vehicle));
      await expect(other.getByLabel(picker.model)).toHaveValue(vehicle.id);
    } finally {
      await fresh.close();
    }

    // Back: the vehicle's whole list again, with every category.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${vehicle.id}&year=${YEAR}$`));
    await expectFittingList(page, fitting, vehicle);
    await expect(page.getByRole('link', { name: c.allCategories })).toHaveAttribute('aria-current', 'true');

    // The chip takes the vehicle off.
    await page.getByRole('link', { name: c.removeFilter(c.vehicleChip(vehicleName(vehicle), String(YEAR))) }).click();
    await expect(page).toHaveURL(/\/part$/);
    await expect(page.getByTestId('fit-badge')).toHaveCount(0);
    await expect(page.getByLabel(picker.make)).toHaveValue('');
  });

  test('a garage’s link to a vehicle and year shows the badge on each card', async ({ page }) => {
    const vehicle = focus();
    await page.goto(`/part?vehicle=${vehicle.id}&year=${YEAR}`);
    await expectFittingList(page, fittingParts(vehicle.id), vehicle);
    await expect(page.getByLabel(picker.make)).toHaveValue('Ford');
    await expect(page.getByLabel(picker.year)).toHaveValue(String(YEAR));
  });

  test('a VIN names the make and year, and the model chosen from its vehicles lists the parts that fit', async ({ page }) => {
    const vehicle = focus();
    // A Ford built in Germany ("WF0"), "F" at the 10th character: 2015 (no check digit outside North America).
    const vin = 'WF0XXXGCDFA000001';
    await page.goto('/part');
    const field = page.getByLabel(copy.vin.label, { exact: true });
    await expect(field).toBeHidden();
    await page.getByRole('button', { name: copy.vin.open }).press('Enter');
    await expect(field).toBeFocused();
    await field.fill('1FA');
    await field.press('Enter');
    await expect(page.getByText(copy.vin.length(3))).toBeVisible();
    await expectNoA11yViolations(page);
    await field.fill(`${vin.slice(0, 9).toLowerCase()} ${vin.slice(9)}`);
    await field.press('Enter');
    const models = page.getByLabel(copy.vin.candidates(copy.vin.found('Ford', YEAR)));
    await expect(models).toBeVisible();
    await expectNoA11yViolations(page);
    await field.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(models).toBeFocused();
    await models.selectOption({ label: optionLabel(vehicle) });
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${vehicle.id}&year=${YEAR}$`));
    await expectFittingList(page, fittingParts(vehicle.id), vehicle);
    await expect(page.getByLabel(picker.model)).toHaveValue(vehicle.id);
  });

  test('by keyboard alone: the picker, then a category facet', async ({ page }) => {
    const vehicle = focus();
    const category = narrowingCategory(vehicle.id);
    await page.goto('/part');
    const make = page.getByLabel(picker.make);
    await pressUntilFocused(page, make);
    // A closed select takes the typed name of an option (Chromium on Linux chooses it at once).
    await page.keyboard.type('Ford');
    await expect(page).toHaveURL(/[?&]make=Ford(&|$)/);
    await expect(make).toBeFocused();
    const model = page.getByLabel(picker.model);
    await expect(model).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(model).toBeFocused();
    // Down the list to the vehicle's option: each step is a choice, as a closed select takes arrows.
    const steps = await model.evaluate(
      (select, id) => Array.from((select as HTMLSelectElement).options).findIndex((option) => option.value === id),
      vehicle.id,
    );
    expect(steps).toBeGreaterThan(0);
    for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${vehicle.id}(&|$)`));
    // The year opens once the page has drawn the chosen vehicle, which may come after the address changed.
    const year = page.getByLabel(picker.year);
    await expect(year).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(year).toBeFocused();
    await page.keyboard.type(String(YEAR));
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${vehicle.id}&year=${YEAR}$`));
    await expect(page.getByTestId('fit-badge').first()).toHaveText(badgeText(vehicle));

    const link = categoryLink(page, category.name);
    await pressUntilFocused(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]category=${category.slug}&`));
    await expectFittingList(page, fittingParts(vehicle.id, category.slug), vehicle);
  });

  test('on a phone the filters open above the list', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const vehicle = focus();
    const category = narrowingCategory(vehicle.id);
    await page.goto(`/part?vehicle=${vehicle.id}&year=${YEAR}`);
    await expect(page.getByTestId('fit-badge').first()).toBeVisible();
    const open = page.getByRole('button', { name: c.showFilters(1) });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(categoryLink(page, category.name)).toBeHidden();
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await categoryLink(page, category.name).click();
    await expect(page).toHaveURL(new RegExp(`[?&]category=${category.slug}&`));
    await expectFittingList(page, fittingParts(vehicle.id, category.slug), vehicle);
    // Nothing is wider than the phone.
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a search that finds nothing says so and clears the filters, keeping the search', async ({ page }) => {
    const vehicle = focus();
    const q = 'zzqx-no-such-part';
    await page.goto(`/part?q=${q}&vehicle=${vehicle.id}&year=${YEAR}`);
    const heading = page.getByRole('heading', { name: c.noMatch(q, [c.vehicleChip(vehicleName(vehicle), String(YEAR))]) });
    await expect(heading).toBeVisible();
    await page.getByRole('link', { name: c.clearFilters }).click();
    await expect(page).toHaveURL(new RegExp(`/part\\?q=${q}$`));
    await expect(page.getByRole('heading', { name: c.noMatch(q, []) })).toBeVisible();
    await page.getByRole('link', { name: copy.part.clearSearch }).click();
    await expect(page).toHaveURL(/\/part$/);
    await expect(page.getByTestId('part-card').first()).toBeVisible();
  });

  test('a category the shop does not have is named, with a link that takes it off', async ({ page }) => {
    await page.goto('/part?category=no-such-category');
    await expect(page.getByText(c.unknownCategory('no-such-category'))).toBeVisible();
    await page.getByRole('link', { name: c.showAllCategories }).click();
    await expect(page).toHaveURL(/\/part$/);
    await expect(page.getByTestId('part-card').first()).toBeVisible();
  });

  test('a year typed by hand outside 1950 to next year lists the vehicle’s parts without it', async ({ page }) => {
    const vehicle = focus();
    await page.goto(`/part?vehicle=${vehicle.id}&year=1800`);
    await expect(page.getByTestId('fit-badge').first()).toHaveText(
      c.fits(vehicleName(vehicle), `${vehicle.year_from}–${vehicle.year_to}`),
    );
    await expect(page.getByLabel(picker.year)).toHaveValue('');
  });
});
