import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { UserListItem } from '#shared/schemas/accounts';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok } from '../../../testing/fake-api';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { UsersTable } from './users-table';

const person = (overrides: Partial<UserListItem>): UserListItem => ({
  id: 'user-1',
  name: 'Ada Buyer',
  email: 'ada@example.com',
  image: null,
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  vatId: null,
  taxExemptReason: null,
  ...overrides,
});

const exempt = person({
  id: 'user-2',
  name: 'Resale Garage',
  email: 'garage@example.com',
  taxExemptReason: 'Resale certificate NY-48213',
});
const company = person({ id: 'user-3', name: 'Pièces SARL', email: 'sarl@example.com', vatId: 'FR40303265045' });
const admin = person({ id: 'admin-1', name: 'Shop Admin', email: 'admin@example.com', role: 'admin' });
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<UsersTable users={[exempt, company, admin]} offset={0} currentUserId="admin-1" />, {
    path: '/dashboard/users',
  });
});

const rowOf = (name: string) => screen.getAllByTestId('user-row').find((row) => row.textContent?.includes(name))!;
const openExemption = (name: string) =>
  fireEvent.click(within(rowOf(name)).getByRole('button', { name: `${copy.users.editTaxExemption}: ${name}` }));
const reasonOf = (name: string) => () => screen.getByLabelText(copy.users.taxExemptLabel(name));
const save = () => fireEvent.click(screen.getByRole('button', { name: copy.users.saveTaxExemption }));
const updateUser = (id: string) => `PATCH /api/users/${id}` as const;

describe('UsersTable: tax status', () => {
  it("shows a buyer's exemption with its reason and a company's VAT ID; an admin has no exemption to set", () => {
    expect(within(rowOf('Resale Garage')).getByText(copy.users.taxExempt)).toBeTruthy();
    expect(within(rowOf('Resale Garage')).getByText('Resale certificate NY-48213')).toBeTruthy();
    expect(within(rowOf('Pièces SARL')).getByText('FR40303265045')).toBeTruthy();
    expect(within(rowOf('Pièces SARL')).queryByText(copy.users.taxExempt)).toBeNull();
    expect(within(rowOf('Shop Admin')).queryByRole('button', { name: /Tax exemption/ })).toBeNull();
  });

  it('sets an exemption with its reason, checked in the browser first, and says so', async () => {
    const reason = reasonOf('Pièces SARL');
    api.on(updateUser('user-3'), ok({ ...company, taxExemptReason: 'Diplomatic mission' }));
    openExemption('Pièces SARL');
    expect((reason() as HTMLInputElement).value).toBe('');
    fireEvent.change(reason(), { target: { value: 'x'.repeat(201) } });
    save();
    await waitFor(() => expectFieldError(reason(), copy.users.taxExemptReasonInvalid));
    expect(api.calls).toHaveLength(0);

    fireEvent.change(reason(), { target: { value: '  Diplomatic mission ' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.users.taxExemptionSaved));
    expect(api.callsTo(updateUser('user-3')).map((call) => call.body)).toEqual([{ taxExemptReason: 'Diplomatic mission' }]);
  });

  it("ends an exemption with an empty reason, and shows the server's refusal under the field", async () => {
    const reason = reasonOf('Resale Garage');
    api.on(
      updateUser('user-2'),
      fieldProblem({ taxExemptReason: copy.users.taxExemptReasonInvalid }),
      ok({ ...exempt, taxExemptReason: null }),
    );
    openExemption('Resale Garage');
    expect((reason() as HTMLInputElement).value).toBe('Resale certificate NY-48213');
    save();
    await waitFor(() => expectFieldError(reason(), copy.users.taxExemptReasonInvalid));
    fireEvent.change(reason(), { target: { value: '' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.users.taxExemptionSaved));
    expect(api.callsTo(updateUser('user-2')).map((call) => call.body)).toEqual([
      { taxExemptReason: 'Resale certificate NY-48213' },
      { taxExemptReason: null },
    ]);
  });
});
