import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestAccount } from './accounts';
import { testApi } from './api';
import type { OrderTestContext } from './orders';

/** The text of every page, its pieces joined by spaces, as a reader's copy would give it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A PDF download straight through inject: its bytes, not text. */
export async function download(app: FastifyInstance, account: TestAccount | null, url: string) {
  const res = await app.inject({ url, headers: account ? { cookie: account.cookie } : {} });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() as unknown };
}

/** A German seller that charges 19% VAT in Germany, delivery $9.90 under $500 of goods. */
export const GERMAN_SELLER = {
  flashDealEndsAt: '2026-07-01T00:00:00Z',
  sellerName: 'Gearhouse Parts GmbH',
  sellerAddress: { line1: 'Werkstrasse 4', city: 'Stuttgart', postalCode: '70173', country: 'DE' },
  sellerVatNumber: 'DE136695976',
  taxRates: [{ country: 'DE', name: 'VAT', ratePercent: 19 }],
  deliveryFeeCents: 990,
  freeDeliveryThresholdCents: 50_000,
};

export async function setShop(ctx: OrderTestContext, admin: TestAccount, settings: object = GERMAN_SELLER): Promise<void> {
  const res = await testApi(ctx).as(admin).patch('/api/settings', settings);
  expect(res.status, res.body).toBe(200);
}

/** A delivery address as POST /api/orders takes it, its optional lines absent unless given. */
export function deliveryAddress(fields: {
  line1: string;
  city: string;
  postalCode: string;
  country: string;
  line2?: string;
  region?: string;
}) {
  return { line2: undefined, region: undefined, ...fields };
}

/** Where the tests' German orders go. */
export const MUNICH = deliveryAddress({ line1: 'Hauptstraße 5', city: 'München', postalCode: '80331', country: 'DE' });
