import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Statement, StatementInvoice } from '#shared/schemas/statement';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render-with-app';
import { StatementView } from './statement-view';

const s = copy.statement;

const statement: Statement = {
  companyName: 'Piston & Sons Garage',
  currency: 'USD',
  date: '2026-12-06',
  paymentsSince: '2026-09-07',
  invoices: [
    {
      number: 'INV-2026-000101',
      orderId: 'order-1',
      invoicedAt: '2026-10-20T15:00:00.000Z',
      dueDate: '2026-11-19',
      totalCents: 184_500,
      paidCents: 0,
      daysOverdue: 17,
    },
    {
      number: 'INV-2026-000102',
      orderId: 'order-2',
      invoicedAt: '2026-11-20T15:00:00.000Z',
      dueDate: '2026-12-20',
      totalCents: 92_040,
      paidCents: 40_000,
      daysOverdue: 0,
    },
  ],
  payments: [
    {
      invoiceNumber: 'INV-2026-000102',
      amountCents: 40_000,
      paidAt: '2026-11-28',
      reference: 'Chase wire 88213',
      method: 'transfer',
    },
  ],
  balanceCents: 236_540,
  creditLimitCents: 2_000_000,
  creditLeftCents: 1_763_460,
};

describe('StatementView', () => {
  it('shows balance and credit, links each invoice to its PDF, marks the overdue one, and pays by card', () => {
    fakeApi();
    const onPay = vi.fn<(invoice: StatementInvoice) => void>();
    renderWithApp(<StatementView statement={statement} onPay={onPay} />, { path: '/dashboard/statement' });

    expect(screen.getByText(s.balance).nextSibling?.textContent).toBe('$2,365.40');
    expect(screen.getByText(s.creditLeft).nextSibling?.textContent).toBe('$17,634.60');
    expect(screen.getByRole('link', { name: s.downloadPdf }).getAttribute('href')).toBe('/api/me/company/statement.pdf');
    expect(screen.getByRole('link', { name: s.downloadCsv }).getAttribute('href')).toBe('/api/me/company/statement.csv');

    const [overdue, current] = screen.getAllByTestId('statement-invoice');
    expect(within(overdue!).getByRole('link', { name: 'INV-2026-000101' }).getAttribute('href')).toBe(
      '/api/orders/order-1/invoice.pdf',
    );
    expect(within(overdue!).getByText(s.overdueDays(17))).toBeTruthy();
    expect(within(current!).getByText(s.notOverdue)).toBeTruthy();
    expect(within(current!).getByText('$400.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: s.payByCardFor('INV-2026-000102') }));
    expect(onPay).toHaveBeenCalledWith(statement.invoices[1]);
    expect(screen.getByText('Chase wire 88213')).toBeTruthy();
  });

  it('says so when nothing is open and nothing was paid', () => {
    fakeApi();
    renderWithApp(<StatementView statement={{ ...statement, invoices: [], payments: [] }} onPay={() => undefined} />, {
      path: '/dashboard/statement',
    });
    expect(screen.getByText(s.noOpenInvoices)).toBeTruthy();
    expect(screen.getByText(s.noPayments)).toBeTruthy();
  });
});
