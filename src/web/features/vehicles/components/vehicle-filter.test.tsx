import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_GARAGE_VEHICLES, MAX_NICKNAME_LENGTH } from '#shared/schemas/garage-limits';
import type { GarageVehicle } from '#shared/schemas/vehicles';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { focus, golf } from '../../../testing/fixtures';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { type GarageAccess, GarageAccessProvider } from '../lib/garage-access';
import { VehicleFilter } from './vehicle-filter';
import type { VehicleChoice } from './vehicle-picker';

const c = copy.vehiclePicker;
let api: FakeApi;

const van3: GarageVehicle = { id: 'g-1', vehicleId: 'v-focus', nickname: 'Van 3', year: 2014, vehicle: focus };
const golfSaved: GarageVehicle = { id: 'g-2', vehicleId: 'v-golf', nickname: '', year: 2016, vehicle: golf };

const garageRoute = 'GET /api/me/vehicles' as const;
const saveRoute = 'POST /api/me/vehicles' as const;

const make = () => screen.getByLabelText(c.make) as HTMLSelectElement;
const model = () => screen.getByLabelText(c.model) as HTMLSelectElement;
const year = () => screen.getByLabelText(c.year) as HTMLSelectElement;
const saveButton = () => screen.queryByRole('button', { name: c.saveToGarage });

/** The filter as the parts list holds it: its choice in state, every change recorded. */
function Harness({ initial, onChange }: { initial: VehicleChoice; onChange: (next: VehicleChoice) => void }) {
  const [value, setValue] = useState<VehicleChoice>(initial);
  return (
    <VehicleFilter
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function render(access: GarageAccess, initial: VehicleChoice = {}, path = '/part') {
  const onChange = vi.fn<(next: VehicleChoice) => void>();
  const result = renderWithApp(
    <GarageAccessProvider access={access}>
      <Harness initial={initial} onChange={onChange} />
    </GarageAccessProvider>,
    { path },
  );
  return { ...result, onChange };
}

/** Make, model and year chosen in the picker, as a buyer does. */
async function pickFocus2015() {
  await waitFor(() => expect(make().disabled).toBe(false));
  fireEvent.change(make(), { target: { value: 'Ford' } });
  await waitFor(() => expect(model().disabled).toBe(false));
  fireEvent.change(model(), { target: { value: 'v-focus' } });
  await waitFor(() => expect(year().disabled).toBe(false));
  fireEvent.change(year(), { target: { value: '2015' } });
}

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/vehicles/makes', ok({ items: ['Ford', 'Volkswagen'] }));
  api.on('GET /api/vehicles', ok({ items: [focus] }));
});

