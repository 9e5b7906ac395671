import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { fakeOrder, fakeOrderLine } from '../../../testing/fixtures';
import {
  expectFieldError,
  expectNoFieldError,
  pictureFile,
  renderWithApp,
  stubObjectUrls,
} from '../../../testing/render-with-app';
import { ReturnForm } from './return-form';
import { formatDate } from '../../../lib/format-date';

const r = copy.returns;

const order = fakeOrder({
  id: 'order-1',
  status: 'delivered',
  deliveredAt: '2026-11-25T12:00:00.000Z',
  lines: [
    fakeOrderLine({ id: 'order-1:0', partName: 'Brake pads', quantity: 5 }),
    fakeOrderLine({ id: 'order-1:1', partName: 'Oil filter', quantity: 2 }),
  ],
});
const windows = { returnWindowDays: 30, coreReturnWindowDays: 90 };

function renderForm(held: ReadonlyMap<string, number> = new Map()) {
  const onSent = vi.fn();
  renderWithApp(<ReturnForm order={order} held={held} windows={windows} onCancel={() => undefined} onSent={onSent} />);
  return { onSent };
}

const quantity = (name: string) => screen.getByLabelText(r.quantityLabel(name));
const reason = (name: string) => screen.getByLabelText(r.reasonLabel(name));
const send = () => fireEvent.click(screen.getByRole('button', { name: r.send }));

