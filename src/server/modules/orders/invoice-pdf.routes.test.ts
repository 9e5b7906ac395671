import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { signedInAdmin, signedInCustomer, signUp, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { paidOrder, placedOrder } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

/** The text of every page, its pieces joined by spaces, as a reader's copy would give it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

describeOnEachEngine('GET /api/orders/:id/invoice.pdf', (ctx) => {
  let customer: TestAccount;
  let admin: TestAccount;
  const api = testApi(ctx);
  // Straight through inject: the bytes of a PDF, not text.
  const invoiceOf = async (account: TestAccount | null, orderId: string) => {
    const res = await ctx.app.inject({
      url: `/api/orders/${orderId}/invoice.pdf`,
      headers: account ? { cookie: account.cookie } : {},
    });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() as unknown };
  };

  beforeAll(async () => {
    customer = await signedInCustomer(ctx);
    admin = await signedInAdmin(ctx);
  });

  it('holds the number, the date paid, the seller, the buyer, every line and the total, for its owner and an admin', async () => {
    await api.as(admin).patch('/api/settings', {
      flashDealEndsAt: '2026-07-01T00:00:00Z',
      sellerName: 'Gearhouse Parts GmbH',
      sellerAddress: 'Werkstrasse 4\n70173 Stuttgart',
      sellerVatNumber: 'DE123456789',
    });
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
      expect(text).toContain('Gearhouse Parts GmbH Werkstrasse 4 70173 Stuttgart');
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
      expect(text).toContain(`${copy.invoice.total} ${formatMoney(order.totalCents)}`);
    }
  });

  it('prints names, addresses and part names in Polish, Greek, Cyrillic, Turkish and Vietnamese as written, composed', async () => {
    await api.as(admin).patch('/api/settings', {
      flashDealEndsAt: '2026-07-01T00:00:00Z',
      sellerName: 'Převodovky Hradec s.r.o.',
      sellerAddress: 'Třída Čs. armády 7\n500 03 Hradec Králové',
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
