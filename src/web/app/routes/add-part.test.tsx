import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { maxVehicleYear, MIN_VEHICLE_YEAR } from '#shared/schemas/vehicles';
import { toast } from '../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok } from '../../testing/fake-api';
import { fakePartDetail, fiesta, focus, golf } from '../../testing/fixtures';
import { expectFieldError, expectNoFieldError, pictureFile, renderWithApp, stubObjectUrls } from '../../testing/render-with-app';
import { PartsTable } from '../../features/parts/components/parts-table';
import { FitmentRows } from '../../features/vehicles/components/fitment-rows';
import AddPartPage from './add-part';

const f = copy.fitmentRows;
const vv = copy.vehicles;
let api: FakeApi;

const rowControl = (row: number, label: string) => screen.getByLabelText(`${f.row(row)}: ${label}`) as HTMLInputElement;
const addRow = () => fireEvent.click(screen.getByRole('button', { name: f.add }));
const rows = () => screen.queryAllByTestId('fitment-row');

function answerVehicles() {
  api.on('GET /api/vehicles/makes', ok({ items: ['Ford', 'Volkswagen'] }));
  // Each make's list, in the order the rows ask for them.
  api.on('GET /api/vehicles', ok({ items: [fiesta, focus] }), ok({ items: [golf] }));
}

async function chooseVehicle(row: number, make: string, vehicleId: string) {
  await waitFor(() => expect(rowControl(row, f.make).disabled).toBe(false));
  fireEvent.change(rowControl(row, f.make), { target: { value: make } });
  await waitFor(() =>
    expect(
      within(rowControl(row, f.vehicle)).queryByRole('option', { name: new RegExp(vehicleId === 'v-golf' ? 'Golf' : 'Focus') }),
    ).toBeTruthy(),
  );
  fireEvent.change(rowControl(row, f.vehicle), { target: { value: vehicleId } });
}

beforeEach(() => {
  stubObjectUrls();
  api = fakeApi();
});

