import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Company, CompanyRole, CompanyStatus } from '#shared/schemas/companies';
import { type FakeApi, fakeApi, ok, problem } from '../../testing/fake-api';
import { fakeSettings } from '../../testing/fixtures';
import { expectFieldError, renderWithApp } from '../../testing/render-with-app';
import InvitationPage from './invitation';
import MyCompanyPage from './my-company';

const m = copy.companyMembers;
const p = m.page;
let api: FakeApi;

const user = (id: string, name: string, email: string) => ({
  user: { id, name, email, emailVerified: true, image: null, role: 'customer', createdAt: '2026-01-01T00:00:00.000Z' },
  isAdmin: false,
});
const dana = user('u-dana', 'Dana Whitfield', 'dana@example.com');
const ben = user('u-ben', 'Ben Okafor', 'ben@example.com');
const DETROIT = { line1: '12 Piston Road', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' };

function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c-1',
    name: 'Whitfield Fleet Services',
    vatId: null,
    taxExempt: false,
    taxExemptReason: null,
    billingAddress: DETROIT,
    paymentTerms: 'net30',
    creditLimitCents: 2_500_000,
    discountPercent: 8,
    status: 'active',
    declineReason: null,
    createdAt: '2026-06-15T12:00:00.000Z',
    balanceCents: 0,
    creditLeftCents: 2_500_000,
    deliveryAddresses: [{ id: 'a-1', label: 'Main depot', phone: '+1 313 555 0142', address: DETROIT }],
    members: [
      { userId: dana.user.id, name: dana.user.name, email: dana.user.email, role: 'company_admin', orderLimitCents: null },
      { userId: ben.user.id, name: ben.user.name, email: ben.user.email, role: 'buyer', orderLimitCents: 75_000 },
    ],
    invitations: [],
    ...overrides,
  };
}

/** `listed`: the company GET /api/me lists (its status, the user's role), which My company then asks for. */
function signedInAs(me: typeof dana | null, listed: { status: CompanyStatus; role: CompanyRole } | null = null) {
  api.on('GET /api/auth/get-session', ok(me ? { session: { id: 's-1' } } : null));
  if (me) api.on('GET /api/me', ok({ ...me, company: listed && { id: 'c-1', ...listed } }));
}

function render(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/dashboard/company" element={<MyCompanyPage />} />
      <Route path="/invitations/:token" element={<InvitationPage />} />
    </Routes>,
    { path },
  );
}

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/settings', ok(fakeSettings()));
});

