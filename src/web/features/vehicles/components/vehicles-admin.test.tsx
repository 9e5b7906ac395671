import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { maxVehicleYear, MIN_VEHICLE_YEAR, type Vehicle } from '#shared/schemas/vehicles';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { focus, golf } from '../../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { VehiclesAdmin } from './vehicles-admin';

const c = copy.vehiclesAdmin;
const v = copy.vehicles;
let api: FakeApi;

const list = (...items: Vehicle[]) => ok({ items });

const makesRoute = 'GET /api/vehicles/makes' as const;
const listRoute = 'GET /api/vehicles' as const;
const createRoute = 'POST /api/vehicles' as const;

const rows = () => screen.getAllByTestId('vehicle-row');
const rowOf = (text: string) => rows().find((row) => within(row).queryByText(text) !== null)!;

async function render(path = '/dashboard/vehicles', ...answers: [ReturnType<typeof ok>, ...ReturnType<typeof ok>[]]) {
  api.on(makesRoute, ok({ items: ['Ford', 'Volkswagen'] }));
  api.on(listRoute, ...answers);
  renderWithApp(<VehiclesAdmin />, { path });
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
}

beforeEach(() => {
  api = fakeApi();
});

describe('VehiclesAdmin', () => {
  it('lists every vehicle with its make, model, engine and years', async () => {
    await render(undefined, list(focus, golf));
    expect(screen.getByRole('status').textContent).toBe(c.total(2));
    const row = rowOf('Focus');
    expect(row.textContent).toContain('Ford');
    expect(row.textContent).toContain('1.6 Ti-VCT 92 kW');
    expect(row.textContent).toContain('2011–2018');
    expect(within(rowOf('Golf VII')).getByRole('button', { name: `${c.edit} Volkswagen Golf VII 1.4 TSI 90 kW` })).toBeTruthy();
  });

  it("shows one make's vehicles when the filter chooses it", async () => {
    const fetchSpy = vi.mocked(fetch);
    await render('/dashboard/vehicles?make=Volkswagen', list(golf), list(focus, golf));
    expect(rows()).toHaveLength(1);
    const filter = screen.getByLabelText(c.filterLabel) as HTMLSelectElement;
    await waitFor(() => expect(filter.value).toBe('Volkswagen'));
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toContain('/api/vehicles?make=Volkswagen');

    fireEvent.change(filter, { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toContain('/api/vehicles');
  });

  it('says when a make has no vehicles', async () => {
    api.on(makesRoute, ok({ items: ['Ford'] }));
    api.on(listRoute, list());
    renderWithApp(<VehiclesAdmin />, { path: '/dashboard/vehicles?make=Lada' });
    await waitFor(() => expect(screen.getByText(c.emptyMake('Lada'))).toBeTruthy());
  });

  describe('adding', () => {
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const press = () => fireEvent.click(screen.getByRole('button', { name: c.add }));
    const fill = (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
    };

    it("checks every field in the browser with the server's messages, then sends the vehicle", async () => {
      const fiesta: Vehicle = {
        id: 'v-fiesta',
        make: 'Ford',
        model: 'Fiesta',
        engine: '1.0 EcoBoost',
        yearFrom: 2017,
        yearTo: 2019,
      };
      await render(undefined, list(focus), list(focus, fiesta));
      api.on(createRoute, ok(fiesta, 201));
      press();
      await waitFor(() => expectFieldError(field(c.make), v.makeRequired));
      expectFieldError(field(c.model), v.modelRequired);
      expectFieldError(field(c.engine), v.engineRequired);
      expectFieldError(field(c.yearFrom), v.yearRequired);
      expectFieldError(field(c.yearTo), v.yearRequired);

      fill({ [c.make]: 'Ford', [c.model]: 'Fiesta', [c.engine]: '1.0 EcoBoost', [c.yearFrom]: '1949', [c.yearTo]: 'soon' });
      await waitFor(() => expectFieldError(field(c.yearFrom), v.yearOutOfRange(MIN_VEHICLE_YEAR, maxVehicleYear())));
      expectFieldError(field(c.yearTo), v.yearRequired);
      expectNoFieldError(field(c.make));

      fill({ [c.yearFrom]: '2019', [c.yearTo]: '2017' });
      await waitFor(() => expectFieldError(field(c.yearTo), v.yearsBackwards));
      expectNoFieldError(field(c.yearFrom));
      fill({ [c.yearTo]: String(maxVehicleYear() + 1) });
      await waitFor(() => expectFieldError(field(c.yearTo), v.yearOutOfRange(MIN_VEHICLE_YEAR, maxVehicleYear())));
      expect(api.callsTo(createRoute)).toHaveLength(0);

      fill({ [c.yearFrom]: '2017', [c.yearTo]: ' 2019 ' });
      press();
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(c.added));
      expect(api.callsTo(createRoute)[0]!.body).toEqual({
        make: 'Ford',
        model: 'Fiesta',
        engine: '1.0 EcoBoost',
        yearFrom: 2017,
        yearTo: 2019,
      });
      expect(field(c.make).value).toBe('');
      await waitFor(() => expect(rows()).toHaveLength(2));
    });

    it("puts the server's refusal of a vehicle already listed under its field", async () => {
      await render(undefined, list(focus));
      api.on(createRoute, problem('conflict', v.taken, { model: v.taken }));
      fill({ [c.make]: 'Ford', [c.model]: 'Focus', [c.engine]: '1.6 Ti-VCT 92 kW', [c.yearFrom]: '2011', [c.yearTo]: '2018' });
      press();
      await waitFor(() => expectFieldError(field(c.model), v.taken));
      expectNoFieldError(field(c.make));
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('shows a refusal without fields under the form', async () => {
      await render(undefined, list(focus));
      api.on(createRoute, problem('forbidden', copy.auth.adminOnly));
      fill({ [c.make]: 'Ford', [c.model]: 'Ka', [c.engine]: '1.2', [c.yearFrom]: '2009', [c.yearTo]: '2016' });
      press();
      await waitFor(() => expect(screen.getByText(copy.auth.adminOnly)).toBeTruthy());
    });
  });

  it("edits a vehicle in a dialog; the server's refusal shows under its field", async () => {
    const changed: Vehicle = { ...focus, yearTo: 2019 };
    await render(undefined, list(focus, golf), list(changed, golf));
    const patch = 'PATCH /api/vehicles/v-focus' as const;
    api.on(patch, fieldProblem({ yearFrom: v.fitmentYearsOutside(2011, 2018) }), ok(changed));
    fireEvent.click(screen.getByRole('button', { name: `${c.edit} Ford Focus 1.6 Ti-VCT 92 kW` }));
    const dialog = screen.getByRole('dialog', { name: c.editTitle('Ford Focus 1.6 Ti-VCT 92 kW') });
    const yearFrom = within(dialog).getByLabelText(c.yearFrom) as HTMLInputElement;
    const yearTo = within(dialog).getByLabelText(c.yearTo) as HTMLInputElement;
    expect(yearFrom.value).toBe('2011');
    expect(yearTo.value).toBe('2018');

    fireEvent.change(yearFrom, { target: { value: '2013' } });
    fireEvent.click(within(dialog).getByRole('button', { name: c.save }));
    await waitFor(() => expectFieldError(yearFrom, v.fitmentYearsOutside(2011, 2018)));
    expect(api.callsTo(patch)[0]!.body).toEqual({
      make: 'Ford',
      model: 'Focus',
      engine: '1.6 Ti-VCT 92 kW',
      yearFrom: 2013,
      yearTo: 2018,
    });

    fireEvent.change(yearFrom, { target: { value: '2011' } });
    fireEvent.change(yearTo, { target: { value: '2019' } });
    fireEvent.click(within(dialog).getByRole('button', { name: c.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(c.saved));
    await waitFor(() => expect(rowOf('Focus').textContent).toContain('2011–2019'));
  });

  it('deletes after "Are you sure?", and shows how many parts fit a vehicle it cannot delete', async () => {
    await render(undefined, list(focus, golf), list(focus));
    const deleteFocus = 'DELETE /api/vehicles/v-focus' as const;
    const deleteGolf = 'DELETE /api/vehicles/v-golf' as const;
    api.on(deleteFocus, problem('conflict', v.hasParts(3))).on(deleteGolf, { status: 204 });

    fireEvent.click(screen.getByRole('button', { name: `${c.delete} Ford Focus 1.6 Ti-VCT 92 kW` }));
    let confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    expect(confirm.textContent).toContain(c.confirmDelete('Ford Focus 1.6 Ti-VCT 92 kW'));
    fireEvent.click(within(confirm).getByRole('button', { name: c.confirmDeleteYes }));
    await waitFor(() => expect(screen.getByTestId('vehicle-refusal').textContent).toBe(v.hasParts(3)));
    expect(screen.getByText(c.notDeleted('Ford Focus 1.6 Ti-VCT 92 kW'))).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: `${c.delete} Volkswagen Golf VII 1.4 TSI 90 kW` }));
    confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    fireEvent.click(within(confirm).getByRole('button', { name: c.confirmDeleteYes }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(c.deleted));
    expect(screen.queryByTestId('vehicle-refusal')).toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
