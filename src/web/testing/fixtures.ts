import type { Cart, CartLine } from '#shared/schemas/cart';
import type { CompanySummary } from '#shared/schemas/companies';
import type { Settings } from '#shared/schemas/content';
import type { Order, OrderLine } from '#shared/schemas/orders';
import type { Part, PartDetail } from '#shared/schemas/parts';
import type { Vehicle } from '#shared/schemas/vehicles';

/*
 * The shop's records as the API answers them, for component tests: each fake is a whole, valid answer
 * with `overrides` on top, so a test names only what it is about.
 */

export const focus: Vehicle = {
  id: 'v-focus',
  make: 'Ford',
  model: 'Focus',
  engine: '1.6 Ti-VCT 92 kW',
  yearFrom: 2011,
  yearTo: 2018,
};
export const fiesta: Vehicle = {
  id: 'v-fiesta',
  make: 'Ford',
  model: 'Fiesta',
  engine: '1.0 EcoBoost 74 kW',
  yearFrom: 2017,
  yearTo: 2019,
};
export const transit: Vehicle = {
  id: 'v-transit',
  make: 'Ford',
  model: 'Transit',
  engine: '2.0 EcoBlue 96 kW',
  yearFrom: 2016,
  yearTo: 2024,
};
export const golf: Vehicle = {
  id: 'v-golf',
  make: 'Volkswagen',
  model: 'Golf VII',
  engine: '1.4 TSI 90 kW',
  yearFrom: 2012,
  yearTo: 2019,
};

/** A part in the list: a brake disc at $48.90, 240 in stock, sold from 12 a time. */
export function fakePart(overrides: Partial<Part> = {}): Part {
  return {
    id: 'p-disc',
    name: 'Vented brake disc 300 mm',
    description: 'A vented disc for the front axle.',
    priceCents: 4890,
    stock: 240,
    minOrderQuantity: 12,
    imageUrl: '/uploads/disc.webp',
    sku: 'GH-BRK-1042',
    categoryId: 'cat-brakes',
    category: { slug: 'brakes', name: 'Brakes' },
    crossReferences: [],
    packSize: 1,
    lowStockThreshold: null,
    coreChargeCents: 0,
    priceTiers: [],
    rating: { average: 0, count: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A part's own page: the part and the vehicles it fits (none unless given). */
export function fakePartDetail(overrides: Partial<PartDetail> = {}): PartDetail {
  return { ...fakePart(overrides), fits: overrides.fits ?? [] };
}

/** A line of the cart: 12 of a part at $10.00 each, its SKU and picture named after the part's id. */
export function fakeCartLine(overrides: Partial<CartLine> = {}): CartLine {
  const partId = overrides.partId ?? 'pads';
  const quantity = overrides.quantity ?? 12;
  const unitPriceCents = overrides.unitPriceCents ?? 1000;
  return {
    partId,
    sku: `GH-${partId.toUpperCase()}`,
    name: partId,
    imageUrl: `/pictures/${partId}.webp`,
    quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
    basePriceCents: 1000,
    savingsCents: 0,
    tier: null,
    minOrderQuantity: 12,
    packSize: 1,
    stock: 500,
    ...overrides,
  };
}

/** The cart of these lines, its subtotal counting only the lines that can be ordered. */
export function fakeCart(...lines: CartLine[]): Cart {
  return {
    lines,
    subtotalCents: lines.filter((line) => !line.problem).reduce((sum, line) => sum + line.lineTotalCents, 0),
    savingsCents: lines.reduce((sum, line) => sum + line.savingsCents, 0),
  };
}

/** A line of an order: 12 brake pad sets at $46.50. */
export function fakeOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const partId = overrides.partId ?? 'p1';
  const quantity = overrides.quantity ?? 12;
  const unitPriceCents = overrides.unitPriceCents ?? 4650;
  return {
    id: `order-1:${partId}`,
    partId,
    sku: 'GH-BRK-1042',
    partName: 'Brake pad set',
    imageUrl: `/uploads/${partId}.webp`,
    quantity,
    unitPriceCents,
    lineTotalCents: quantity * unitPriceCents,
    kind: 'part',
    ...overrides,
  };
}

/**
 * A paid order of Ada Lovelace's, with its invoice, delivered in the US from a shop without tax rows:
 * its first part, units and goods follow its lines, delivery is free from $100 of goods ($9.90 under),
 * and the total is goods + delivery unless given.
 */
export function fakeOrder(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [fakeOrderLine()];
  const first = lines[0]!;
  const goodsCents = overrides.goodsCents ?? lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const deliveryCents = overrides.deliveryCents ?? (goodsCents >= 10_000 ? 0 : 990);
  const taxes = overrides.taxes ?? [];
  return {
    id: 'order-1',
    number: '0195F3A2-9C41-7A3B',
    lines,
    partId: first.partId,
    partName: first.partName,
    imageUrl: first.imageUrl,
    unitPriceCents: first.unitPriceCents,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    goodsCents,
    deliveryCents,
    taxes,
    totalCents: goodsCents + deliveryCents + taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
    currency: 'USD',
    deliveryAddress: { line1: '1 Works Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    expectedDelivery: '2026-11-25',
    deliveredAt: null,
    buyerVatId: null,
    creditNotes: [],
    status: 'paid',
    cancelReason: null,
    payBy: null,
    transactionId: 'txn_1',
    paidAt: '2026-11-20T10:00:00.000Z',
    invoiceNumber: 'INV-2026-000001',
    createdAt: '2026-11-20T09:00:00.000Z',
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', address: '1 Works Road, Leeds' },
    companyId: null,
    companyName: null,
    poNumber: null,
    payment: 'card',
    dueDate: null,
    paidCents: 0,
    placedBy: { id: 'user-ada', name: 'Ada Lovelace' },
    declineReason: null,
    ...overrides,
  };
}

/**
 * The shop's settings as GET /api/settings answers them: a US seller in Michigan, no tax rows, $9.90
 * delivery free from $100, orders by 14:00 Detroit time leave that day, delivered everywhere.
 */
export function fakeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    flashDealEndsAt: '2026-01-01T00:00:00.000Z',
    flashDealPercent: 25,
    flashDealDiscountText: '25% OFF',
    flashDealParts: [],
    sellerName: 'Gearhouse Manufacturing Inc.',
    sellerAddress: { line1: '2750 Foundry Avenue', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' },
    sellerVatNumber: '',
    currency: 'USD',
    taxRates: [],
    deliveryFeeCents: 990,
    freeDeliveryThresholdCents: 10_000,
    orderCutoff: '14:00',
    timeZone: 'America/Detroit',
    transitDays: {},
    deliverTo: [],
    returnWindowDays: 30,
    coreReturnWindowDays: 90,
    returnInstructions: '',
    ...overrides,
  };
}

/** A company as the shop admin's list answers it: an application from Detroit, not yet reviewed. */
export function fakeCompanySummary(overrides: Partial<CompanySummary> = {}): CompanySummary {
  return {
    id: 'co-1',
    name: 'Piston Road Garage LLC',
    vatId: null,
    taxExempt: false,
    taxExemptReason: null,
    billingAddress: { line1: '12 Piston Road', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' },
    paymentTerms: 'card',
    creditLimitCents: 0,
    discountPercent: 0,
    status: 'applied',
    declineReason: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}
