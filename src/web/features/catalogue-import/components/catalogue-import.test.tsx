import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_ACES_FILE_BYTES } from '#shared/schemas/catalogue-import';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { CatalogueImport } from './catalogue-import';

const c = copy.catalogueImport;
let api: FakeApi;

const xmlFile = (text = '<ACES></ACES>') => new File([text], 'fitments.xml', { type: '' });

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<CatalogueImport />);
});

describe('CatalogueImport: VCdb extract', () => {
  it('sends the file as CSV and shows the rows matched and every row not matched with its line', async () => {
    api.on(
      'POST /api/admin/vcdb',
      ok({ matched: 21, unmatched: [{ line: 23, message: c.vcdbNoVehicle(2020, 'Tesla', 'Model 3') }] }),
    );
    fireEvent.change(screen.getByLabelText(c.vcdbFile), {
      target: { files: [new File(['base_vehicle_id,year,make,model\n'], 'vcdb.csv', { type: '' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: c.vcdbLoad }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', c.vcdbResult(21));
    const report = within(screen.getByText(c.vcdbUnmatched(1)).parentElement!);
    expect(report.getByText(c.vcdbNoVehicle(2020, 'Tesla', 'Model 3'))).toBeTruthy();
    expect(report.getByText(`${c.lineLabel(23)}:`)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/vcdb')[0]!.headers['content-type']).toBe('text/csv');
  });

  it('puts a refused file’s message under the field', async () => {
    api.on('POST /api/admin/vcdb', problem('validation_failed', c.vcdbHeader, { file: c.vcdbHeader }));
    fireEvent.change(screen.getByLabelText(c.vcdbFile), { target: { files: [new File(['x'], 'vcdb.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: c.vcdbLoad }));
    await waitFor(() => expectFieldError(screen.getByLabelText(c.vcdbFile), c.vcdbHeader));
  });
});

describe('CatalogueImport: ACES file', () => {
  it('checks the file and lists every error with its line', async () => {
    const errors = [
      { line: 14, message: c.appUnknownPart('GH-NOPE') },
      { line: 20, message: c.appUnknownBaseVehicle(999) },
    ];
    api.on('POST /api/admin/aces', ok({ ok: false, added: 0, changed: 0, unchanged: 0, errors }));
    fireEvent.change(screen.getByLabelText(c.acesFile), { target: { files: [xmlFile()] } });
    fireEvent.click(screen.getByRole('button', { name: c.check }));
    const report = within((await screen.findByText(c.notImported(2))).parentElement!);
    expect(report.getByText(c.appUnknownPart('GH-NOPE'))).toBeTruthy();
    expect(report.getByText(c.appUnknownBaseVehicle(999))).toBeTruthy();
    const call = api.callsTo('POST /api/admin/aces')[0]!;
    expect(call.query).toEqual({ apply: 'false' });
    expect(call.headers['content-type']).toBe('application/xml');
  });

  it('imports the file and shows what was added, changed and left', async () => {
    api.on('POST /api/admin/aces', ok({ ok: true, added: 4, changed: 2, unchanged: 2, errors: [] }));
    fireEvent.change(screen.getByLabelText(c.acesFile), { target: { files: [xmlFile()] } });
    fireEvent.click(screen.getByRole('button', { name: c.import }));
    expect((await screen.findByRole('status')).textContent).toBe(`${c.imported} ${c.counts(4, 2, 2)}`);
    expect(api.callsTo('POST /api/admin/aces')[0]!.query).toEqual({ apply: 'true' });
  });

  it('sends nothing without a file, or with one over the limit', async () => {
    fireEvent.click(screen.getByRole('button', { name: c.check }));
    await waitFor(() => expectFieldError(screen.getByLabelText(c.acesFile), c.chooseFile));
    const huge = xmlFile();
    Object.defineProperty(huge, 'size', { value: MAX_ACES_FILE_BYTES + 1 });
    fireEvent.change(screen.getByLabelText(c.acesFile), { target: { files: [huge] } });
    fireEvent.click(screen.getByRole('button', { name: c.import }));
    await waitFor(() => expectFieldError(screen.getByLabelText(c.acesFile), c.fileTooLarge(10)));
    expect(api.callsTo('POST /api/admin/aces')).toHaveLength(0);
  });

  it('puts a file that is not XML under the field', async () => {
    const message = c.notXml(4, 'unexpected close tag.');
    api.on('POST /api/admin/aces', problem('validation_failed', message, { file: message }));
    fireEvent.change(screen.getByLabelText(c.acesFile), { target: { files: [xmlFile('<ACES>')] } });
    fireEvent.click(screen.getByRole('button', { name: c.check }));
    await waitFor(() => expectFieldError(screen.getByLabelText(c.acesFile), message));
  });
});

describe('CatalogueImport: the catalogue as CSV files', () => {
  const x = copy.catalogueExchange;
  const csvFile = () => new File(['sku,make\n'], 'fitments.csv', { type: '' });

  it('links both downloads', () => {
    expect(screen.getByRole('link', { name: x.downloadParts }).getAttribute('href')).toBe('/api/admin/catalogue.csv');
    expect(screen.getByRole('link', { name: x.downloadFitments }).getAttribute('href')).toBe('/api/admin/fitments.csv');
  });

  it('checks first, then applies once the check is clean, and shows the counts', async () => {
    api.on('POST /api/admin/catalogue/import', ok({ ok: true, added: 120, changed: 14, unchanged: 9866, errors: [] }));
    const apply = screen.getByRole('button', { name: x.apply('parts') });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(x.partsFile), { target: { files: [csvFile()] } });
    fireEvent.click(screen.getByRole('button', { name: x.check('parts') }));
    expect((await screen.findByRole('status')).textContent).toBe(`${x.checkedOk} ${c.counts(120, 14, 9866)}`);
    await waitFor(() => expect(apply).toHaveProperty('disabled', false));
    fireEvent.click(apply);
    await waitFor(() => expect(api.callsTo('POST /api/admin/catalogue/import')).toHaveLength(2));
    expect((await screen.findByRole('status')).textContent).toBe(`${x.applied} ${c.counts(120, 14, 9866)}`);
    const [check, applied] = api.callsTo('POST /api/admin/catalogue/import');
    expect(check!.query).toEqual({ kind: 'parts', apply: 'false' });
    expect(applied!.query).toEqual({ kind: 'parts', apply: 'true' });
    expect(check!.headers['content-type']).toBe('text/csv');
    // A new file is checked before it can be applied.
    fireEvent.change(screen.getByLabelText(x.partsFile), { target: { files: [csvFile()] } });
    expect(apply).toHaveProperty('disabled', true);
  });

  it('lists every error of a fitments file with its line, and keeps Apply off', async () => {
    const errors = [
      { line: 2, message: x.unknownPart('GH-NOPE') },
      { line: 9999, message: x.fitmentTwice(12) },
    ];
    api.on('POST /api/admin/catalogue/import', ok({ ok: false, added: 0, changed: 0, unchanged: 0, errors }));
    fireEvent.change(screen.getByLabelText(x.fitmentsFile), { target: { files: [csvFile()] } });
    fireEvent.click(screen.getByRole('button', { name: x.check('fitments') }));
    const report = within((await screen.findByText(c.notImported(2))).parentElement!);
    expect(report.getByText(x.unknownPart('GH-NOPE'))).toBeTruthy();
    expect(report.getByText(`${c.lineLabel(9999)}:`)).toBeTruthy();
    expect(screen.getByRole('button', { name: x.apply('fitments') })).toHaveProperty('disabled', true);
    expect(api.callsTo('POST /api/admin/catalogue/import')[0]!.query).toEqual({ kind: 'fitments', apply: 'false' });
  });

  it('puts a file refused as a whole under its field', async () => {
    const message = copy.catalogueImport.tooLarge(32);
    api.on('POST /api/admin/catalogue/import', problem('payload_too_large', message));
    fireEvent.change(screen.getByLabelText(x.fitmentsFile), { target: { files: [csvFile()] } });
    fireEvent.click(screen.getByRole('button', { name: x.check('fitments') }));
    await waitFor(() => expectFieldError(screen.getByLabelText(x.fitmentsFile), message));
  });
});
