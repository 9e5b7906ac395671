import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_QUANTITY_FACTOR, type SupersessionList } from '#shared/schemas/supersessions';
import { type FakeApi, fakeApi, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { PartSupersessions } from './part-supersessions';

const s = copy.supersessions;
const listRoute = 'GET /api/parts/part-1/supersessions' as const;
const addRoute = 'POST /api/parts/part-1/supersessions' as const;
let api: FakeApi;

const item = {
  fromNumber: 'GH-BRK-1042',
  quantityFactor: 2,
  since: '2026-03-01',
  note: 'Pairs',
  createdAt: '2026-03-01T09:00:00.000Z',
};
const empty: SupersessionList = { items: [], replacedBy: null };

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: s.add }));

describe('PartSupersessions', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('lists the numbers the part replaces and adds one, the factor and day as typed', async () => {
    api.on(listRoute, ok(empty), ok({ items: [item], replacedBy: null }));
    api.on(addRoute, ok({ items: [item], replacedBy: null }, 201));
    renderWithApp(<PartSupersessions partId="part-1" />, { path: '/dashboard/manageParts' });
    expect(await screen.findByText(s.replacesEmpty)).toBeTruthy();
    type(s.numberLabel, 'gh-brk-1042');
    type(s.factorLabel, '2');
    type(s.sinceLabel, '2026-03-01');
    type(s.noteLabel, 'Pairs');
    submit();
    await waitFor(() => expect(api.callsTo(addRoute)).toHaveLength(1));
    expect(api.callsTo(addRoute)[0]!.body).toEqual({
      fromNumber: 'GH-BRK-1042',
      quantityFactor: 2,
      since: '2026-03-01',
      note: 'Pairs',
    });
    const items = within(await screen.findByTestId('supersession-items'));
    expect(items.getByText('GH-BRK-1042')).toBeTruthy();
    expect(items.getByRole('button', { name: s.remove('GH-BRK-1042') })).toBeTruthy();
  });

  it('checks the factor and the day in the browser, and sends nothing', async () => {
    api.on(listRoute, ok(empty));
    renderWithApp(<PartSupersessions partId="part-1" />, { path: '/dashboard/manageParts' });
    await screen.findByText(s.replacesEmpty);
    type(s.numberLabel, 'GH-BRK-1042');
    type(s.factorLabel, '0');
    type(s.sinceLabel, '2026-02-30');
    submit();
    await waitFor(() => expectFieldError(field(s.factorLabel), s.factorInvalid(MAX_QUANTITY_FACTOR)));
    expectFieldError(field(s.sinceLabel), s.sinceInvalid);
    expect(api.callsTo(addRoute)).toHaveLength(0);
  });

  it('puts the server’s refusal next to the number', async () => {
    api.on(listRoute, ok(empty));
    const message = s.alreadyReplaced('GH-BRK-1042', 'GH-BRK-3042');
    api.on(addRoute, problem('conflict', message, { fromNumber: message }));
    renderWithApp(<PartSupersessions partId="part-1" />, { path: '/dashboard/manageParts' });
    await screen.findByText(s.replacesEmpty);
    type(s.numberLabel, 'GH-BRK-1042');
    submit();
    await waitFor(() => expectFieldError(field(s.numberLabel), message));
  });

  it('says when the part’s own number was replaced', async () => {
    api.on(
      listRoute,
      ok({
        items: [],
        replacedBy: {
          partId: 'part-2',
          sku: 'GH-BRK-2042',
          name: 'Ceramic pads',
          resolvedFrom: { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 1 },
        },
      }),
    );
    renderWithApp(<PartSupersessions partId="part-1" />, { path: '/dashboard/manageParts' });
    expect(await screen.findByText(s.replacedByText('GH-BRK-2042'))).toBeTruthy();
  });
});
