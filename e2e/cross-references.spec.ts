import * as copy from '#shared/copy';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi, createPart } from './support/catalogue-api';
import { signInAs, unique } from './support/session';

const a = copy.partsAdmin;

test.describe('cross-references', () => {
  test("an admin enters other brands' numbers from the keyboard, and a search by one says which brand matched", async ({
    page,
    baseURL,
  }) => {
    const tag = unique().toUpperCase();
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, { name: `Brake caliper bracket ${tag}`, stock: 120 });
    await admin.dispose();

    await signInAs(page, 'admin');
    await page.goto(`/dashboard/manageParts?q=${encodeURIComponent(part.name)}`);
    await page.getByRole('button', { name: `${a.update} ${part.name}` }).click();
    const edit = page.getByRole('dialog', { name: a.editTitle(part.name) });
    await expect(edit.getByRole('group', { name: a.crossReferences })).toBeVisible();

    // "Add a cross-reference" from the keyboard: the new row's brand takes the focus.
    await edit.getByRole('button', { name: a.addCrossReference }).focus();
    await page.keyboard.press('Enter');
    await expect(edit.getByLabel(`${a.crossReference(1)}: ${a.crossReferenceBrand}`)).toBeFocused();
    await page.keyboard.type('Brembo');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`F 85 ${tag}`);
    await edit.getByRole('button', { name: a.addCrossReference }).click();
    await edit.getByLabel(`${a.crossReference(2)}: ${a.crossReferenceBrand}`).fill('BREMBO');
    await edit.getByLabel(`${a.crossReference(2)}: ${a.crossReferenceNumber}`).fill(`f85-${tag}`);
    await edit.getByRole('button', { name: a.save }).click();
    // The same brand and number twice: said on the later row, nothing sent.
    const second = edit.getByLabel(`${a.crossReference(2)}: ${a.crossReferenceNumber}`);
    await expect(edit.getByText(copy.pricing.crossReferenceDuplicate(2, 1))).toBeVisible();
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    await edit.getByLabel(`${a.crossReference(2)}: ${a.crossReferenceBrand}`).fill('Ford');
    await second.fill(`2 ${tag}`);
    await edit.getByRole('button', { name: a.save }).click();
    await expect(page.getByText(copy.toasts.partUpdated)).toBeVisible();
    await expect(edit).toBeHidden();

    // Searched with other spacing, dots and case: the card says which brand's number matched.
    await page.goto(`/part?q=${encodeURIComponent(`f.85.${tag.toLowerCase()}`)}`);
    const card = page.getByTestId('part-card').filter({ hasText: part.name });
    await expect(card.getByTestId('part-card-matched-reference')).toHaveText(copy.part.matchedReference('Brembo', `F 85 ${tag}`));

    // The part's page lists both.
    await page.goto(`/part/${part.id}`);
    const references = page.getByRole('table', { name: copy.part.crossReferences });
    await expect(references.getByRole('row', { name: `Brembo F 85 ${tag}` })).toBeVisible();
    await expect(references.getByRole('row', { name: `Ford 2 ${tag}` })).toBeVisible();
  });
});
