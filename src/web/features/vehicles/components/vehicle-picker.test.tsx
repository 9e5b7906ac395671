import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { fiesta, focus, golf } from '../../../testing/fixtures';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { useVehicle } from '../api/get-vehicles';
import { type VehicleChoice, VehiclePicker } from './vehicle-picker';

const c = copy.vehiclePicker;
let api: FakeApi;

const makesRoute = 'GET /api/vehicles/makes' as const;
const vehiclesRoute = 'GET /api/vehicles' as const;

const make = () => screen.getByLabelText(c.make) as HTMLSelectElement;
const model = () => screen.getByLabelText(c.model) as HTMLSelectElement;
const year = () => screen.getByLabelText(c.year) as HTMLSelectElement;
const optionTexts = (select: HTMLSelectElement) => Array.from(select.options).map((option) => option.textContent);

/** The picker as a page holds it: its choice in state, every change recorded. */
function Harness({ initial = {}, onChange }: { initial?: VehicleChoice; onChange: (next: VehicleChoice) => void }) {
  const [value, setValue] = useState<VehicleChoice>(initial);
  return (
    <VehiclePicker
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function render(initial?: VehicleChoice) {
  const onChange = vi.fn<(next: VehicleChoice) => void>();
  const result = renderWithApp(<Harness initial={initial} onChange={onChange} />);
  return { ...result, onChange };
}

beforeEach(() => {
  api = fakeApi();
});

describe('VehiclePicker', () => {
  it('goes make, then model with engine and years, then year, newest first', async () => {
    api.on(makesRoute, ok({ items: ['Ford', 'Volkswagen'] }));
    api.on(vehiclesRoute, ok({ items: [fiesta, focus] }));
    const { onChange } = render();

    expect(screen.getByRole('group', { name: c.legend })).toBeTruthy();
    await waitFor(() => expect(make().disabled).toBe(false));
    expect(optionTexts(make())).toEqual([c.anyMake, 'Ford', 'Volkswagen']);
    expect(model().disabled).toBe(true);
    expect(year().disabled).toBe(true);
    expect(api.callsTo(vehiclesRoute)).toHaveLength(0);

    fireEvent.change(make(), { target: { value: 'Ford' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford' });
    await waitFor(() => expect(model().disabled).toBe(false));
    expect(optionTexts(model())).toEqual([
      c.anyModel,
      'Fiesta 1.0 EcoBoost 74 kW (2017–2019)',
      'Focus 1.6 Ti-VCT 92 kW (2011–2018)',
    ]);
    expect(year().disabled).toBe(true);

    fireEvent.change(model(), { target: { value: 'v-focus' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford', vehicleId: 'v-focus' });
    await waitFor(() => expect(year().disabled).toBe(false));
    expect(optionTexts(year())).toEqual([c.anyYear, '2018', '2017', '2016', '2015', '2014', '2013', '2012', '2011']);

    fireEvent.change(year(), { target: { value: '2015' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford', vehicleId: 'v-focus', year: 2015 });
  });

  it("asks for the make's vehicles only, by name", async () => {
    api.on(makesRoute, ok({ items: ['Ford', 'Volkswagen'] }));
    api.on(vehiclesRoute, ok({ items: [golf] }));
    const fetchSpy = vi.mocked(fetch);
    render({ make: 'Volkswagen' });
    await waitFor(() => expect(optionTexts(model())).toContain('Golf VII 1.4 TSI 90 kW (2012–2019)'));
    const asked = fetchSpy.mock.calls.map(([input]) => String(input));
    expect(asked).toContain('/api/vehicles?make=Volkswagen');
  });

  it('clears the model and year when the make changes', async () => {
    api.on(makesRoute, ok({ items: ['Ford', 'Volkswagen'] }));
    api.on(vehiclesRoute, ok({ items: [fiesta, focus] }), ok({ items: [golf] }));
    const { onChange } = render({ make: 'Ford', vehicleId: 'v-focus', year: 2015 });
    await waitFor(() => expect(model().value).toBe('v-focus'));
    expect(make().value).toBe('Ford');
    expect(year().value).toBe('2015');

    fireEvent.change(make(), { target: { value: 'Volkswagen' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Volkswagen' });
    await waitFor(() => expect(optionTexts(model())).toContain('Golf VII 1.4 TSI 90 kW (2012–2019)'));
    expect(model().value).toBe('');
    expect(year().value).toBe('');
    expect(year().disabled).toBe(true);

    fireEvent.change(make(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(model().disabled).toBe(true);
  });

  it('keeps the year when the new model was built that year, and drops it otherwise', async () => {
    api.on(makesRoute, ok({ items: ['Ford'] }));
    api.on(vehiclesRoute, ok({ items: [fiesta, focus] }));
    const { onChange } = render({ make: 'Ford', vehicleId: 'v-focus', year: 2018 });
    await waitFor(() => expect(model().value).toBe('v-focus'));
    expect(year().value).toBe('2018');

    fireEvent.change(model(), { target: { value: 'v-fiesta' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford', vehicleId: 'v-fiesta', year: 2018 });
    expect(year().value).toBe('2018');
    expect(optionTexts(year())).toEqual([c.anyYear, '2019', '2018', '2017']);

    fireEvent.change(year(), { target: { value: '2019' } });
    fireEvent.change(model(), { target: { value: 'v-focus' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford', vehicleId: 'v-focus' });
    expect(year().value).toBe('');

    fireEvent.change(year(), { target: { value: '2012' } });
    fireEvent.change(model(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford' });
    expect(year().disabled).toBe(true);
  });

  it("shows the make, model and year of a choice that names only the vehicle (a garage's link)", async () => {
    api.on(makesRoute, ok({ items: ['Ford', 'Volkswagen'] }));
    // First every vehicle, to learn the vehicle's make; then that make's list.
    api.on(vehiclesRoute, ok({ items: [fiesta, focus, golf] }), ok({ items: [fiesta, focus] }));
    render({ vehicleId: 'v-focus', year: 2015 });
    await waitFor(() => expect(model().value).toBe('v-focus'));
    expect(make().value).toBe('Ford');
    expect(year().value).toBe('2015');
    expect(year().disabled).toBe(false);
  });

  it('says a vehicle the shop does not list, and keeps a make it does not list on show', async () => {
    api.on(makesRoute, ok({ items: ['Ford'] }));
    api.on(vehiclesRoute, ok({ items: [] }));
    render({ make: 'Lada', vehicleId: 'v-gone' });
    await waitFor(() => expect(optionTexts(model())).toContain(c.unknownVehicle));
    expect(make().value).toBe('Lada');
    expect(model().value).toBe('v-gone');
    expect(year().disabled).toBe(true);
  });

  it('says when the makes could not be loaded, and loads them again on request', async () => {
    api.on(makesRoute, problem('rate_limited', copy.common.tooManyRequests(5)), ok({ items: ['Ford'] }));
    render();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(c.makesFailed);
    expect(make().disabled).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: copy.common.retry }));
    await waitFor(() => expect(make().disabled).toBe(false));
    expect(optionTexts(make())).toEqual([c.anyMake, 'Ford']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says when the make's models could not be loaded, and loads them again on request", async () => {
    api.on(makesRoute, ok({ items: ['Ford'] }));
    api.on(vehiclesRoute, problem('rate_limited', copy.common.tooManyRequests(5)), ok({ items: [focus] }));
    render({ make: 'Ford' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(c.modelsFailed);
    expect(model().disabled).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: copy.common.retry }));
    await waitFor(() => expect(model().disabled).toBe(false));
    expect(optionTexts(model())).toEqual([c.anyModel, 'Focus 1.6 Ti-VCT 92 kW (2011–2018)']);
  });

  it('shows loading while the lists come', async () => {
    api.on(makesRoute, ok({ items: ['Ford'] }));
    api.on(vehiclesRoute, ok({ items: [focus] }));
    render({ make: 'Ford' });
    expect(optionTexts(make())[0]).toBe(c.loadingMakes);
    expect(make().getAttribute('aria-busy')).toBe('true');
    expect(optionTexts(model())[0]).toBe(c.loadingModels);
    await waitFor(() => expect(optionTexts(model())[0]).toBe(c.anyModel));
    expect(make().getAttribute('aria-busy')).toBeNull();
  });

  it('asks for every choice when required, and shows a message under its select', async () => {
    api.on(makesRoute, ok({ items: ['Ford'] }));
    renderWithApp(
      <VehiclePicker
        value={{}}
        onChange={() => undefined}
        layout="stack"
        legend="Your vehicle"
        required
        errors={{ vehicleId: copy.vehicles.fitmentVehicleRequired, year: copy.vehicles.yearRequired }}
      />,
    );
    expect(screen.getByRole('group', { name: 'Your vehicle' })).toBeTruthy();
    await waitFor(() => expect(optionTexts(make())[0]).toBe(c.chooseMake));
    expect(optionTexts(model())[0]).toBe(c.chooseModel);
    expect(optionTexts(year())[0]).toBe(c.chooseYear);
    expectFieldError(model(), copy.vehicles.fitmentVehicleRequired);
    expectFieldError(year(), copy.vehicles.yearRequired);
    expect(make().getAttribute('aria-invalid')).toBeNull();
  });
});

describe('useVehicle', () => {
  function Name({ id, make: makeName }: { id?: string; make?: string }) {
    const vehicle = useVehicle(id, makeName);
    if (vehicle.data === undefined) return <p>{copy.common.loading}</p>;
    return <p data-testid="name">{vehicle.data === null ? 'unknown' : `${vehicle.data.make} ${vehicle.data.model}`}</p>;
  }

  it('names a vehicle from its make when the make is given, else from every vehicle', async () => {
    api.on(vehiclesRoute, ok({ items: [focus] }), ok({ items: [focus, golf] }));
    const fetchSpy = vi.mocked(fetch);
    renderWithApp(
      <>
        <Name id="v-focus" make="Ford" />
        <Name id="v-golf" />
      </>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('name').map((p) => p.textContent)).toEqual(['Ford Focus', 'Volkswagen Golf VII']),
    );
    expect(fetchSpy.mock.calls.map(([input]) => String(input)).sort()).toEqual(['/api/vehicles', '/api/vehicles?make=Ford']);
  });

  it('answers null for a vehicle the shop does not list, and asks nothing without an id', async () => {
    api.on(vehiclesRoute, ok({ items: [focus] }));
    renderWithApp(
      <>
        <Name id="v-gone" />
        <Name />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('unknown'));
    expect(api.callsTo(vehiclesRoute)).toHaveLength(1);
  });
});
