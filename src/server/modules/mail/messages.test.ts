import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { MailMessage } from './mailer';
import {
  emailVerificationMail,
  lowStockMail,
  orderCancelledByShopMail,
  orderCreditedMail,
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
  passwordResetMail,
  type Recipient,
} from './messages';

// What whoever made an account typed: its name, and an order's delivery address.
const CHOSEN_NAME = 'Claim your prize at evil.example now';
const CHOSEN_ADDRESS = 'Call +1 555 0100 to stop the charge';

const order = (customer: Recipient): OrderMailFacts => ({
  customer,
  number: '0195F3A2-9C41-7A3B',
  partName: 'Brake pads',
  quantity: 12,
  totalCents: 12_000,
  address: CHOSEN_ADDRESS,
  transactionId: 'txn_1',
  payBy: '2026-06-16T12:00:00.000Z',
  lines: [{ partName: 'Brake pads', quantity: 12, lineTotalCents: 12_000 }],
  goodsCents: 12_000,
  deliveryCents: 0,
  taxes: [],
  expectedDelivery: null,
  currency: 'USD',
});

/** Every mail of the shop to this recipient. */
const everyMail = (to: Recipient): [string, MailMessage][] => [
  ['password reset', passwordResetMail(to, 'https://shop.example/reset-password?token=t')],
  ['verification', emailVerificationMail(to, 'https://shop.example/api/auth/verify-email?token=t')],
  ['low stock', lowStockMail(to, { name: 'Brake pads', sku: 'GH-1', stock: 3, line: 24 }, 'https://shop.example/o')],
  ['placed', orderPlacedMail(order(to), 'https://shop.example/dashboard')],
  ['paid', orderPaidMail(order(to), 'https://shop.example/dashboard')],
  ['shipped', orderShippedMail(order(to), 'https://shop.example/dashboard')],
  ['cancelled by the shop', orderCancelledByShopMail(order(to), 'admin', 'https://shop.example/dashboard')],
  ['part withdrawn', orderCancelledByShopMail(order(to), 'partWithdrawn', 'https://shop.example/dashboard')],
  ['expired', orderExpiredMail(order(to), 24, 'https://shop.example/part/p1')],
];

describe('what a mail carries of what an account typed', () => {
  it.each(everyMail({ email: 'owner@example.com', name: CHOSEN_NAME, addressConfirmed: false }))(
    'the %s mail to an unconfirmed address greets without a name and quotes nothing typed',
    (_name, mail) => {
      expect(mail.text.startsWith(`${copy.mail.greetingWithoutName}\n`)).toBe(true);
      for (const part of [mail.subject, mail.text, mail.html ?? '']) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain(CHOSEN_ADDRESS);
      }
    },
  );

  it('greets a confirmed address by name, and tells it where its parts go', () => {
    const to = { email: 'owner@example.com', name: 'Fay', addressConfirmed: true };
    expect(passwordResetMail(to, 'https://shop.example/r').text.startsWith(`${copy.mail.greeting('Fay')}\n`)).toBe(true);
    expect(orderShippedMail(order(to), 'https://shop.example/dashboard').text).toContain(copy.mail.shippedTo(CHOSEN_ADDRESS));
    // The verification link goes to an address not confirmed yet, whoever the account says it is.
    expect(emailVerificationMail(to, 'https://shop.example/v').text).not.toContain('Fay');
  });
});

