import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Vehicle } from '#shared/schemas/vehicles';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { fiesta, focus } from '../../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { type VehicleChoice, VehiclePicker } from './vehicle-picker';

const t = copy.vin;
let api: FakeApi;

// 1FA: Ford, United States; a letter at 7 and "G" at 10: 2016; "4" is its check digit.
const FORD_2016 = '1FAHP3K24GL000001';
const lookupRoute = `GET /api/vehicles/vin/${FORD_2016}` as const;

const vinField = () => screen.getByLabelText(t.label) as HTMLInputElement;
const findButton = () => screen.getByRole('button', { name: t.find });
const typeVin = (vin: string) => fireEvent.change(vinField(), { target: { value: vin } });

function Harness({ onChange, onSubmit }: { onChange: (next: VehicleChoice) => void; onSubmit: () => void }) {
  const [value, setValue] = useState<VehicleChoice>({});
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <VehiclePicker
        value={value}
        findByVin
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <button type="submit">Save</button>
    </form>
  );
}

function render() {
  const onChange = vi.fn<(next: VehicleChoice) => void>();
  const onSubmit = vi.fn();
  renderWithApp(<Harness onChange={onChange} onSubmit={onSubmit} />);
  fireEvent.click(screen.getByRole('button', { name: t.open }));
  return { onChange, onSubmit };
}

const lookup = (vehicles: Vehicle[], overrides: object = {}) =>
  ok({ vin: FORD_2016, make: 'Ford', year: 2016, vehicles, ...overrides });

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/vehicles/makes', ok({ items: ['Ford', 'Opel', 'Vauxhall'] }));
  api.on('GET /api/vehicles', ok({ items: [fiesta, focus] }));
});

describe('Find by VIN', () => {
  it('stays closed under the selects until its button opens it, and then has the focus', async () => {
    renderWithApp(<Harness onChange={vi.fn()} onSubmit={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: t.open });
    const hidden = () => vinField().closest('[hidden]') !== null;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(hidden()).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(hidden()).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(vinField()));
    fireEvent.click(toggle);
    expect(hidden()).toBe(true);
  });

  it.each([
    ['', t.required],
    ['1FAHP3K24GL00000', t.length(16)],
    ['1FAHP3K24GL00000O', t.forbiddenLetters],
    ['1FAHP3K24GL00000!', t.characters],
    ['1FAHP3K23GL000001', t.checkDigit],
  ])('says why %j is no VIN next to the field, without asking the server', (vin, message) => {
    render();
    typeVin(vin);
    fireEvent.click(findButton());
    expectFieldError(vinField(), message);
    expect(api.callsTo(lookupRoute)).toHaveLength(0);
  });

  it('asks the server for the VIN as read, says "2016 Ford", and chooses the model picked as the selects do', async () => {
    api.on(lookupRoute, lookup([focus]));
    const { onChange } = render();
    typeVin(' 1fa-hp3k24 gl000001 ');
    fireEvent.click(findButton());

    const models = (await screen.findByLabelText(t.candidates('2016 Ford'))) as HTMLSelectElement;
    expectNoFieldError(vinField());
    expect(api.callsTo(lookupRoute)).toHaveLength(1);
    expect(Array.from(models.options).map((option) => option.textContent)).toEqual([
      t.chooseModel,
      'Focus 1.6 Ti-VCT 92 kW (2011–2018)',
    ]);

    fireEvent.change(models, { target: { value: focus.id } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Ford', vehicleId: focus.id, year: 2016 });
    // The selects above show the vehicle as if it had been picked there.
    await waitFor(() => expect((screen.getByLabelText(copy.vehiclePicker.model) as HTMLSelectElement).value).toBe(focus.id));
    expect((screen.getByLabelText(copy.vehiclePicker.make) as HTMLSelectElement).value).toBe('Ford');
    expect((screen.getByLabelText(copy.vehiclePicker.year) as HTMLSelectElement).value).toBe('2016');
  });

  it('finds on Enter without sending the form it sits in', async () => {
    api.on(lookupRoute, lookup([focus]));
    const { onSubmit } = render();
    typeVin(FORD_2016);
    fireEvent.keyDown(vinField(), { key: 'Enter' });
    await screen.findByLabelText(t.candidates('2016 Ford'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names the make of each model when they are of more than one', async () => {
    const astra = { id: 'v-astra', make: 'Opel', model: 'Astra K', engine: '1.4 Turbo', yearFrom: 2015, yearTo: 2021 };
    const vauxhall = { ...astra, id: 'v-astra-uk', make: 'Vauxhall' };
    const vin = 'W0LPD6EE1GG000001';
    api.on(`GET /api/vehicles/vin/${vin}`, ok({ vin, make: 'Opel', year: 2016, vehicles: [astra, vauxhall] }));
    render();
    typeVin(vin);
    fireEvent.click(findButton());
    const models = (await screen.findByLabelText(t.candidates('2016 Opel'))) as HTMLSelectElement;
    expect(Array.from(models.options).map((option) => option.textContent)).toEqual([
      t.chooseModel,
      'Opel Astra K 1.4 Turbo (2015–2021)',
      'Vauxhall Astra K 1.4 Turbo (2015–2021)',
    ]);
  });

  it('says when the shop does not know the maker, or lists nothing of that year', async () => {
    api.on(lookupRoute, lookup([], { make: null }), lookup([]));
    render();
    typeVin(FORD_2016);
    fireEvent.click(findButton());
    expect(await screen.findByText(t.unknownMake('1FA'))).toBeTruthy();
    fireEvent.click(findButton());
    expect(await screen.findByText(t.noVehicles('2016 Ford'))).toBeTruthy();
  });

  it("shows the server's refusal next to the field, and a fault as one", async () => {
    api.on(lookupRoute, problem('validation_failed', t.checkDigit, { vin: t.checkDigit }), ok({}, 500));
    render();
    typeVin(FORD_2016);
    fireEvent.click(findButton());
    await waitFor(() => expectFieldError(vinField(), t.checkDigit));
    fireEvent.click(findButton());
    await waitFor(() => expectFieldError(vinField(), t.failed));
  });
});