describe('VehicleFilter, saving to My garage', () => {
  it('saves the picked vehicle and year with its nickname, then says it is in the garage', async () => {
    api.on(garageRoute, ok({ items: [] }));
    api.on(saveRoute, ok({ items: [{ id: 'g-9', vehicleId: 'v-focus', nickname: 'Van 3', year: 2015, vehicle: focus }] }, 201));
    render('customer');
    await pickFocus2015();

    const nickname = await screen.findByLabelText(c.nickname);
    fireEvent.change(nickname, { target: { value: '  Van 3 ' } });
    fireEvent.click(saveButton()!);

    const status = await screen.findByText(c.inGarage(['Van 3']));
    expect(api.callsTo(saveRoute).map((call) => call.body)).toEqual([{ vehicleId: 'v-focus', year: 2015, nickname: 'Van 3' }]);
    expect(saveButton()).toBeNull();
    expect(screen.queryByLabelText(c.nickname)).toBeNull();
    // The button is gone: the focus is on what replaced it.
    expect(document.activeElement).toBe(status);
    expect(screen.getByRole('link', { name: c.openGarage }).getAttribute('href')).toBe('/dashboard/garage');
    // The garage above the selects now offers it, as the one chosen.
    const garage = screen.getByRole('group', { name: c.myGarage });
    expect(
      within(garage)
        .getByRole('button', { name: /Ford Focus 2015 “Van 3”/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('says "In your garage" instead of the button when the vehicle is saved in that year', async () => {
    api.on(garageRoute, ok({ items: [van3] }));
    render('customer', { make: 'Ford', vehicleId: 'v-focus', year: 2014 });
    expect(await screen.findByText(c.inGarage(['Van 3']))).toBeTruthy();
    expect(saveButton()).toBeNull();
  });

  it('offers to save the same vehicle in another year', async () => {
    api.on(garageRoute, ok({ items: [van3] }));
    render('customer', { make: 'Ford', vehicleId: 'v-focus', year: 2016 });
    await waitFor(() => expect(saveButton()).toBeTruthy());
    expect(screen.queryByText(c.inGarage(['Van 3']))).toBeNull();
  });

  it('offers nothing to save until a vehicle and its year are chosen', async () => {
    api.on(garageRoute, ok({ items: [] }));
    render('customer', { make: 'Ford', vehicleId: 'v-focus' });
    await waitFor(() => expect(model().value).toBe('v-focus'));
    await waitFor(() => expect(api.callsTo(garageRoute)).toHaveLength(1));
    expect(saveButton()).toBeNull();
  });

  it("shows the server's refusal of a full garage next to the button, and keeps the nickname", async () => {
    api.on(garageRoute, ok({ items: [van3] }));
    api.on(saveRoute, problem('conflict', copy.garage.full(MAX_GARAGE_VEHICLES)));
    render('customer', { make: 'Ford', vehicleId: 'v-focus', year: 2015 });
    const nickname = await screen.findByLabelText(c.nickname);
    fireEvent.change(nickname, { target: { value: 'Van 4' } });
    fireEvent.click(saveButton()!);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(copy.garage.full(MAX_GARAGE_VEHICLES));
    expect(saveButton()!.getAttribute('aria-describedby')).toBe(alert.id);
    expect((screen.getByLabelText(c.nickname) as HTMLInputElement).value).toBe('Van 4');
    expect(screen.queryByText(c.inGarage([]))).toBeNull();
    // The way to make room goes with the message.
    expect(screen.getByRole('link', { name: c.openGarage }).getAttribute('href')).toBe('/dashboard/garage');
  });

  it('says a garage is full without asking the server when it already holds the most it may', async () => {
    const full = Array.from({ length: MAX_GARAGE_VEHICLES }, (_, index) => ({ ...golfSaved, id: `g-${index}` }));
    api.on(garageRoute, ok({ items: full }));
    render('customer', { make: 'Ford', vehicleId: 'v-focus', year: 2015 });
    await waitFor(() => expect(saveButton()).toBeTruthy());
    fireEvent.click(saveButton()!);
    expect((await screen.findByRole('alert')).textContent).toBe(copy.garage.full(MAX_GARAGE_VEHICLES));
    expect(screen.getByRole('link', { name: c.openGarage })).toBeTruthy();
    expect(api.callsTo(saveRoute)).toHaveLength(0);
  });

  it('refuses a nickname too long under its field, sending nothing', async () => {
    api.on(garageRoute, ok({ items: [] }));
    render('customer', { make: 'Ford', vehicleId: 'v-focus', year: 2015 });
    const nickname = await screen.findByLabelText(c.nickname);
    fireEvent.change(nickname, { target: { value: 'x'.repeat(MAX_NICKNAME_LENGTH + 1) } });
    fireEvent.click(saveButton()!);
    expectFieldError(screen.getByLabelText(c.nickname), copy.garage.nicknameTooLong(MAX_NICKNAME_LENGTH));
    expect(api.callsTo(saveRoute)).toHaveLength(0);
  });

  it('shows a visitor no save control, only a way to sign in that comes back to this list', async () => {
    // The list as the page reads it (the server renders the same link): its own order, no tracking tags.
    render(
      'visitor',
      { make: 'Ford', vehicleId: 'v-focus', year: 2015 },
      '/part?year=2015&q=pads&vehicle=v-focus&utm_source=chat',
    );
    const signIn = await screen.findByRole('link', { name: c.signInToSave });
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/part?q=pads&vehicle=v-focus&year=2015')}`);
    expect(saveButton()).toBeNull();
    expect(screen.queryByLabelText(c.nickname)).toBeNull();
    expect(screen.queryByRole('group', { name: c.myGarage })).toBeNull();
    expect(api.callsTo(garageRoute)).toHaveLength(0);
  });

  it('offers an admin (who has no garage) nothing, and asks for no garage', async () => {
    render('none', { make: 'Ford', vehicleId: 'v-focus', year: 2015 });
    await waitFor(() => expect(year().value).toBe('2015'));
    expect(saveButton()).toBeNull();
    expect(screen.queryByRole('link', { name: c.signInToSave })).toBeNull();
    expect(api.callsTo(garageRoute)).toHaveLength(0);
  });
});

describe('VehicleFilter, the saved vehicles in the picker', () => {
  it('lists the saved vehicles before the selects, and one press chooses its vehicle and year', async () => {
    api.on(garageRoute, ok({ items: [van3, golfSaved] }));
    api.on('GET /api/vehicles', ok({ items: [golf] }));
    const { onChange } = render('customer');

    const garage = await screen.findByRole('group', { name: c.myGarage });
    const buttons = within(garage).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Ford Focus 2014 “Van 3”1.6 Ti-VCT 92 kW',
      'Volkswagen Golf VII 20161.4 TSI 90 kW',
    ]);
    // First in the picker: before the make, in the page's and the keyboard's order.
    expect(buttons[0]!.compareDocumentPosition(make()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(buttons.every((button) => button.getAttribute('aria-pressed') === 'false')).toBe(true);

    fireEvent.click(buttons[1]!);
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Volkswagen', vehicleId: 'v-golf', year: 2016 });
    await waitFor(() => expect(model().value).toBe('v-golf'));
    expect(make().value).toBe('Volkswagen');
    expect(year().value).toBe('2016');
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(c.inGarage([]))).toBeTruthy();
  });

  it('shows no garage when the customer has saved nothing', async () => {
    api.on(garageRoute, ok({ items: [] }));
    render('customer');
    await waitFor(() => expect(api.callsTo(garageRoute)).toHaveLength(1));
    await waitFor(() => expect(make().disabled).toBe(false));
    expect(screen.queryByRole('group', { name: c.myGarage })).toBeNull();
  });
});
