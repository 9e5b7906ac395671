import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Cart, CartImportResult } from '#shared/schemas/cart';
import { type FakeApi, fakeApi, fieldProblem, ok } from '../../../testing/fake-api';
import { fakeCart, fakeCartLine } from '../../../testing/fixtures';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { QuickOrderForm } from './quick-order-form';

const q = copy.quickOrderPage;
const rules = copy.quickOrder;
const importRoute = 'POST /api/cart/import' as const;
let api: FakeApi;

function cartOf(...lines: { sku: string; name: string; quantity: number }[]): Cart {
  return fakeCart(
    ...lines.map((line, index) => fakeCartLine({ partId: `part-${index + 1}`, imageUrl: '/uploads/part.webp', ...line })),
  );
}

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<QuickOrderForm cartHref="/cart" />, { path: '/dashboard/quick-order' });
});

const box = () => screen.getByLabelText(q.textLabel) as HTMLTextAreaElement;
const fileInput = () => screen.getByLabelText(q.fileLabel) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: q.submit }));
const paste = (text: string) => fireEvent.change(box(), { target: { value: text } });

function choose(bytes: Uint8Array<ArrayBuffer> | string, name = 'order.csv') {
  const file = new File([bytes], name, { type: 'text/csv' });
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

describe('QuickOrderForm', () => {
  it('refuses a file that is not UTF-8 next to the file field, and sends nothing', async () => {
    // "sku,quantity\nGH-BRK-1042,48 Bremsbeläge" saved as Windows-1252: the ä is one byte, 0xE4.
    const latin1 = new Uint8Array([...new TextEncoder().encode('sku,quantity\nGH-BRK-1042,48 Bremsbel'), 0xe4, 0x67, 0x65]);
    choose(latin1);
    await waitFor(() => expectFieldError(fileInput(), rules.notUtf8));
    expect(box().value).toBe('');

    // UTF-16 with its byte-order mark is not UTF-8 either.
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'sku,quantity'].flatMap((c) => [c.charCodeAt(0), 0])]);
    choose(utf16);
    await waitFor(() => expectFieldError(fileInput(), rules.notUtf8));
    submit();
    await waitFor(() => expectFieldError(box(), rules.textRequired));
    expect(api.calls).toHaveLength(0);
  });

  it('puts a file whose first row names no columns in the box as pasted lines, saying what was expected', async () => {
    choose('GH-BRK-1042,48\nGH-FLT-0980,24\n');
    await waitFor(() => expect(box().value).toBe('GH-BRK-1042,48\nGH-FLT-0980,24'));
    expectNoFieldError(fileInput());
    const note = screen.getByText(q.fileWithoutHeader('order.csv'));
    expect(box().getAttribute('aria-describedby')).toContain(note.id);
    expect(api.calls).toHaveLength(0);

    api.on(importRoute, ok({ added: [], rejected: [], cart: cartOf() }));
    submit();
    await waitFor(() => expect(api.callsTo(importRoute)).toHaveLength(1));
    expect(api.callsTo(importRoute)[0]!.body).toEqual({ text: 'GH-BRK-1042,48\nGH-FLT-0980,24', format: 'lines' });
  });

  it.each([
    ['SKU;Qty', 'SKU;Qty\nGH-BRK-1042;48'],
    ['Part number;Quantity', 'Part number;Quantity\nGH-BRK-1042;48'],
    ['Artikelnummer;Menge with more columns', 'Artikelnummer;Bezeichnung;Menge;Preis\nGH-BRK-1042;Bremsbeläge;48;48,90'],
    ['Item<tab>Qty', 'Item\tQty\nGH-BRK-1042\t48'],
  ])('reads a CSV file whose header is %s as a CSV', async (_label, text) => {
    choose(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]));
    await waitFor(() => expect(box().value).toBe(text));
    expect(screen.getByText(q.fileRead('order.csv'))).toBeTruthy();
    api.on(importRoute, ok({ added: [], rejected: [], cart: cartOf() }));
    submit();
    await waitFor(() => expect(api.callsTo(importRoute)).toHaveLength(1));
    expect(api.callsTo(importRoute)[0]!.body).toEqual({ text, format: 'csv' });
  });

  it('names each refused row of a file by what it says, its line in the box now and its line in the file', async () => {
    const text = 'Part number;Description;Qty\n\nGH-BRK-1042;Pads;48\nGH-NOPE-1;"Two\nlines";12\nGH-FLT-0980;Filter;banana';
    choose(text);
    await waitFor(() => expect(box().value).toBe(text));
    const onlySix = copy.pricing.overStock(6);
    api.on(
      importRoute,
      ok({
        added: [],
        rejected: [
          { line: 3, text: 'GH-BRK-1042;Pads;48', sku: 'GH-BRK-1042', message: onlySix },
          { line: 4, text: 'GH-NOPE-1;"Two\nlines";12', sku: 'GH-NOPE-1', message: rules.unknownPart },
          { line: 6, text: 'GH-FLT-0980;Filter;banana', sku: 'GH-FLT-0980', message: rules.quantityNotNumber },
        ],
        cart: cartOf(),
      }),
    );
    submit();
    // The box keeps the header, then the refused rows as written: lines 2, 3 (two lines long) and 5.
    await waitFor(() =>
      expect(box().value).toBe(
        'Part number;Description;Qty\nGH-BRK-1042;Pads;48\nGH-NOPE-1;"Two\nlines";12\nGH-FLT-0980;Filter;banana',
      ),
    );
    const rejected = within(screen.getByTestId('quick-order-rejected'));
    expect(rejected.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `GH-BRK-1042;Pads;48${q.lineInBox(2)}, ${q.lineInFile(3, 'order.csv')}${onlySix}`,
      `GH-NOPE-1;"Two\nlines";12${q.lineInBox(3)}, ${q.lineInFile(4, 'order.csv')}${rules.unknownPart}`,
      `GH-FLT-0980;Filter;banana${q.lineInBox(5)}, ${q.lineInFile(6, 'order.csv')}${rules.quantityNotNumber}`,
    ]);
    expect(onlySix).toBe("You can't booking more then Available quantity. Only 6 left.");

    // Sent again from the box, the rows are no longer the file's: only the box's lines are named.
    api.on(
      importRoute,
      ok({
        added: [],
        rejected: [{ line: 2, text: 'GH-BRK-1042;Pads;48', sku: 'GH-BRK-1042', message: onlySix }],
        cart: cartOf(),
      }),
    );
    submit();
    await waitFor(() => expect(box().value).toBe('Part number;Description;Qty\nGH-BRK-1042;Pads;48'));
    await waitFor(() =>
      expect(within(screen.getByTestId('quick-order-rejected')).getByRole('listitem').textContent).toBe(
        `GH-BRK-1042;Pads;48${q.lineInBox(2)}${onlySix}`,
      ),
    );
  });

  it('reads a UTF-8 CSV file into the box and sends it as CSV; the rows refused stay under the header', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    choose(new Uint8Array([...bom, ...new TextEncoder().encode('SKU;Quantity\nGH-BRK-1042;48\nGH-NOPE-1;12\n')]));
    await waitFor(() => expect(box().value).toBe('SKU;Quantity\nGH-BRK-1042;48\nGH-NOPE-1;12'));
    expectNoFieldError(fileInput());
    expect(screen.getByText(q.fileRead('order.csv'))).toBeTruthy();

    const answer: CartImportResult = {
      added: [{ sku: 'GH-BRK-1042', quantity: 48 }],
      rejected: [{ line: 3, text: 'GH-NOPE-1;12', sku: 'GH-NOPE-1', message: rules.unknownPart }],
      cart: cartOf({ sku: 'GH-BRK-1042', name: 'Brake pad set', quantity: 48 }),
    };
    api.on(importRoute, ok(answer));
    submit();
    await waitFor(() => expect(api.callsTo(importRoute)).toHaveLength(1));
    expect(api.callsTo(importRoute)[0]!.body).toEqual({ text: 'SKU;Quantity\nGH-BRK-1042;48\nGH-NOPE-1;12', format: 'csv' });
    await waitFor(() => expect(box().value).toBe('SKU;Quantity\nGH-NOPE-1;12'));

    // Taking the header out of the CSV that is left is refused in the browser, with the server's message.
    paste('GH-NOPE-1;12');
    submit();
    await waitFor(() => expectFieldError(box(), rules.csvHeader));
    expect(api.callsTo(importRoute)).toHaveLength(1);
  });

  it('answers each pasted line: the added ones leave the box, the refused ones stay in it with their message', async () => {
    const answer: CartImportResult = {
      added: [
        { sku: 'GH-BRK-1042', quantity: 60, merged: 2 },
        { sku: 'GH-FLT-0980', quantity: 24 },
      ],
      rejected: [
        { line: 2, text: 'GH-NOPE-0001 12', sku: 'GH-NOPE-0001', message: rules.unknownPart },
        { line: 4, text: 'GH-FLT-0980 5', sku: 'GH-FLT-0980', message: copy.validation.quantityTooLow(12) },
      ],
      cart: cartOf(
        { sku: 'GH-BRK-1042', name: 'Brake pad set', quantity: 60 },
        { sku: 'GH-FLT-0980', name: 'Oil filter', quantity: 24 },
      ),
    };
    api.on(importRoute, ok(answer));
    paste('GH-BRK-1042 48\nGH-NOPE-0001 12\nGH-FLT-0980\t24\nGH-FLT-0980 5\ngh-brk-1042;12');
    submit();

    await waitFor(() => expect(box().value).toBe('GH-NOPE-0001 12\nGH-FLT-0980 5'));
    expect(api.callsTo(importRoute)[0]!.body).toEqual({
      text: 'GH-BRK-1042 48\nGH-NOPE-0001 12\nGH-FLT-0980\t24\nGH-FLT-0980 5\ngh-brk-1042;12',
      format: 'lines',
    });

    const added = within(screen.getByTestId('quick-order-added'));
    expect(screen.getByText(q.addedTitle(2))).toBeTruthy();
    expect(added.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `GH-BRK-1042Brake pad set${q.added(60)}${rules.merged(2)}`,
      `GH-FLT-0980Oil filter${q.added(24)}`,
    ]);
    const rejected = within(screen.getByTestId('quick-order-rejected'));
    expect(screen.getByText(q.rejectedTitle(2))).toBeTruthy();
    // Named by what they say and by the line of the box they are on now, not by where they were.
    expect(rejected.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `GH-NOPE-0001 12${q.lineInBox(1)}${rules.unknownPart}`,
      `GH-FLT-0980 5${q.lineInBox(2)}${copy.validation.quantityTooLow(12)}`,
    ]);
    expect(screen.getByRole('link', { name: q.goToCart }).getAttribute('href')).toBe('/cart');
    // The reader is taken to the answers.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: q.answersTitle }));
  });

  it('says which typed number was replaced, and by what, under the line added', async () => {
    const message = copy.supersessions.replacedByTimes('GH-BRK-1042', 'GH-BRK-2042', 2);
    api.on(
      importRoute,
      ok({
        added: [
          {
            sku: 'GH-BRK-2042',
            quantity: 24,
            resolvedFrom: { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 2 },
            message,
          },
        ],
        rejected: [],
        cart: cartOf({ sku: 'GH-BRK-2042', name: 'Ceramic brake pad set', quantity: 24 }),
      }),
    );
    paste('GH-BRK-1042 12');
    submit();
    await waitFor(() => expect(box().value).toBe(''));
    const added = within(screen.getByTestId('quick-order-added'));
    expect(added.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `GH-BRK-2042Ceramic brake pad set${q.added(24)}${message}`,
    ]);
  });

  it('checks the whole text in the browser, and puts the server’s refusal of it under the box', async () => {
    submit();
    await waitFor(() => expectFieldError(box(), rules.textRequired));
    paste('   \n  ');
    expectFieldError(box(), rules.textRequired);
    paste(Array.from({ length: 501 }, (_, i) => `GH-BRK-${1000 + i} 12`).join('\n'));
    expectFieldError(box(), rules.tooManyLines(500, 501));
    paste('GH-BRK-1042 48');
    expectNoFieldError(box());
    expect(api.calls).toHaveLength(0);

    api.on(importRoute, fieldProblem({ text: rules.nothingToAdd }));
    submit();
    await waitFor(() => expectFieldError(box(), rules.nothingToAdd));
    expect(box().value).toBe('GH-BRK-1042 48');
    expect(document.activeElement).toBe(box());
  });
});