describe('how an order mail names and sums up the order', () => {
  const to = { email: 'buyer@example.com', name: 'Fay', addressConfirmed: true };
  // Five different parts, 108 units in all.
  const fiveParts: OrderMailFacts = {
    ...order(to),
    quantity: 108,
    totalCents: 54_000,
    goodsCents: 54_000,
    lines: [
      { partName: 'Brake pads', quantity: 48, lineTotalCents: 24_000 },
      { partName: 'Oil filter', quantity: 24, lineTotalCents: 12_000 },
      { partName: 'Spark plug', quantity: 12, lineTotalCents: 6_000 },
      { partName: 'Wiper blade', quantity: 12, lineTotalCents: 6_000 },
      { partName: 'Air filter', quantity: 12, lineTotalCents: 6_000 },
    ],
  };

  it.each([
    ['placed', orderPlacedMail(fiveParts, 'https://shop.example/dashboard')],
    ['paid', orderPaidMail(fiveParts, 'https://shop.example/dashboard')],
    ['shipped', orderShippedMail(fiveParts, 'https://shop.example/dashboard')],
    ['cancelled by the shop', orderCancelledByShopMail(fiveParts, 'admin', 'https://shop.example/dashboard')],
    ['expired', orderExpiredMail(fiveParts, 48, 'https://shop.example/part/p1')],
  ])('the %s mail counts the parts and their units apart, under the order’s number', (_name, mail) => {
    expect(mail.text).toContain('Order 0195F3A2-9C41-7A3B');
    expect(mail.text).toContain('In all: 5 parts, 108 units, $540.00.');
    expect(mail.text).not.toContain('108 parts');
    expect(mail.html).toContain('In all: 5 parts, 108 units, $540.00.');
  });

  it('names a one-part order’s quantity in the one sentence it has', () => {
    const mail = orderPlacedMail(order(to), 'https://shop.example/dashboard');
    expect(mail.text).toContain('Order 0195F3A2-9C41-7A3B');
    expect(mail.text).toContain(copy.mail.orderLine(12, 'Brake pads', '$120.00'));
    expect(mail.text).not.toContain('In all:');
  });

  it('adds delivery, each tax and the total when the order was charged them, and the expected day', () => {
    const charged: OrderMailFacts = {
      ...order(to),
      quantity: 12,
      goodsCents: 6_000,
      deliveryCents: 990,
      taxes: [
        { name: 'VAT', ratePercent: 19, amountCents: 1_328 },
        { name: 'Sales tax', ratePercent: 8.875, amountCents: 620 },
      ],
      totalCents: 8_938,
      lines: [{ partName: 'Brake pads', quantity: 12, lineTotalCents: 6_000 }],
      expectedDelivery: '2026-06-19',
    };
    for (const mail of [orderPlacedMail(charged, 'https://shop.example/d'), orderPaidMail(charged, 'https://shop.example/d')]) {
      expect(mail.text).toContain(copy.mail.orderLine(12, 'Brake pads', '$60.00'));
      expect(mail.text).toContain('Delivery: $9.90');
      expect(mail.text).toContain('VAT 19%: $13.28');
      expect(mail.text).toContain('Sales tax 8.875%: $6.20');
      expect(mail.text).toContain('Total: $89.38.');
      expect(mail.text).toContain('Expected delivery: 2026-06-19.');
    }
    const reverseCharged = orderPaidMail(
      { ...charged, taxes: [], totalCents: 6_990, exemption: copy.totals.reverseCharge },
      'https://shop.example/d',
    );
    expect(reverseCharged.text).toContain(copy.totals.reverseCharge);
    expect(reverseCharged.text).toContain('Total: $69.90.');
  });

  it('writes every amount in the currency the order was placed in', () => {
    const inEuros: OrderMailFacts = {
      ...order(to),
      currency: 'EUR',
      goodsCents: 6_000,
      deliveryCents: 990,
      taxes: [{ name: 'VAT', ratePercent: 19, amountCents: 1_328 }],
      totalCents: 8_318,
      lines: [{ partName: 'Brake pads', quantity: 12, lineTotalCents: 6_000 }],
    };
    const mail = orderPaidMail(inEuros, 'https://shop.example/d');
    expect(mail.text).toContain(copy.mail.orderLine(12, 'Brake pads', '€60.00'));
    expect(mail.text).toContain('Delivery: €9.90');
    expect(mail.text).toContain('VAT 19%: €13.28');
    expect(mail.text).toContain('Total: €83.18.');
    expect(mail.text).not.toContain('$');
    const credited = orderCreditedMail(
      { ...inEuros, currency: 'CHF' },
      { number: 'CN-2026-0001', totalCents: 8_318 },
      'https://shop.example/d',
    );
    expect(credited.text).toContain('CHF 83.18');
    expect(credited.text).not.toContain('$');
  });
});
