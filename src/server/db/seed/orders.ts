import { orderTotals, type ShopPricingSettings, type TaxRate } from '#shared/order-totals';
import { addressLines, type Address } from '#shared/schemas/address';
import { type PriceTier, unitPriceFor } from '#shared/pricing';
import type { OrderLinesTable, OrderRow } from '../schema';

/**
 * The demo's tax table: the seller is in Detroit, so Michigan's sales tax, and a row for every other
 * place the demo's buyers live (Ohio, Illinois, Ontario, Germany). Oregon has no sales tax, so no row:
 * the order delivered there shows an order without tax.
 */
export const demoTaxRates: readonly TaxRate[] = [
  { country: 'US', region: 'MI', name: 'Sales tax', ratePercent: 6 },
  { country: 'US', region: 'OH', name: 'Sales tax', ratePercent: 5.75 },
  { country: 'US', region: 'IL', name: 'Sales tax', ratePercent: 6.25 },
  { country: 'CA', region: 'ON', name: 'Sales tax', ratePercent: 13 },
  { country: 'DE', name: 'VAT', ratePercent: 19 },
];

/** Working days in transit abroad; within the US the default three. */
export const demoTransitDays: Readonly<Record<string, number>> = { CA: 5, DE: 8 };

interface DemoBuyer {
  name: string;
  email: string;
  phone: string;
  address: Address;
  /** The demo customer's own orders, shown under My Orders when signed in as them. */
  demoCustomer?: true;
}

const buyers = {
  casey: {
    name: 'Casey Customer',
    email: 'customer@gearhouse.example',
    phone: '+1 313-555-0142',
    address: { line1: '1540 Michigan Avenue', city: 'Detroit', region: 'MI', postalCode: '48216', country: 'US' },
    demoCustomer: true,
  },
  dana: {
    name: 'Dana Whitfield',
    email: 'dana@whitfield-auto.example',
    phone: '+1 616-555-0178',
    address: { line1: '220 Ionia Avenue SW', city: 'Grand Rapids', region: 'MI', postalCode: '49503', country: 'US' },
  },
  marcus: {
    name: 'Marcus Bell',
    email: 'marcus@bell-fleet.example',
    phone: '+1 419-555-0193',
    address: { line1: '410 Adams Street', line2: 'Unit 3', city: 'Toledo', region: 'OH', postalCode: '43604', country: 'US' },
  },
  priya: {
    name: 'Priya Nair',
    email: 'priya@westloop-garage.example',
    phone: '+1 312-555-0116',
    address: { line1: '1200 W Randolph Street', city: 'Chicago', region: 'IL', postalCode: '60607', country: 'US' },
  },
  tom: {
    name: 'Tom Okafor',
    email: 'tom.okafor@example.com',
    phone: '+1 503-555-0124',
    address: { line1: '2315 SE Division Street', city: 'Portland', region: 'OR', postalCode: '97202', country: 'US' },
  },
  elise: {
    name: 'Élise Tremblay',
    email: 'elise@tremblay-mecanique.example',
    phone: '+1 519-555-0161',
    address: { line1: '455 Ouellette Avenue', city: 'Windsor', region: 'ON', postalCode: 'N9A 4J2', country: 'CA' },
  },
  jonas: {
    name: 'Jonas Weber',
    email: 'jonas@weber-kfz.example',
    phone: '+49 711 5550 1930',
    address: { line1: 'Heilbronner Straße 150', city: 'Stuttgart', postalCode: '70191', country: 'DE' },
  },
} satisfies Record<string, DemoBuyer>;

type DemoOrderStatus = 'paid' | 'shipped' | 'delivered' | 'cancelled';

interface DemoOrder {
  key: string;
  buyer: keyof typeof buyers;
  /** Placed this many minutes before the seed runs. */
  minutesAgo: number;
  /** A cancelled demo order is one left unpaid until it expired. */
  status: DemoOrderStatus;
  /** Demo parts by key and how many, each at least the part's minimum order, in whole packs. */
  lines: readonly [partKey: string, quantity: number][];
}

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * The demo's orders over the past four weeks, for the overview's chart, the orders list and its CSV:
 * some under the free-delivery threshold (a pack of drain plugs), so they pay delivery; each taxed
 * where its buyer lives. None is unpaid: an unpaid order would hold stock until it expired. No part
 * of the flash deal is in one, so every line is priced by the part's price and tiers alone.
 */