describe('Add Parts, the vehicles a part fits', () => {
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.partsAdmin.add }));

  async function renderFilled() {
    api.on('GET /api/categories', ok({ items: [{ id: 'cat-brakes', slug: 'brakes', name: 'Brakes', partCount: 4 }] }));
    answerVehicles();
    renderWithApp(<AddPartPage />, { path: '/dashboard/addPart' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Brakes' })).toBeTruthy());
    const fill: [string, string][] = [
      [copy.fields.name, 'Brake pad set'],
      [copy.partsAdmin.sku, 'GH-BRK-1042'],
      [copy.partsAdmin.category, 'cat-brakes'],
      [copy.fields.price, '48.90'],
      [copy.fields.quantity, '300'],
      [copy.fields.description, 'Ceramic, low dust.'],
    ];
    for (const [label, value] of fill) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText(copy.fields.photo), { target: { files: [pictureFile()] } });
  }

  it("checks each row in the browser, fills a chosen vehicle's years, and sends the rows as fitments", async () => {
    await renderFilled();
    api.on('POST /api/uploads', ok({ url: '/uploads/pad.webp' }, 201));
    api.on('POST /api/parts', ok({ id: 'p-1' }, 201));

    addRow();
    await waitFor(() => expect(document.activeElement).toBe(rowControl(1, f.make)));
    addRow();
    expect(rows()).toHaveLength(2);
    expect(document.activeElement).toBe(rowControl(2, f.make));
    press();
    await waitFor(() => expectFieldError(rowControl(1, f.vehicle), vv.fitmentVehicleRequired));
    expectFieldError(rowControl(1, f.yearFrom), vv.yearRequired);
    expectFieldError(rowControl(2, f.yearTo), vv.yearRequired);
    expect(api.callsTo('POST /api/parts')).toHaveLength(0);

    await chooseVehicle(1, 'Ford', 'v-focus');
    expect(rowControl(1, f.yearFrom).value).toBe('2011');
    expect(rowControl(1, f.yearTo).value).toBe('2018');
    await waitFor(() => expectNoFieldError(rowControl(1, f.vehicle)));
    fireEvent.change(rowControl(1, f.yearFrom), { target: { value: '2016' } });
    fireEvent.change(rowControl(1, f.yearTo), { target: { value: '2014' } });
    await waitFor(() => expectFieldError(rowControl(1, f.yearTo), vv.yearsBackwards));
    fireEvent.change(rowControl(1, f.yearTo), { target: { value: '2018' } });
    fireEvent.change(rowControl(1, f.note), { target: { value: ' front axle ' } });

    // The second row names the same vehicle: one row per vehicle.
    await chooseVehicle(2, 'Ford', 'v-focus');
    await waitFor(() => expectFieldError(rowControl(2, f.vehicle), vv.fitmentDuplicate));
    fireEvent.change(rowControl(2, f.make), { target: { value: 'Volkswagen' } });
    await chooseVehicle(2, 'Volkswagen', 'v-golf');
    fireEvent.change(rowControl(2, f.yearFrom), { target: { value: '1900' } });
    await waitFor(() => expectFieldError(rowControl(2, f.yearFrom), vv.yearOutOfRange(MIN_VEHICLE_YEAR, maxVehicleYear())));
    fireEvent.change(rowControl(2, f.yearFrom), { target: { value: '2015' } });
    await waitFor(() => expectNoFieldError(rowControl(2, f.yearFrom)));
    expectNoFieldError(rowControl(2, f.vehicle));
    expect(api.callsTo('POST /api/parts')).toHaveLength(0);

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expect(api.callsTo('POST /api/parts')[0]!.body).toMatchObject({
      name: 'Brake pad set',
      fitments: [
        { vehicleId: 'v-focus', yearFrom: 2016, yearTo: 2018, note: 'front axle' },
        { vehicleId: 'v-golf', yearFrom: 2015, yearTo: 2019, note: '' },
      ],
    });
    expect(rows()).toHaveLength(0);
  });

  it("puts the server's refusal on its row, and removes a row", async () => {
    await renderFilled();
    api.on('POST /api/uploads', ok({ url: '/uploads/pad.webp' }, 201));
    api.on(
      'POST /api/parts',
      fieldProblem({ 'fitments.1.yearFrom': vv.fitmentYearsOutside(2017, 2019) }),
      ok({ id: 'p-1' }, 201),
    );
    addRow();
    await chooseVehicle(1, 'Ford', 'v-focus');
    addRow();
    await chooseVehicle(2, 'Ford', 'v-fiesta');
    fireEvent.change(rowControl(2, f.yearFrom), { target: { value: '2015' } });
    press();
    await waitFor(() => expectFieldError(rowControl(2, f.yearFrom), vv.fitmentYearsOutside(2017, 2019)));
    expect(document.activeElement).toBe(rowControl(2, f.yearFrom));
    expectNoFieldError(rowControl(1, f.yearFrom));
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed);

    const addButton = screen.getByRole('button', { name: f.add });
    fireEvent.click(screen.getByRole('button', { name: f.removeRow(2) }));
    expect(rows()).toHaveLength(1);
    expect(document.activeElement).toBe(addButton);
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expect(api.callsTo('POST /api/parts')[1]!.body).toMatchObject({
      fitments: [{ vehicleId: 'v-focus', yearFrom: 2011, yearTo: 2018, note: '' }],
    });
  });
});

describe('Manage All Parts, updating the vehicles a part fits', () => {
  const part = fakePartDetail({
    id: 'p-1',
    name: 'Brake pad set',
    fits: [
      {
        vehicle: { id: 'v-focus', make: 'Ford', model: 'Focus', engine: '1.6 Ti-VCT 92 kW' },
        yearFrom: 2012,
        yearTo: 2016,
        note: 'rear',
      },
    ],
  });

  it("shows the part's vehicles in the update form and sends the whole list", async () => {
    api.on('GET /api/parts/p-1', ok(part));
    api.on('GET /api/categories', ok({ items: [{ id: 'cat-brakes', slug: 'brakes', name: 'Brakes', partCount: 4 }] }));
    api.on('GET /api/vehicles/makes', ok({ items: ['Ford'] }));
    api.on('GET /api/vehicles', ok({ items: [fiesta, focus] }));
    api.on('PATCH /api/parts/p-1', ok(part));
    // The update dialog lists the numbers the part replaces under its form.
    api.on('GET /api/parts/p-1/supersessions', ok({ items: [], replacedBy: null }));
    renderWithApp(<PartsTable parts={[part]} offset={0} fitmentsField={(field) => <FitmentRows {...field} />} />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(copy.partsAdmin.update) }));
    await waitFor(() => expect(rowControl(1, f.vehicle).value).toBe('v-focus'));
    expect(rowControl(1, f.make).value).toBe('Ford');
    expect(rowControl(1, f.yearFrom).value).toBe('2012');
    expect(rowControl(1, f.note).value).toBe('rear');

    fireEvent.click(screen.getByRole('button', { name: f.removeRow(1) }));
    fireEvent.click(screen.getByRole('button', { name: copy.partsAdmin.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partUpdated));
    expect(api.callsTo('PATCH /api/parts/p-1')[0]!.body).toMatchObject({ fitments: [] });
  });
});
