import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { type GarageVehicle, MAX_GARAGE_VEHICLES, MAX_NICKNAME_LENGTH } from '#shared/schemas/vehicles';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { focus, transit } from '../../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { MyGarage } from './garage';

const g = copy.garagePage;
const p = copy.vehiclePicker;
let api: FakeApi;

const van: GarageVehicle = { id: 'g-1', vehicleId: 'v-transit', nickname: 'Van 3', year: 2019, vehicle: transit };
const car: GarageVehicle = { id: 'g-2', vehicleId: 'v-focus', nickname: '', year: 2015, vehicle: focus };

const garageRoute = 'GET /api/me/vehicles' as const;
const addRoute = 'POST /api/me/vehicles' as const;

const cards = () => screen.queryAllByTestId('garage-vehicle');
const make = () => screen.getByLabelText(p.make) as HTMLSelectElement;
const model = () => screen.getByLabelText(p.model) as HTMLSelectElement;
const year = () => screen.getByLabelText(p.year) as HTMLSelectElement;
const nickname = () => screen.getByLabelText(g.nickname) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: g.save }));

function render(...answers: [ReturnType<typeof ok>, ...ReturnType<typeof ok>[]]) {
  api.on(garageRoute, ...answers);
  api.on('GET /api/vehicles/makes', ok({ items: ['Ford'] }));
  api.on('GET /api/vehicles', ok({ items: [focus, transit] }));
  return renderWithApp(<MyGarage />, { path: '/dashboard/garage' });
}

async function chooseFocus2015() {
  await waitFor(() => expect(make().disabled).toBe(false));
  fireEvent.change(make(), { target: { value: 'Ford' } });
  await waitFor(() => expect(model().disabled).toBe(false));
  fireEvent.change(model(), { target: { value: 'v-focus' } });
  fireEvent.change(year(), { target: { value: '2015' } });
}

beforeEach(() => {
  api = fakeApi();
});

describe('MyGarage', () => {
  it('lists the saved vehicles by nickname or name, each with a link to the parts that fit it in its year', async () => {
    render(ok({ items: [van, car] }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe(g.total(2, MAX_GARAGE_VEHICLES));
    const [first, second] = cards();
    expect(first!.textContent).toContain('Van 3');
    expect(first!.textContent).toContain('Ford Transit 2.0 EcoBlue 96 kW');
    expect(first!.textContent).toContain(g.year(2019));
    const link = within(first!).getByRole('link', { name: g.showPartsOf('Van 3') });
    expect(link.getAttribute('href')).toBe('/part?vehicle=v-transit&year=2019');
    expect(link.textContent).toBe(g.showParts);
    expect(second!.textContent).toContain('Ford Focus 1.6 Ti-VCT 92 kW');
    expect(
      within(second!)
        .getByRole('link', { name: g.showPartsOf('Ford Focus 1.6 Ti-VCT 92 kW') })
        .getAttribute('href'),
    ).toBe('/part?vehicle=v-focus&year=2015');
  });

  it('says when the garage is empty, pointing to the form where it is: below the message', async () => {
    render(ok({ items: [] }));
    const empty = await screen.findByText(g.empty);
    const form = screen.getByRole('heading', { name: g.addTitle });
    expect(empty.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(g.empty).toMatch(/\bbelow\b/);
    expect(g.empty).not.toMatch(/\babove\b/);
  });

  it('asks for the vehicle and year in the browser, then saves it with its nickname', async () => {
    render(ok({ items: [] }));
    api.on(addRoute, ok({ items: [car] }, 201));
    await waitFor(() => expect(screen.getByText(g.empty)).toBeTruthy());
    save();
    await waitFor(() => expectFieldError(model(), copy.vehicles.fitmentVehicleRequired));
    expectFieldError(year(), copy.vehicles.yearRequired);
    fireEvent.change(nickname(), { target: { value: 'x'.repeat(MAX_NICKNAME_LENGTH + 1) } });
    await waitFor(() => expectFieldError(nickname(), copy.garage.nicknameTooLong(MAX_NICKNAME_LENGTH)));
    expect(api.callsTo(addRoute)).toHaveLength(0);

    await chooseFocus2015();
    fireEvent.change(nickname(), { target: { value: ' Family car ' } });
    await waitFor(() => expectNoFieldError(model()));
    expectNoFieldError(year());
    expectNoFieldError(nickname());
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(g.saved));
    expect(api.callsTo(addRoute)[0]!.body).toEqual({ vehicleId: 'v-focus', year: 2015, nickname: 'Family car' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(nickname().value).toBe('');
    expect(make().value).toBe('');
  });

  it("shows the server's refusals next to the year, or under the form", async () => {
    render(ok({ items: [van] }));
    api.on(
      addRoute,
      fieldProblem({ year: copy.garage.yearNotBuilt(2011, 2018) }),
      problem('conflict', copy.garage.full(MAX_GARAGE_VEHICLES)),
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    await chooseFocus2015();
    save();
    await waitFor(() => expectFieldError(year(), copy.garage.yearNotBuilt(2011, 2018)));
    expect(toast.error).not.toHaveBeenCalled();

    save();
    await waitFor(() => expect(screen.getByText(copy.garage.full(MAX_GARAGE_VEHICLES))).toBeTruthy());
    expect(api.callsTo(addRoute)).toHaveLength(2);
    expect(cards()).toHaveLength(1);
  });

  it('says why a vehicle could not be removed, and shows the garage as it is', async () => {
    render(ok({ items: [van, car] }), ok({ items: [car] }));
    api.on('DELETE /api/me/vehicles/g-1', problem('not_found', copy.garage.notFound));
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: g.removeOf('Van 3') }));
    const confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    fireEvent.click(within(confirm).getByRole('button', { name: g.confirmRemoveYes }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.garage.notFound));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('removes a vehicle after "Are you sure?"', async () => {
    render(ok({ items: [van, car] }));
    const removeRoute = 'DELETE /api/me/vehicles/g-1' as const;
    api.on(removeRoute, ok({ items: [car] }));
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: g.removeOf('Van 3') }));
    let confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    expect(confirm.textContent).toContain(g.confirmRemove('Van 3'));
    fireEvent.click(within(confirm).getByRole('button', { name: g.keep }));
    expect(api.callsTo(removeRoute)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: g.removeOf('Van 3') }));
    confirm = screen.getByRole('dialog', { name: copy.common.areYouSure });
    fireEvent.click(within(confirm).getByRole('button', { name: g.confirmRemoveYes }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(g.removed));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]!.textContent).toContain('Ford Focus');
  });
});
