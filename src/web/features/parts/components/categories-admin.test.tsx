import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Category } from '#shared/schemas/categories';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { CategoriesAdmin } from './categories-admin';

const c = copy.categoriesAdmin;
const v = copy.categories;
let api: FakeApi;

const brakes: Category = { id: 'cat-brakes', slug: 'brakes', name: 'Brakes', partCount: 4 };
const wipers: Category = { id: 'cat-wipers', slug: 'wipers-washers', name: 'Wipers & Washers', partCount: 0 };
const list = (...items: Category[]) => ok({ items });

const listRoute = 'GET /api/categories' as const;
const createRoute = 'POST /api/categories' as const;

const rows = () => screen.getAllByTestId('category-row');
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name) !== null)!;

async function render(...answers: [ReturnType<typeof ok>, ...ReturnType<typeof ok>[]]) {
  api.on(listRoute, ...answers);
  renderWithApp(<CategoriesAdmin />, { path: '/dashboard/categories' });
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
}

beforeEach(() => {
  api = fakeApi();
});

describe('CategoriesAdmin', () => {
  it('lists every category with its address name and number of parts', async () => {
    await render(list(brakes, wipers));
    expect(screen.getByRole('status').textContent).toBe(c.total(2));
    const row = rowOf('Brakes');
    expect(row.textContent).toContain('brakes');
    expect(row.textContent).toContain('4');
    expect(within(rowOf('Wipers & Washers')).getByRole('button', { name: `${c.rename} Wipers & Washers` })).toBeTruthy();
  });

  it('says so when there is none yet', async () => {
    api.on(listRoute, list());
    renderWithApp(<CategoriesAdmin />, { path: '/dashboard/categories' });
    await waitFor(() => expect(screen.getByText(c.empty)).toBeTruthy());
  });

  describe('adding', () => {
    const name = () => screen.getByLabelText(c.name);
    const slug = () => screen.getByLabelText(c.slugOptional);
    const press = () => fireEvent.click(screen.getByRole('button', { name: c.add }));

    it('checks the name and the address name in the browser, and sends no address name when it is left empty', async () => {
      const clutch: Category = { id: 'cat-clutch', slug: 'clutch', name: 'Clutch', partCount: 0 };
      await render(list(brakes), list(brakes, clutch));
      api.on(createRoute, ok(clutch, 201));
      press();
      await waitFor(() => expectFieldError(name(), v.nameRequired));
      fireEvent.change(name(), { target: { value: 'Clutch' } });
      fireEvent.change(slug(), { target: { value: 'Clutch Kits' } });
      press();
      await waitFor(() => expectFieldError(slug(), v.slugInvalid));
      expectNoFieldError(name());
      expect(api.callsTo(createRoute)).toHaveLength(0);

      fireEvent.change(slug(), { target: { value: '' } });
      press();
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(c.added));
      expect(api.callsTo(createRoute)[0]!.body).toEqual({ name: 'Clutch' });
      expect((name() as HTMLInputElement).value).toBe('');
      await waitFor(() => expect(rows()).toHaveLength(2));
    });

    it("puts the server's refusal of a taken address name under that field", async () => {
      await render(list(brakes));
      api.on(createRoute, problem('conflict', v.slugTaken, { slug: v.slugTaken }));
      fireEvent.change(name(), { target: { value: 'Brake parts' } });
      fireEvent.change(slug(), { target: { value: 'brakes' } });
      press();
      await waitFor(() => expectFieldError(slug(), v.slugTaken));
      expect(api.callsTo(createRoute)[0]!.body).toEqual({ name: 'Brake parts', slug: 'brakes' });
      expectNoFieldError(name());
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('shows a refusal without fields under the form', async () => {
      await render(list(brakes));
      api.on(createRoute, problem('forbidden', copy.auth.adminOnly));
      fireEvent.change(name(), { target: { value: 'Clutch' } });
      press();
      await waitFor(() => expect(screen.getByText(copy.auth.adminOnly)).toBeTruthy());
    });
  });

  it('renames a category in a dialog; a name already taken shows under the name', async () => {
    const renamed: Category = { ...brakes, name: 'Brakes & Discs', slug: 'brakes-discs' };
    await render(list(brakes, wipers), list(renamed, wipers));
    const patch = 'PATCH /api/categories/cat-brakes' as const;
    api.on(patch, fieldProblem({ name: v.nameTaken }), ok(renamed));
    fireEvent.click(screen.getByRole('button', { name: `${c.rename} Brakes` }));
    const dialog = screen.getByRole('dialog', { name: c.renameTitle('Brakes') });
    const name = within(dialog).getByLabelText(c.name);
    const slug = within(dialog).getByLabelText(c.slug);
    expect((name as HTMLInputElement).value).toBe('Brakes');
    expect((slug as HTMLInputElement).value).toBe('brakes');

    fireEvent.change(name, { target: { value: 'Wipers & Washers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: c.save }));
    await waitFor(() => expectFieldError(name, v.nameTaken));

    fireEvent.change(name, { target: { value: renamed.name } });
    fireEvent.change(slug, { target: { value: renamed.slug } });
    fireEvent.click(within(dialog).getByRole('button', { name: c.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(c.saved));
    expect(api.callsTo(patch)[1]!.body).toEqual({ name: renamed.name, slug: renamed.slug });
    await waitFor(() => expect(rowOf('Brakes & Discs').textContent).toContain('brakes-discs'));
  });

  it('deletes after "Are you sure?", and shows the server\'s reason when the category still has parts', async () => {
    await render(list(brakes, wipers), list(brakes));
    const deleteBrakes = 'DELETE /api/categories/cat-brakes' as const;
    const deleteWipers = 'DELETE /api/categories/cat-wipers' as const;
    api.on(deleteBrakes, problem('conflict', v.hasParts(4))).on(deleteWipers, { status: 204 });

    fireEvent.click(screen.getByRole('button', { name: `${c.delete} Brakes` }));
    let confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    expect(confirm.textContent).toContain(c.confirmDelete('Brakes'));
    fireEvent.click(within(confirm).getByRole('button', { name: c.confirmDeleteYes }));
    await waitFor(() => expect(screen.getByTestId('category-refusal').textContent).toBe(v.hasParts(4)));
    expect(screen.getByText(c.notDeleted('Brakes'))).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: `${c.delete} Wipers & Washers` }));
    confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    fireEvent.click(within(confirm).getByRole('button', { name: c.confirmDeleteYes }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(c.deleted));
    expect(screen.queryByTestId('category-refusal')).toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo(deleteWipers)).toHaveLength(1);
  });
});
