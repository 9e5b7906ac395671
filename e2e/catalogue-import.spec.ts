import path from 'node:path';
import * as copy from '#shared/copy';
import { expect, expectNoA11yViolations, queryShopDatabase, test } from './fixtures';
import { signInAs } from './support/session';

const c = copy.catalogueImport;
const samples = path.resolve(import.meta.dirname, '../src/web/public/samples');

test.describe('catalogue import', () => {
  test('an admin loads the sample VCdb extract, checks and imports the sample ACES file, and the part fits more vehicles', async ({
    page,
  }) => {
    const [discs] = queryShopDatabase<{ id: string }>(`SELECT id FROM parts WHERE sku = 'GH-BRK-2210'`);
    if (!discs) throw new Error('the e2e shop has no GH-BRK-2210');
    const fitsOf = () => page.getByTestId('part-fits').getByRole('listitem');
    await page.goto(`/part/${discs.id}`);
    await expect(fitsOf().first()).toBeVisible();
    const before = await fitsOf().count();
    await expect(page.getByTestId('part-fits')).not.toContainText('Ceed CD');

    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: copy.dashboard.navLabel })
      .getByRole('link', { name: copy.dashboard.catalogueImport })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/catalogue-import$/);
    await expect(page.getByRole('heading', { name: copy.dashboard.catalogueImport })).toBeVisible();
    await expect(page.getByRole('link', { name: c.sampleAces })).toHaveAttribute('href', '/samples/aces-demo-fitments.xml');
    const sample = await page.request.get('/samples/vcdb-demo-vehicles.csv');
    expect(await sample.text()).toMatch(/^base_vehicle_id,year,make,model\n/);

    // The browser asks for a file before sending anything.
    await page.getByRole('button', { name: c.check, exact: true }).click();
    await expect(page.getByLabel(c.acesFile)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(c.chooseFile)).toBeVisible();

    await page.getByLabel(c.vcdbFile).setInputFiles(path.join(samples, 'vcdb-demo-vehicles.csv'));
    await page.getByRole('button', { name: c.vcdbLoad }).click();
    await expect(page.getByRole('status').filter({ hasText: c.vcdbResult(21) })).toBeVisible();
    await expect(page.getByText(c.vcdbNoVehicle(2020, 'Tesla', 'Model 3'))).toBeVisible();

    await page.getByLabel(c.acesFile).setInputFiles(path.join(samples, 'aces-demo-fitments.xml'));
    await page.getByRole('button', { name: c.check, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: c.checkedOk })).toContainText(c.counts(4, 2, 2));
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: c.import, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: c.imported })).toContainText(c.counts(4, 2, 2));

    await page.goto(`/part/${discs.id}`);
    await expect(fitsOf()).toHaveCount(before + 2);
    await expect(page.getByTestId('part-fits')).toContainText('Kia Ceed CD 1.4 T-GDi 103 kW');
    await expect(page.getByTestId('part-fits')).toContainText('Kia Ceed CD 1.6 CRDi 85 kW');
  });
});
