import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { buyerTaxStatusFrom } from '#shared/order-totals';
import { fakeSettings } from '../testing/fixtures';
import { estimateOrderTotals, OrderTotals } from './order-totals';

const t = copy.totals;
/** Wednesday 2 December 2026, 10:00 in Detroit: before the cut-off, so the order leaves today. */
const MORNING = new Date('2026-12-02T15:00:00.000Z');

/** The figures' rows as read: "label figure". */
function rows(): string[] {
  return within(screen.getByTestId('totals'))
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
}

describe('OrderTotals', () => {
  it('under the threshold: delivery charged, and how much more makes it free', () => {
    const settings = fakeSettings();
    const totals = estimateOrderTotals(
      [{ unitPriceCents: 4890, quantity: 2 }],
      { country: 'US', region: 'MI' },
      settings,
      MORNING,
    )!;
    render(<OrderTotals totals={totals} freeDeliveryThresholdCents={settings.freeDeliveryThresholdCents} />);
    expect(rows()).toEqual([`${t.goods} $97.80`, `${t.delivery} $9.90`, `${t.total} $107.70`]);
    expect(screen.getByTestId('totals-free-delivery').textContent).toBe(t.freeDeliveryShort(formatMoney(220)));
    // Three working days in transit from the day it leaves.
    expect(screen.getByTestId('totals-expected').textContent).toBe(t.expectedDelivery('December 7, 2026'));
  });

  it('at the threshold: delivery free, and nothing more to add', () => {
    const settings = fakeSettings();
    const totals = estimateOrderTotals([{ unitPriceCents: 2500, quantity: 4 }], { country: 'US' }, settings, MORNING)!;
    render(<OrderTotals totals={totals} freeDeliveryThresholdCents={settings.freeDeliveryThresholdCents} />);
    expect(rows()).toEqual([`${t.goods} $100.00`, `${t.delivery} ${t.deliveryFree}`, `${t.total} $100.00`]);
    expect(screen.queryByTestId('totals-free-delivery')).toBeNull();
  });

  it('one line per rate, each rounded once on goods and delivery, that add up to the total', () => {
    // A national rate and a province's rate of another name, both charged.
    const settings = fakeSettings({
      taxRates: [
        { country: 'CA', name: 'VAT', ratePercent: 5 },
        { country: 'CA', region: 'BC', name: 'Sales tax', ratePercent: 7 },
      ],
    });
    const totals = estimateOrderTotals(
      [{ unitPriceCents: 1999, quantity: 3 }],
      { country: 'CA', region: 'bc' },
      settings,
      MORNING,
    )!;
    render(<OrderTotals totals={totals} freeDeliveryThresholdCents={settings.freeDeliveryThresholdCents} />);
    // $59.97 + $9.90 = $69.87: 5% is $3.4935 → $3.49, 7% is $4.8909 → $4.89.
    expect(rows()).toEqual([
      `${t.goods} $59.97`,
      `${t.delivery} $9.90`,
      `${t.tax('VAT', '5')} $3.49`,
      `${t.tax('Sales tax', '7')} $4.89`,
      `${t.total} $78.25`,
    ]);
  });

  it("writes a rate's decimals as the invoice does", () => {
    render(
      <OrderTotals
        totals={{
          goodsCents: 10_000,
          deliveryCents: 0,
          taxes: [{ name: 'Sales tax', ratePercent: 8.875, baseCents: 10_000, amountCents: 888 }],
          totalCents: 10_888,
          expectedDelivery: null,
        }}
      />,
    );
    expect(rows()).toContain(`${t.tax('Sales tax', '8.875')} $8.88`);
    // An order placed before delivery days were promised says none.
    expect(screen.queryByTestId('totals-expected')).toBeNull();
  });

  it('says why an order carries no tax: an exempt buyer, or a reverse charge', () => {
    const figures = { goodsCents: 20_000, deliveryCents: 0, taxes: [], totalCents: 20_000, expectedDelivery: '2026-12-07' };
    const { unmount } = render(
      <OrderTotals totals={{ ...figures, exemption: { kind: 'exempt', reason: 'resale certificate RC-1234' } }} />,
    );
    expect(screen.getByTestId('totals-exemption').textContent).toBe(t.exempt('resale certificate RC-1234'));
    expect(rows()).toEqual([`${t.goods} $200.00`, `${t.delivery} ${t.deliveryFree}`, `${t.total} $200.00`]);
    unmount();

    render(
      <OrderTotals
        totals={{ ...figures, exemption: { kind: 'reverse_charge', buyerVatId: 'FR40303265045', sellerVatId: 'DE136695976' } }}
      />,
    );
    expect(screen.getByTestId('totals-exemption').textContent).toBe(t.reverseCharge);
  });

  it("prices for the signed-in buyer as the server will: their exemption, or their EU VAT ID's reverse charge", () => {
    const lines = [{ unitPriceCents: 5_000, quantity: 12 }];
    const seller = { line1: '1 Werkstraße', city: 'Berlin', postalCode: '10115', country: 'DE' };
    const settings = fakeSettings({
      sellerAddress: seller,
      sellerVatNumber: 'DE136695976',
      taxRates: [
        { country: 'DE', name: 'VAT', ratePercent: 19 },
        { country: 'FR', name: 'VAT', ratePercent: 20 },
      ],
    });
    const taxed = estimateOrderTotals(lines, { country: 'FR' }, settings, MORNING)!;
    expect(taxed.taxes.map((tax) => tax.amountCents)).toEqual([12_000]);

    const reverse = estimateOrderTotals(
      lines,
      { country: 'FR' },
      settings,
      MORNING,
      buyerTaxStatusFrom({ vatId: 'FR40303265045' }),
    )!;
    expect(reverse.taxes).toEqual([]);
    expect(reverse.exemption).toEqual({ kind: 'reverse_charge', buyerVatId: 'FR40303265045', sellerVatId: 'DE136695976' });
    expect(reverse.totalCents).toBe(60_000);

    const exempt = buyerTaxStatusFrom({ vatId: null, taxExemptReason: 'resale certificate RC-1234' });
    expect(estimateOrderTotals(lines, { country: 'DE' }, settings, MORNING, exempt)!.exemption).toEqual({
      kind: 'exempt',
      reason: 'resale certificate RC-1234',
    });
  });

  it('gives no estimate the settings cannot price, rather than a wrong one', () => {
    const settings = fakeSettings({ orderCutoff: '25:00' });
    expect(estimateOrderTotals([{ unitPriceCents: 100, quantity: 1 }], { country: 'US' }, settings, MORNING)).toBeUndefined();
  });
});
