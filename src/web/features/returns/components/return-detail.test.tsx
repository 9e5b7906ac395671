import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Return } from '#shared/schemas/returns';
import { fakeApi, ok } from '../../../testing/fake-api';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { useReturnQuery } from '../api/returns';
import { ReturnDetail } from './return-detail';

const r = copy.returns;

function fakeReturn(overrides: Partial<Return> = {}): Return {
  return {
    id: 'ret-1',
    number: 'RMA-2026-000001',
    orderId: 'order-1',
    orderNumber: 'ORDER-1',
    status: 'requested',
    note: 'Wrong size',
    photos: [],
    refusalReason: null,
    adminNotes: null,
    lines: [
      {
        orderLineId: 'order-1:0',
        partId: 'p1',
        sku: 'GH-1',
        partName: 'Brake pads',
        quantity: 2,
        unitPriceCents: 2500,
        reason: 'wrong_part',
        condition: null,
      },
    ],
    requestedAt: '2026-11-26T10:00:00.000Z',
    approvedAt: null,
    refusedAt: null,
    receivedAt: null,
    creditedAt: null,
    creditNoteNumber: null,
    refundCents: null,
    refundMethod: null,
    refundedAt: null,
    ...overrides,
  };
}

function renderDetail(ret: Return, isAdmin = true) {
  return renderWithApp(
    <ReturnDetail
      ret={ret}
      isAdmin={isAdmin}
      money={(cents) => formatMoney(cents)}
      creditNoteLink={(number) => <a href={`/api/credit-notes/${number}.pdf`}>{number}</a>}
    />,
  );
}

describe('A return, for a shop admin', () => {
  it('asks why before refusing, next to the field, and sends the reason', async () => {
    const api = fakeApi().on('POST /api/returns/ret-1/refuse', ok(fakeReturn({ status: 'refused' })));
    renderDetail(fakeReturn());
    fireEvent.click(screen.getByRole('button', { name: r.refuse }));
    const field = screen.getByLabelText(r.refuseReason);
    await waitFor(() => expectFieldError(field, r.refusalReasonRequired));
    expect(api.callsTo('POST /api/returns/ret-1/refuse')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Fitted and used' } });
    fireEvent.click(screen.getByRole('button', { name: r.refuse }));
    await waitFor(() => expect(api.callsTo('POST /api/returns/ret-1/refuse')).toHaveLength(1));
    expect(api.callsTo('POST /api/returns/ret-1/refuse')[0]!.body).toEqual({ reason: 'Fitted and used' });
  });

  it('approves with the instructions given, or none', async () => {
    const api = fakeApi().on('POST /api/returns/ret-1/approve', ok(fakeReturn({ status: 'approved' })));
    renderDetail(fakeReturn());
    fireEvent.change(screen.getByLabelText(r.approveNote), { target: { value: 'Keep the box' } });
    fireEvent.click(screen.getByRole('button', { name: r.approve }));
    await waitFor(() => expect(api.callsTo('POST /api/returns/ret-1/approve')).toHaveLength(1));
    expect(api.callsTo('POST /api/returns/ret-1/approve')[0]!.body).toEqual({ note: 'Keep the box' });
  });

  it('takes the focus to the new state once a step has moved the return on', async () => {
    fakeApi()
      // Read again after the step, as it is then.
      .on('GET /api/returns/ret-1', ok(fakeReturn()), ok(fakeReturn({ status: 'approved' })))
      .on('POST /api/returns/ret-1/approve', ok(fakeReturn({ status: 'approved' })));
    function Page() {
      const ret = useReturnQuery('ret-1');
      return ret.data ? <ReturnDetail ret={ret.data} isAdmin money={(cents) => formatMoney(cents)} /> : null;
    }
    renderWithApp(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: r.approve }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain(r.statusLabels.approved));
  });

  it('marks it received only once every line has a condition', async () => {
    const api = fakeApi().on('POST /api/returns/ret-1/receive', ok(fakeReturn({ status: 'received' })));
    renderDetail(fakeReturn({ status: 'approved', approvedAt: '2026-11-26T12:00:00.000Z' }));
    fireEvent.click(screen.getByRole('button', { name: r.markReceived }));
    const line = screen.getByTestId('receive-line');
    expect(await within(line).findByText(r.conditionMissing)).toBeTruthy();
    expect(api.callsTo('POST /api/returns/ret-1/receive')).toHaveLength(0);
    fireEvent.click(within(line).getByRole('radio', { name: r.conditionLabels.resalable }));
    fireEvent.click(screen.getByRole('button', { name: r.markReceived }));
    await waitFor(() => expect(api.callsTo('POST /api/returns/ret-1/receive')).toHaveLength(1));
    expect(api.callsTo('POST /api/returns/ret-1/receive')[0]!.body).toEqual({
      lines: [{ orderLineId: 'order-1:0', condition: 'resalable' }],
    });
  });

  it('names a core line as the deposit of its part, in the lines and where its condition is asked', () => {
    fakeApi();
    const part = fakeReturn().lines[0]!;
    renderDetail(
      fakeReturn({
        status: 'approved',
        approvedAt: '2026-11-26T12:00:00.000Z',
        lines: [part, { ...part, orderLineId: 'order-1:1', unitPriceCents: 4000, reason: 'core' }],
      }),
    );
    const core = copy.orders.coreDepositLine('Brake pads');
    expect(screen.getAllByTestId('return-detail-line').map((line) => line.querySelector('p')?.textContent)).toEqual([
      'Brake pads',
      core,
    ]);
    expect(screen.getByRole('group', { name: r.conditionLegend(`${core} × 2`) })).toBeTruthy();
    expect(screen.getByRole('group', { name: r.conditionLegend('Brake pads × 2') })).toBeTruthy();
  });

  it('credits after "Are you sure?", and not before', async () => {
    const api = fakeApi().on('POST /api/returns/ret-1/credit', ok(fakeReturn({ status: 'credited' })));
    renderDetail(fakeReturn({ status: 'received', receivedAt: '2026-11-27T09:00:00.000Z' }));
    fireEvent.click(screen.getByRole('button', { name: r.credit }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(r.creditConfirm('RMA-2026-000001', '$50.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: r.creditKeep }));
    expect(api.callsTo('POST /api/returns/ret-1/credit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: r.credit }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: r.creditYes }));
    await waitFor(() => expect(api.callsTo('POST /api/returns/ret-1/credit')).toHaveLength(1));
  });
});

describe('A return, for its customer', () => {
  it('shows no actions, and once credited its credit note and the refund to the card', () => {
    fakeApi();
    renderDetail(
      fakeReturn({
        status: 'credited',
        approvedAt: '2026-11-26T12:00:00.000Z',
        receivedAt: '2026-11-27T09:00:00.000Z',
        creditedAt: '2026-11-27T10:00:00.000Z',
        creditNoteNumber: 'CN-2026-000003',
        refundCents: 5000,
        refundMethod: 'card',
        refundedAt: '2026-11-27T10:00:01.000Z',
      }),
      false,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('return-refund').textContent).toBe(r.refundedToCard('$50.00'));
    expect(screen.getByRole('link', { name: 'CN-2026-000003' }).getAttribute('href')).toBe(
      '/api/credit-notes/CN-2026-000003.pdf',
    );
    const history = within(screen.getByTestId('return-history'));
    for (const step of ['requested', 'approved', 'received', 'credited'] as const)
      expect(history.getByText(r.history[step])).toBeTruthy();
  });
});