describe('the invitation page', () => {
  const preview = {
    companyName: 'Whitfield Fleet Services',
    email: 'ben@example.com',
    role: 'buyer',
    expiresAt: '2026-06-22T12:00:00.000Z',
  };

  it('asks a visitor to sign in or sign up, and to come back here', async () => {
    signedInAs(null);
    api.on('GET /api/invitations/tok-1', ok(preview));
    render('/invitations/tok-1');
    expect(await screen.findByText(m.invitation.signInToJoin)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.invitation.signIn }).getAttribute('href')).toBe(
      '/login?next=%2Finvitations%2Ftok-1',
    );
    expect(screen.getByRole('link', { name: m.invitation.signUp }).getAttribute('href')).toBe(
      '/signup?next=%2Finvitations%2Ftok-1',
    );
  });

  it('lets the invitee join, and says so', async () => {
    signedInAs(ben);
    api.on('GET /api/invitations/tok-1', ok(preview));
    api.on('POST /api/invitations/tok-1/accept', ok(company()));
    render('/invitations/tok-1');
    fireEvent.click(await screen.findByRole('button', { name: m.invitation.join('Whitfield Fleet Services') }));
    expect(await screen.findByText(m.invitation.joined('Whitfield Fleet Services'))).toBeTruthy();
    expect(api.callsTo('POST /api/invitations/tok-1/accept')).toHaveLength(1);
  });

  it("shows the API's refusal of someone else's invitation under the button", async () => {
    signedInAs(dana);
    api.on('GET /api/invitations/tok-1', ok(preview));
    api.on('POST /api/invitations/tok-1/accept', problem('forbidden', m.invitationForOther('ben@example.com')));
    render('/invitations/tok-1');
    fireEvent.click(await screen.findByRole('button', { name: m.invitation.join('Whitfield Fleet Services') }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.invitationForOther('ben@example.com'));
  });

  it('says a used invitation cannot be used', async () => {
    signedInAs(null);
    api.on('GET /api/invitations/tok-1', problem('gone', m.invitationUsed));
    render('/invitations/tok-1');
    expect((await screen.findByRole('alert')).textContent).toBe(m.invitationUsed);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('My company', () => {
  it('offers the application to someone in no company', async () => {
    signedInAs(dana);
    api.on('GET /api/me/company', problem('not_found', copy.companies.noCompany));
    render('/dashboard/company');
    expect(await screen.findByRole('heading', { name: p.applyTitle })).toBeTruthy();
    expect(screen.getByRole('group', { name: p.billingAddress })).toBeTruthy();
    // The session lists no company: its 404 is never asked for.
    expect(api.callsTo('GET /api/me/company')).toHaveLength(0);
  });

  it('shows the decline and its reason, with Apply again', async () => {
    signedInAs(dana, { status: 'declined', role: 'company_admin' });
    api.on('GET /api/me/company', ok(company({ status: 'declined', declineReason: 'No trade register entry' })));
    render('/dashboard/company');
    expect(await screen.findByText(p.declinedReason('No trade register entry'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: p.applyAgain }));
    expect(await screen.findByRole('heading', { name: p.applyTitle })).toBeTruthy();
  });

  it('lets a buyer read the members, without changing them or inviting', async () => {
    signedInAs(ben, { status: 'active', role: 'buyer' });
    api.on('GET /api/me/company', ok(company({ invitations: undefined })));
    render('/dashboard/company');
    const rows = await screen.findAllByTestId('company-member');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('$750.00')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: p.memberRole })).toBeNull();
    expect(screen.queryByRole('heading', { name: p.invite })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: p.leave })).toBeTruthy();
    expect(screen.queryByRole('button', { name: new RegExp(p.editAddress) })).toBeNull();
  });

  it("puts the last company admin's refusal beside the role, and sends a limit in cents", async () => {
    signedInAs(dana, { status: 'active', role: 'company_admin' });
    api.on('GET /api/me/company', ok(company()));
    api.on('PATCH /api/me/company/members/u-dana', problem('conflict', m.lastAdmin, { role: m.lastAdmin }));
    api.on('PATCH /api/me/company/members/u-ben', ok({ ...company().members[1], orderLimitCents: 50_000 }));
    render('/dashboard/company');
    const rows = await screen.findAllByTestId('company-member');
    const role = within(rows[0]!).getByRole('combobox', { name: p.memberRole });
    fireEvent.change(role, { target: { value: 'buyer' } });
    fireEvent.click(within(rows[0]!).getByRole('button', { name: `${p.save}: Dana Whitfield` }));
    await screen.findByText(m.lastAdmin);
    expectFieldError(role, m.lastAdmin);

    const limit = within(rows[1]!).getByRole('textbox', { name: p.memberLimit });
    fireEvent.change(limit, { target: { value: 'lots' } });
    fireEvent.click(within(rows[1]!).getByRole('button', { name: `${p.save}: Ben Okafor` }));
    expectFieldError(limit, p.limitInvalid);
    fireEvent.change(limit, { target: { value: '500' } });
    fireEvent.click(within(rows[1]!).getByRole('button', { name: `${p.save}: Ben Okafor` }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/me/company/members/u-ben').map((call) => call.body)).toEqual([{ orderLimitCents: 50_000 }]),
    );
  });
});
