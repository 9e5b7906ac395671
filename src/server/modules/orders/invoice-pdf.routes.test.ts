import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { signedInAdmin, signedInCustomer, signUp, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { paidOrder, placedOrder } from '../../testing/orders';
import { deliveryAddress, download, GERMAN_SELLER, MUNICH, pdfText, setShop } from '../../testing/pdf';
import { describeOnEachEngine } from '../../testing/test-app';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

describeOnEachEngine('GET /api/orders/:id/invoice.pdf', (ctx) => {
  let customer: TestAccount;
  let admin: TestAccount;
  const api = testApi(ctx);
  // Straight through inject: the bytes of a PDF, not text.
  const invoiceOf = (account: TestAccount | null, orderId: string) =>
    download(ctx.app, account, `/api/orders/${orderId}/invoice.pdf`);
  const orderOf = async (account: TestAccount, id: string) => (await api.as(account).get(`/api/orders/${id}`)).json as Order;

  beforeAll(async () => {
    customer = await signedInCustomer(ctx);
    admin = await signedInAdmin(ctx);
  });

  it('holds the number, the date paid, the seller, the buyer, every line and the total, for its owner and an admin', async () => {
    await setShop(ctx, admin, { ...GERMAN_SELLER, taxRates: [], sellerVatNumber: 'DE123456789' });
    const { db } = ctx.database;
    const pads = await insertPart(db, { name: 'Brake pad set', sku: 'GH-BRK-1042', price_cents: 1890, stock: 500 });
    const filter = await insertPart(db, { name: 'Oil filter', sku: 'GH-FLT-0980', price_cents: 1364, stock: 500 });
    const { id } = await paidOrder(ctx, customer, pads.id, {
      partId: undefined,
      quantity: undefined,
      lines: [
        { partId: pads.id, quantity: 48 },
        { partId: filter.id, quantity: 24 },
      ],
      address: '7 Camshaft Close\nGearville',
    });
    const order = (await api.as(customer).get(`/api/orders/${id}`)).json as {
      invoiceNumber: string;
      totalCents: number;
      lines: { sku: string; partName: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
    };
    expect(order.invoiceNumber).toMatch(/^INV-2026-\d{6}$/);

    for (const account of [customer, admin]) {
      const res = await invoiceOf(account, id);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.invoiceNumber}.pdf"`);
      expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.bytes);
      expect(text).toContain(copy.invoice.title);
      expect(text).toContain(order.invoiceNumber);
      expect(text).toContain('15 June 2026');
      expect(text).toContain('Gearhouse Parts GmbH Werkstrasse 4 70173 Stuttgart Germany');
      expect(text).toContain(copy.invoice.vatNumber('DE123456789'));
      expect(text).toContain(customer.name);
      expect(text).toContain('7 Camshaft Close Gearville');
      // pdfmake sets a word apart at its hyphens, so the address is found with the spaces taken out.
      expect(text.replace(/ /g, '')).toContain(customer.email);
      expect(text).toContain('+1 555-010-2030');
      expect(order.lines).toHaveLength(2);
      for (const line of order.lines) {
        expect(text).toContain(
          `${line.sku} ${line.partName} ${line.quantity} ${formatMoney(line.unitPriceCents)} ${formatMoney(line.lineTotalCents)}`,
        );
      }
      // Goods of $1,234.56 deliver free, and no tax applies where it goes (the seller's country by default).
      expect(text).toContain(
        `${copy.invoice.goodsSubtotal} $1,234.56 ${copy.totals.delivery} ${copy.totals.deliveryFree} ${copy.invoice.total} $1,234.56`,
      );
    }
  });

  it('prints the delivery address, goods, delivery, each rate with its base and amount, the total and the delivery day', async () => {
    await setShop(ctx, admin, {
      ...GERMAN_SELLER,
      // A second rate on top, as a region's tax would add: each prints on its line.
      taxRates: [
        { country: 'DE', name: 'VAT', ratePercent: 19 },
        { country: 'DE', region: 'BY', name: 'Sales tax', ratePercent: 2.5 },
      ],
    });
    const pads = await insertPart(ctx.database.db, { name: 'Brake pad set', sku: 'GH-BRK-3001', price_cents: 1890, stock: 500 });
    const { id } = await paidOrder(ctx, customer, pads.id, {
      address: undefined,
      deliveryAddress: { ...MUNICH, region: 'BY' as string | undefined },
    });
    const order = await orderOf(customer, id);
    // 12 × $18.90 = $226.80, under the threshold: $9.90 delivery; VAT 19% of $236.70 = $44.97 (44.973),
    // sales tax 2.5% of $236.70 = $5.92 (5.9175); total $287.59.
    expect(order).toMatchObject({ goodsCents: 22_680, deliveryCents: 990, totalCents: 28_759 });
    expect(order.taxes).toEqual([
      { name: 'VAT', ratePercent: 19, baseCents: 23_670, amountCents: 4497 },
      { name: 'Sales tax', ratePercent: 2.5, baseCents: 23_670, amountCents: 592 },
    ]);

    const text = await pdfText((await invoiceOf(customer, id)).bytes);
    expect(text).toContain(`${customer.name} Hauptstraße 5 80331 München BY Germany`);
    expect(text).toContain('GH-BRK-3001 Brake pad set 12 $18.90 $226.80');
    expect(text).toContain(
      [
        `${copy.invoice.goodsSubtotal} $226.80`,
        `${copy.totals.delivery} $9.90`,
        'VAT 19% on $236.70 $44.97',
        'Sales tax 2.5% on $236.70 $5.92',
        `${copy.invoice.total} $287.59`,
      ].join(' '),
    );
    expect(text).toContain(copy.invoice.expectedDelivery(day(`${order.expectedDelivery!}T00:00:00Z`)));
    expect(text).not.toContain(copy.totals.reverseCharge);
  });

  it('prints the reverse charge with both VAT IDs, and the buyer’s VAT ID, for an EU company abroad', async () => {
    await setShop(ctx, admin);
    const buyer = await signUp(ctx.app, { name: 'Garage Lefèvre SARL' });
    await ctx.database.db.updateTable('users').set({ vat_id: 'FR96000110899' }).where('id', '=', buyer.id).execute();
    const pads = await insertPart(ctx.database.db, { name: 'Brake pad set', sku: 'GH-BRK-3002', price_cents: 1890, stock: 500 });
    const { id } = await paidOrder(ctx, buyer, pads.id, {
      address: undefined,
      deliveryAddress: deliveryAddress({ line1: '3 rue des Forges', city: 'Lyon', postalCode: '69002', country: 'FR' }),
    });
    const order = await orderOf(buyer, id);
    expect(order.taxes).toEqual([]);
    expect(order.exemption).toEqual({ kind: 'reverse_charge', buyerVatId: 'FR96000110899', sellerVatId: 'DE136695976' });

    const text = await pdfText((await invoiceOf(buyer, id)).bytes);
    expect(text).toContain(`Garage Lefèvre SARL 3 rue des Forges 69002 Lyon France`);
    expect(text).toContain(copy.invoice.buyerVatId('FR96000110899'));
    expect(text).toContain(`${copy.invoice.goodsSubtotal} $226.80 ${copy.totals.delivery} $9.90 ${copy.invoice.total} $236.70`);
    expect(text).toContain(
      `${copy.totals.reverseCharge} ${copy.invoice.sellerVatId('DE136695976')} ${copy.invoice.buyerVatId('FR96000110899')}`,
    );
  });

  it('prints why an exempt buyer paid no tax', async () => {
    await setShop(ctx, admin);
    const buyer = await signUp(ctx.app, { name: 'Städtische Werke' });
    await ctx.database.db
      .updateTable('users')
      .set({ tax_exempt_reason: 'Public body, exemption certificate 12-345' })
      .where('id', '=', buyer.id)
      .execute();
    const pads = await insertPart(ctx.database.db, { name: 'Brake pad set', sku: 'GH-BRK-3003', price_cents: 1890, stock: 500 });
    const { id } = await paidOrder(ctx, buyer, pads.id, { address: undefined, deliveryAddress: MUNICH });
    const text = await pdfText((await invoiceOf(buyer, id)).bytes);
    expect(text).toContain(`${copy.invoice.total} $236.70`);
    expect(text).toContain(copy.totals.exempt('Public body, exemption certificate 12-345'));
    expect(text).not.toContain('VAT 19%');
  });

  it('prints an order placed before tax and delivery as before: its goods are its total', async () => {
    await setShop(ctx, admin);
    const pads = await insertPart(ctx.database.db, { name: 'Brake pad set', sku: 'GH-BRK-3004', price_cents: 1890, stock: 500 });
    const { id } = await paidOrder(ctx, customer, pads.id, { address: undefined, deliveryAddress: MUNICH });
    // As migration 0032 left an order placed before it.
    await ctx.database.db
      .updateTable('orders')
      .set({
        goods_cents: null,
        delivery_cents: 0,
        tax_cents: 0,
        taxes: '[]',
        total_cents: 22_680,
        delivery_address: null,
        expected_delivery: null,
        address: '7 Camshaft Close\nGearville',
      })
      .where('id', '=', id)
      .execute();
    const text = await pdfText((await invoiceOf(customer, id)).bytes);
    expect(text).toContain('7 Camshaft Close Gearville');
    expect(text).toContain(`${copy.invoice.goodsSubtotal} $226.80 ${copy.invoice.total} $226.80`);
    expect(text).not.toContain(copy.totals.delivery);
    expect(text).not.toContain('Expected delivery');
  });

  it('prints names, addresses and part names in Polish, Greek, Cyrillic, Turkish and Vietnamese as written, composed', async () => {
    await setShop(ctx, admin, {
      ...GERMAN_SELLER,
      sellerName: 'Převodovky Hradec s.r.o.',
      sellerAddress: { line1: 'Třída Čs. armády 7', city: 'Hradec Králové', postalCode: '500 03', country: 'CZ' },
      sellerVatNumber: 'CZ12345678',
    });
    const { db } = ctx.database;
    const pads = await insertPart(db, { name: 'Тормозные колодки', sku: 'GH-BRK-2001', price_cents: 1890, stock: 500 });
    const filter = await insertPart(db, { name: 'Φίλτρο λαδιού', sku: 'GH-FLT-2002', price_cents: 1364, stock: 500 });
    // Decomposed, as some systems send it: a letter followed by its combining accent.
    const buyer = await signUp(ctx.app, { name: 'Łukasz Żółć'.normalize('NFD') });
    const { id } = await paidOrder(ctx, buyer, pads.id, {
      partId: undefined,
      quantity: undefined,
      lines: [
        { partId: pads.id, quantity: 12 },
        { partId: filter.id, quantity: 12 },
      ],
      address: 'Γιώργος Παπαδόπουλος\nДмитрий Nguyễn\nİstanbul Şişli'.normalize('NFD'),
    });

    const text = await pdfText((await invoiceOf(buyer, id)).bytes);
    for (const written of [
      'Převodovky Hradec s.r.o.',
      'Třída Čs. armády 7 500 03 Hradec Králové',
      'Łukasz Żółć',
      'Γιώργος Παπαδόπουλος Дмитрий Nguyễn İstanbul Şişli',
      'Тормозные колодки',
      'Φίλτρο λαδιού',
    ]) {
      expect(text).toContain(written);
    }
  });

  it('prints the invoice and its credit note in the currency the order was placed in, whatever the shop prices in since', async () => {
    await setShop(ctx, admin, { ...GERMAN_SELLER, currency: 'EUR' });
    const pads = await insertPart(ctx.database.db, { name: 'Brake pad set', sku: 'GH-BRK-3010', price_cents: 1890, stock: 500 });
    const { id } = await paidOrder(ctx, customer, pads.id, { address: undefined, deliveryAddress: MUNICH });
    expect(await orderOf(customer, id)).toMatchObject({ currency: 'EUR', totalCents: 28_167 });
    await setShop(ctx, admin, { ...GERMAN_SELLER, currency: 'CHF' });
    try {
      const invoice = await pdfText((await invoiceOf(customer, id)).bytes);
      expect(invoice).toContain('GH-BRK-3010 Brake pad set 12 €18.90 €226.80');
      expect(invoice).toContain(
        [
          `${copy.invoice.goodsSubtotal} €226.80`,
          `${copy.totals.delivery} €9.90`,
          'VAT 19% on €236.70 €44.97',
          `${copy.invoice.total} €281.67`,
        ].join(' '),
      );
      expect(invoice).not.toMatch(/\$|CHF/);

      const cancelled = (await api.as(admin).delete(`/api/orders/${id}`)).json as Order;
      const number = cancelled.creditNotes[0]!.number;
      const creditNote = await pdfText((await download(ctx.app, customer, `/api/credit-notes/${number}.pdf`)).bytes);
      expect(creditNote).toContain('GH-BRK-3010 Brake pad set 12 -€18.90 -€226.80');
      expect(creditNote).toContain(`${copy.invoice.total} -€281.67`);
      expect(creditNote).not.toMatch(/\$|CHF/);
    } finally {
      await setShop(ctx, admin, { ...GERMAN_SELLER, currency: 'USD' });
    }
  });

  it('answers 404 as problem+json for an unpaid order, someone else’s, and one that does not exist; 401 for a visitor', async () => {
    const part = await insertPart(ctx.database.db, { stock: 500 });
    const unpaid = await placedOrder(ctx, customer, part.id);
    const paid = await paidOrder(ctx, customer, part.id);
    const other = await signedInCustomer(ctx);

    const cases: [TestAccount | null, string, number, string | undefined][] = [
      [customer, unpaid.id, 404, copy.invoice.notFound],
      [admin, unpaid.id, 404, copy.invoice.notFound],
      [other, paid.id, 404, copy.orders.notFound],
      [customer, 'no-such-order', 404, copy.orders.notFound],
      [null, paid.id, 401, undefined],
    ];
    for (const [account, orderId, status, detail] of cases) {
      const res = await invoiceOf(account, orderId);
      expect(res.status, `${account?.email ?? 'visitor'} ${orderId}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (detail) expect(res.json()).toMatchObject({ code: 'not_found', detail });
    }
  });
});