export const demoOrders: readonly DemoOrder[] = [
  {
    key: 'dana-drain-plugs',
    buyer: 'dana',
    minutesAgo: 1 * DAY + 3 * HOUR,
    status: 'paid',
    lines: [['magnetic-oil-drain-plug', 12]],
  },
  {
    key: 'casey-brakes',
    buyer: 'casey',
    minutesAgo: 2 * DAY + 5 * HOUR,
    status: 'paid',
    lines: [
      ['semi-metallic-rear-brake-pads', 12],
      ['activated-carbon-cabin-filter', 12],
    ],
  },
  {
    key: 'jonas-sensors',
    buyer: 'jonas',
    minutesAgo: 3 * DAY + 7 * HOUR,
    status: 'paid',
    lines: [['heated-oxygen-sensor-upstream', 12]],
  },
  { key: 'dana-alternators', buyer: 'dana', minutesAgo: 4 * DAY + 2 * HOUR, status: 'shipped', lines: [['alternator-120a', 2]] },
  {
    key: 'marcus-service',
    buyer: 'marcus',
    minutesAgo: 6 * DAY + 4 * HOUR,
    status: 'shipped',
    lines: [
      ['spin-on-oil-filter', 24],
      ['engine-air-filter-panel', 12],
    ],
  },
  {
    key: 'casey-drain-plugs',
    buyer: 'casey',
    minutesAgo: 9 * DAY + 6 * HOUR,
    status: 'delivered',
    lines: [['magnetic-oil-drain-plug', 12]],
  },
  {
    key: 'priya-control-arms',
    buyer: 'priya',
    minutesAgo: 12 * DAY + 1 * HOUR,
    status: 'delivered',
    lines: [['front-lower-control-arm', 12]],
  },
  {
    key: 'tom-drain-plugs',
    buyer: 'tom',
    minutesAgo: 15 * DAY + 8 * HOUR,
    status: 'delivered',
    lines: [['magnetic-oil-drain-plug', 12]],
  },
  {
    key: 'priya-mufflers',
    buyer: 'priya',
    minutesAgo: 17 * DAY + 3 * HOUR,
    status: 'delivered',
    lines: [['stainless-rear-muffler', 2]],
  },
  {
    key: 'elise-calipers',
    buyer: 'elise',
    minutesAgo: 20 * DAY + 5 * HOUR,
    status: 'delivered',
    lines: [['brake-caliper-front-left', 2]],
  },
  {
    key: 'casey-oil-service',
    buyer: 'casey',
    minutesAgo: 23 * DAY + 2 * HOUR,
    status: 'delivered',
    lines: [
      ['synthetic-engine-oil-5w30-5l', 12],
      ['iridium-spark-plugs-4', 12],
    ],
  },
  {
    key: 'marcus-shocks',
    buyer: 'marcus',
    minutesAgo: 26 * DAY + 4 * HOUR,
    status: 'cancelled',
    lines: [['gas-shock-absorber-rear', 12]],
  },
];

/** What a demo order's lines copy of a stored part. */
export interface StoredDemoPart {
  id: string;
  sku: string;
  name: string;
  image_url: string;
  price_cents: number;
  price_tiers: string;
}

/** A demo order as written: its row (unpaid until the seed pays it, with its invoice number) and lines. */
export interface PlannedDemoOrder {
  row: OrderRow;
  lines: OrderLinesTable[];
  status: DemoOrderStatus;
  /** When the payment went through; null for an order that expired unpaid. */
  paidAt: string | null;
}

const PAID_AFTER_MINUTES = 12;

/**
 * The demo orders, priced as the shop prices a booking: each line at its part's price for the
 * quantity (tiers included), then goods, delivery, tax and the expected day from the shop's settings
 * through `orderTotals`. An order of a part the shop no longer has is left out.
 */
export function plannedDemoOrders(
  now: Date,
  settings: ShopPricingSettings & { currency: string },
  parts: ReadonlyMap<string, StoredDemoPart>,
  demoCustomerId: string | null,
  idOf: (key: string) => string,
  partIdOf: (key: string) => string,
): PlannedDemoOrder[] {
  return demoOrders.flatMap((order) => {
    const stored = order.lines.map(([key, quantity]) => ({ part: parts.get(partIdOf(key)), quantity }));
    if (stored.some((line) => line.part === undefined)) return [];
    const id = idOf(order.key);
    const buyer: DemoBuyer = buyers[order.buyer];
    const placedAt = new Date(now.getTime() - order.minutesAgo * 60_000);
    const lines: OrderLinesTable[] = stored.map(({ part, quantity }, position) => {
      const tiers = JSON.parse(part!.price_tiers) as PriceTier[];
      const unitPrice = unitPriceFor({ priceCents: part!.price_cents, priceTiers: tiers }, quantity);
      return {
        order_id: id,
        position,
        part_id: part!.id,
        sku: part!.sku,
        part_name: part!.name,
        image_url: part!.image_url,
        unit_price_cents: unitPrice,
        quantity,
        line_total_cents: unitPrice * quantity,
      };
    });
    const totals = orderTotals(
      lines.map((line) => ({ unitPriceCents: line.unit_price_cents, quantity: line.quantity })),
      buyer.address,
      {},
      settings,
      placedAt,
    );
    const at = placedAt.toISOString();
    const paidAt = order.status === 'cancelled' ? null : new Date(placedAt.getTime() + PAID_AFTER_MINUTES * 60_000).toISOString();
    const row: OrderRow = {
      id,
      user_id: buyer.demoCustomer ? demoCustomerId : null,
      total_cents: totals.totalCents,
      customer_name: buyer.name,
      customer_email: buyer.email,
      phone: buyer.phone,
      address: addressLines(buyer.address).join(', '),
      status: order.status === 'cancelled' ? 'cancelled' : 'pending_payment',
      cancel_reason: order.status === 'cancelled' ? 'expired' : null,
      transaction_id: null,
      paid_at: null,
      invoice_number: null,
      idempotency_key: null,
      created_at: at,
      updated_at: at,
      goods_cents: totals.goodsCents,
      delivery_cents: totals.deliveryCents,
      tax_cents: totals.taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
      taxes: JSON.stringify(totals.taxes),
      tax_exemption: totals.exemption ? JSON.stringify(totals.exemption) : null,
      delivery_address: JSON.stringify(buyer.address),
      expected_delivery: totals.expectedDelivery,
      buyer_vat_id: null,
      currency: settings.currency,
      company_id: null,
      po_number: null,
      payment_method: 'card',
      delivery_address_id: null,
      invoiced_at: null,
      due_date: null,
      paid_cents: 0,
      decline_reason: null,
      decided_by: null,
      delivered_at: null,
      idempotency_fingerprint: null,
    };
    return [{ row, lines, status: order.status, paidAt }];
  });
}