describe('The return form', () => {
  it('asks for at least one line before sending anything', async () => {
    const api = fakeApi();
    renderForm();
    send();
    await waitFor(() => expectFieldError(quantity('Brake pads'), r.linesRequired));
    expect(api.callsTo('POST /api/returns')).toHaveLength(0);
    // No old units in this order: no window of theirs is named.
    expect(screen.queryByText(/core deposit: until/)).toBeNull();
  });

  it('checks each quantity against what is left and asks a reason for every line sent back', async () => {
    const api = fakeApi();
    // Four of the five brake pads are already in an earlier return.
    renderForm(new Map([['order-1:0', 4]]));
    expect(screen.getByText(r.quantityHint(1))).toBeTruthy();
    fireEvent.change(quantity('Brake pads'), { target: { value: '3' } });
    fireEvent.change(quantity('Oil filter'), { target: { value: '1' } });
    send();
    await waitFor(() => expectFieldError(quantity('Brake pads'), r.quantityOver(1)));
    expectFieldError(reason('Oil filter'), r.reasonRequired);
    fireEvent.change(quantity('Brake pads'), { target: { value: '1.5' } });
    send();
    await waitFor(() => expectFieldError(quantity('Brake pads'), r.quantityInvalid));
    expect(api.callsTo('POST /api/returns')).toHaveLength(0);
  });

  it('leaves out the fields of a line with nothing left, and asks for a line under the next one', async () => {
    fakeApi();
    renderForm(new Map([['order-1:0', 5]]));
    expect(screen.queryByLabelText(r.quantityLabel('Brake pads'))).toBeNull();
    expect(screen.getByText(r.quantityHint(0))).toBeTruthy();
    send();
    await waitFor(() => expectFieldError(quantity('Oil filter'), r.linesRequired));
  });

  it('offers the four reasons, not core, for a line of parts', () => {
    fakeApi();
    renderForm();
    const options = [...(reason('Brake pads') as HTMLSelectElement).options].map((option) => option.value);
    expect(options).toEqual(['', 'wrong_part', 'damaged', 'not_needed', 'warranty']);
  });

  it('names a core deposit’s line as My Orders does and offers only core for it', () => {
    fakeApi();
    const withCore = fakeOrder({
      id: 'order-2',
      status: 'delivered',
      deliveredAt: '2026-11-25T12:00:00.000Z',
      lines: [
        fakeOrderLine({ id: 'order-2:0', partName: 'Alternator', quantity: 2 }),
        fakeOrderLine({ id: 'order-2:1', partName: 'Alternator', quantity: 2, kind: 'core' }),
      ],
    });
    renderWithApp(<ReturnForm order={withCore} held={new Map()} windows={windows} onCancel={() => undefined} onSent={vi.fn()} />);
    // Each field has a label of its own: the part's and its deposit's lines share the part's name.
    const core = copy.orders.coreDepositLine('Alternator');
    expect(screen.getByText(core)).toBeTruthy();
    expect(quantity('Alternator')).not.toBe(quantity(core));
    const options = [...(reason(core) as HTMLSelectElement).options].map((option) => option.value);
    expect(options).toEqual(['', 'core']);
    expect([...(reason('Alternator') as HTMLSelectElement).options].map((option) => option.value)).not.toContain('core');
    // The parts' window and the old units' own, 30 and 90 days from the delivery.
    expect(screen.getByText(r.windowOpenUntil(formatDate('2026-12-25T12:00:00.000Z')))).toBeTruthy();
    expect(screen.getByText(r.coreWindowOpenUntil(formatDate('2027-02-23T12:00:00.000Z')))).toBeTruthy();
  });

  it('sends only the lines given a quantity, and goes on with the return it made', async () => {
    const api = fakeApi().on('POST /api/returns', ok({ id: 'ret-1', number: 'RMA-2026-000001', status: 'requested' }, 201));
    const { onSent } = renderForm();
    fireEvent.change(quantity('Oil filter'), { target: { value: '2' } });
    fireEvent.change(reason('Oil filter'), { target: { value: 'damaged' } });
    fireEvent.change(screen.getByLabelText(r.noteLabel), { target: { value: '  Box crushed  ' } });
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ id: 'ret-1', number: 'RMA-2026-000001', status: 'requested' }));
    expect(api.callsTo('POST /api/returns')[0]!.body).toEqual({
      orderId: 'order-1',
      lines: [{ orderLineId: 'order-1:1', quantity: 2, reason: 'damaged' }],
      note: 'Box crushed',
      photos: [],
    });
  });

  it('uploads the photos first and sends their addresses, offering one more field up to three', async () => {
    stubObjectUrls();
    const api = fakeApi()
      .on('POST /api/uploads', ok({ url: '/uploads/a.webp' }, 201), ok({ url: '/uploads/b.webp' }, 201))
      .on('POST /api/returns', ok({ id: 'ret-1', number: 'RMA-2026-000001', status: 'requested' }, 201));
    const { onSent } = renderForm();
    fireEvent.change(screen.getByLabelText(r.photoLabel(1)), { target: { files: [pictureFile('one.png')] } });
    fireEvent.change(await screen.findByLabelText(r.photoLabel(2)), { target: { files: [pictureFile('two.png')] } });
    fireEvent.change(await screen.findByLabelText(r.photoLabel(3)), { target: { files: [pictureFile('three.png')] } });
    fireEvent.change(screen.getByLabelText(r.photoLabel(3)), { target: { files: [] } });
    expect(screen.queryByLabelText(r.photoLabel(4))).toBeNull();
    fireEvent.change(quantity('Brake pads'), { target: { value: '1' } });
    fireEvent.change(reason('Brake pads'), { target: { value: 'warranty' } });
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api.callsTo('POST /api/uploads')).toHaveLength(2);
    expect(api.callsTo('POST /api/returns')[0]!.body).toMatchObject({ photos: ['/uploads/a.webp', '/uploads/b.webp'] });
  });

  it("puts the server's refusal under the line it names, counted among the lines sent", async () => {
    fakeApi().on(
      'POST /api/returns',
      problem('business_rule', r.quantityTooMany(1), { 'lines.0.quantity': r.quantityTooMany(1) }),
      fieldProblem({ 'lines.0.orderLineId': r.windowClosed(30) }),
    );
    renderForm();
    fireEvent.change(quantity('Oil filter'), { target: { value: '2' } });
    fireEvent.change(reason('Oil filter'), { target: { value: 'not_needed' } });
    send();
    // The only line sent is the form's second one.
    await waitFor(() => expectFieldError(quantity('Oil filter'), r.quantityTooMany(1)));
    expectNoFieldError(quantity('Brake pads'));
    // A line past its window is said under its quantity too.
    send();
    await waitFor(() => expectFieldError(quantity('Oil filter'), r.windowClosed(30)));
  });
});
