import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { CompanySummary } from '#shared/schemas/companies';
import { type FakeApi, fakeApi, fieldProblem, ok } from '../../../testing/fake-api';
import { fakeCompanySummary } from '../../../testing/fixtures';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { CompanyCard } from './company-card';

const a = copy.companiesAdmin;

const application = fakeCompanySummary();

let api: FakeApi;

function show(company: CompanySummary) {
  api = fakeApi();
  api.on(`GET /api/companies/${company.id}/prices`, ok({ items: [] }));
  renderWithApp(
    <ul>
      <CompanyCard company={company} currency="USD" />
    </ul>,
    { path: '/dashboard/companies' },
  );
}

describe('CompanyCard: reviewing an application', () => {
  beforeEach(() => show(application));

  it('approves with terms, limit and discount as the API takes them', async () => {
    api.on('PATCH /api/companies/co-1', ok({ ...application, status: 'active' }));
    fireEvent.change(screen.getByLabelText(a.termsLabel), { target: { value: 'net30' } });
    fireEvent.change(screen.getByLabelText(a.creditLimitLabel), { target: { value: '5000.00' } });
    fireEvent.change(screen.getByLabelText(a.discountLabel), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: a.approve }));
    await waitFor(() => expect(api.callsTo('PATCH /api/companies/co-1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/companies/co-1')[0]!.body).toEqual({
      status: 'active',
      paymentTerms: 'net30',
      creditLimitCents: 500_000,
      discountPercent: 12,
      taxExempt: false,
    });
  });

  it('checks the discount and the exemption reason in the browser, sending nothing', async () => {
    fireEvent.change(screen.getByLabelText(a.discountLabel), { target: { value: '51' } });
    fireEvent.click(screen.getByLabelText(a.taxExemptLabel));
    fireEvent.click(screen.getByRole('button', { name: a.approve }));
    await waitFor(() => expectFieldError(screen.getByLabelText(a.discountLabel), copy.companies.discountInvalid));
    await waitFor(() => expectFieldError(screen.getByLabelText(a.taxExemptReasonLabel), copy.companies.taxExemptReasonRequired));
    expect(api.callsTo('PATCH /api/companies/co-1')).toHaveLength(0);
  });

  it("declines only with a reason, and puts the server's refusal beside the field", async () => {
    fireEvent.click(screen.getByRole('button', { name: a.decline }));
    await waitFor(() => expectFieldError(screen.getByLabelText(a.declineReasonLabel), copy.companies.declineReasonRequired));
    expect(api.callsTo('PATCH /api/companies/co-1')).toHaveLength(0);

    api.on('PATCH /api/companies/co-1', fieldProblem({ declineReason: copy.companies.declineReasonInvalid }));
    fireEvent.change(screen.getByLabelText(a.declineReasonLabel), { target: { value: 'No trade references' } });
    fireEvent.click(screen.getByRole('button', { name: a.decline }));
    await waitFor(() => expectFieldError(screen.getByLabelText(a.declineReasonLabel), copy.companies.declineReasonInvalid));
    expect(api.callsTo('PATCH /api/companies/co-1')[0]!.body).toEqual({
      status: 'declined',
      declineReason: 'No trade references',
    });
  });
});

describe('CompanyCard: contract prices', () => {
  beforeEach(() => show({ ...application, status: 'active', discountPercent: 10 }));

  it('uploads the file as CSV and lists every refused line', async () => {
    api.on(
      'PUT /api/companies/co-1/prices',
      ok({
        imported: 0,
        rejected: [
          { line: 3, message: copy.companies.pricesUnknownSku('GH-NOPE') },
          { line: 4, message: copy.companies.pricesNotPositive },
        ],
      }),
    );
    const file = new File(['sku,unit_price\nGH-BRK-1042,41.50\nGH-NOPE,1.00\nGH-BRK-2210,0\n'], 'prices.csv', { type: '' });
    fireEvent.click(screen.getByRole('button', { name: a.review }));
    fireEvent.change(await screen.findByLabelText(a.pricesFile), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: a.pricesUpload }));
    const report = await screen.findByText(a.pricesRejected(2));
    const list = within(report.parentElement!);
    expect(list.getByText(copy.companies.pricesUnknownSku('GH-NOPE'))).toBeTruthy();
    expect(list.getByText(copy.companies.pricesNotPositive)).toBeTruthy();
    const call = api.callsTo('PUT /api/companies/co-1/prices')[0]!;
    expect(call.headers['content-type']).toBe('text/csv');
    expect(call.body).toBeInstanceOf(Blob);
  });

  it('asks for a file before sending anything', async () => {
    fireEvent.click(screen.getByRole('button', { name: a.review }));
    fireEvent.click(await screen.findByRole('button', { name: a.pricesUpload }));
    await waitFor(() => expectFieldError(screen.getByLabelText(a.pricesFile), a.pricesChooseFile));
    expect(api.callsTo('PUT /api/companies/co-1/prices')).toHaveLength(0);
  });
});
