import { z } from 'zod';
import * as copy from '../copy';
import { type OrderSearch, parseOrderSearch } from '../order-number';
import { idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';
import { MAX_STOCK } from './parts';
import { addressAnswerSchema, addressSchema } from './address';
import { orderTaxSchema, taxExemptionSchema } from './totals';
import {
  EXAMPLE_ADDRESS,
  EXAMPLE_ADDRESS_ID,
  EXAMPLE_COMPANY_ID,
  EXAMPLE_IMAGE_URL,
  EXAMPLE_INVOICE,
  EXAMPLE_ORDER_ID,
  EXAMPLE_ORDER_NUMBER,
  EXAMPLE_PART_ID,
  EXAMPLE_USER_ID,
} from './examples';

const v = copy.validation;

/**
 * `awaiting_approval`: a company member's order above their order limit, holding its stock until a
 * company admin approves or declines it. `confirmed`: placed on account (a sale, as `paid`).
 * `declined`: an approval refused, final as `cancelled`.
 */
export const orderStatusValues = [
  'pending_payment',
  'awaiting_approval',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'declined',
] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

/** Who cancelled an order: its customer, an admin, or the shop when it stayed unpaid too long. */
export const cancelReasonValues = ['customer', 'admin', 'expired'] as const;
export type CancelReason = (typeof cancelReasonValues)[number];

/** The statuses an admin moves an order on to, one step at a time: paid (or confirmed) → shipped → delivered. */
export const fulfilmentStatusValues = ['shipped', 'delivered'] as const;

/** How an order is paid: by card, or on its company's account (invoiced at once, due by its terms). */
export const paymentMethodValues = ['card', 'account'] as const;
export type PaymentMethod = (typeof paymentMethodValues)[number];

/** The longest purchase-order number an order carries, as printed on its invoice. */
export const MAX_PO_NUMBER = 35;

/** 7 to 15 digits, an optional leading +, spaces or dashes between them. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/;
export function isValidPhone(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(text) && digits >= 7 && digits <= 15;
}

/**
 * The booking's quantity: a whole number. The part's minimum and the stock left are checked by the
 * server against the part (answered under `errors.quantity` with the form's messages).
 */
export const orderQuantitySchema = z
  .number({ error: v.quantityRequired })
  .int(v.quantityWhole)
  .min(1, v.quantityWhole)
  .max(MAX_STOCK, v.quantityTooHigh);

export const phoneSchema = z
  .string({ error: v.phoneRequired })
  .trim()
  .min(1, { error: v.phoneRequired, abort: true })
  .max(30, { error: v.phoneInvalid, abort: true })
  .refine(isValidPhone, v.phoneInvalid);

/** The most lines one order (and one cart) holds. */
export const MAX_ORDER_LINES = 500;

export const orderLineInputSchema = z.strictObject({
  partId: z.string({ error: copy.booking.partRequired }).min(1, copy.booking.partRequired).max(64, copy.part.notFound),
  quantity: orderQuantitySchema,
});

/**
 * POST /api/orders: either one part (`partId`, `quantity`, as the part page's "Book Now" sends) or
 * `lines` of parts, each part once. Strict: a price, total or status sent by the client is refused,
 * never used. The part's rules (minimum, stock, packs) are checked by the server against each part,
 * answered under `quantity` or `lines.N.quantity`.
 */
export const placeOrderInputSchema = z
  .strictObject({
    partId: idSchema.optional(),
    quantity: orderQuantitySchema.optional(),
    lines: z
      .array(orderLineInputSchema, { error: copy.booking.linesEmpty })
      .min(1, copy.booking.linesEmpty)
      .max(MAX_ORDER_LINES, copy.booking.tooManyLines(MAX_ORDER_LINES))
      .optional(),
    /** Optional with `deliveryAddressId`: the site's phone is used then. */
    phone: phoneSchema.optional(),
    /** Where the order goes: the address that decides its tax and delivery day. */
    deliveryAddress: addressSchema.optional(),
    /** The address as one text, as clients before `deliveryAddress` send it: read as in the seller's country. */
    address: requiredText(v.addressRequired, 300).optional(),
    /** A company member's order: one of the company's delivery sites, instead of an address. */
    deliveryAddressId: z
      .string({ error: copy.memberOrders.chooseAddress })
      .min(1, copy.memberOrders.chooseAddress)
      .max(64, copy.memberOrders.chooseAddress)
      .optional(),
    /** The buyer's purchase-order number, printed on the invoice and in every mail; empty is none. */
    poNumber: z
      .string({ error: copy.memberOrders.poNumberTooLong })
      .trim()
      .max(MAX_PO_NUMBER, copy.memberOrders.poNumberTooLong)
      .transform((text) => text || undefined)
      .optional(),
    /** `account`: on the company's account (a member of an active company whose terms allow it). */
    payment: z.enum(paymentMethodValues, { error: copy.companyOrders.paymentInvalid }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.deliveryAddress === undefined && body.address === undefined && body.deliveryAddressId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: v.addressRequired });
    }
    if (body.phone === undefined && body.deliveryAddressId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: v.phoneRequired });
    }
    if (body.lines === undefined) {
      if (body.partId === undefined) ctx.addIssue({ code: 'custom', path: ['partId'], message: copy.booking.partRequired });
      if (body.quantity === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: v.quantityRequired });
      return;
    }
    if (body.partId !== undefined || body.quantity !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: copy.booking.partOrLines });
    }
    const firstRow = new Map<string, number>();
    body.lines.forEach((line, index) => {
      const first = firstRow.get(line.partId);
      if (first === undefined) firstRow.set(line.partId, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'partId'],
          message: copy.booking.lineDuplicate(index + 1, first + 1),
        });
    });
  })
  .meta({
    examples: [
      {
        lines: [
          { partId: EXAMPLE_PART_ID, quantity: 4 },
          { partId: '0193a1c2-7d4e-7000-8000-00000000b107', quantity: 10 },
        ],
        deliveryAddressId: EXAMPLE_ADDRESS_ID,
        poNumber: 'PO-2026-0815',
        payment: 'account',
      },
      { partId: EXAMPLE_PART_ID, quantity: 2, phone: '+1 313 555 0199', deliveryAddress: EXAMPLE_ADDRESS },
    ],
  });
export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** The lines an order body asks for: its `lines`, or its one part as a line. */
export function linesOf(input: PlaceOrderInput): OrderLineInput[] {
  return input.lines ?? [{ partId: input.partId!, quantity: input.quantity! }];
}

export const orderLineKindValues = ['part', 'core'] as const;
export type OrderLineKind = (typeof orderLineKindValues)[number];

export const orderLineSchema = z.object({
  /** `<orderId>:<position>`: what a return names as `orderLineId` (orderLineIdOf, schemas/returns.ts). */
  id: z.string(),
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  /** The tier price the line was placed at. */
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The replaced number the line was ordered by, kept as ordered; absent when it was the SKU. */
  orderedNumber: z.string().optional(),
  /**
   * `part`, or `core`: the refundable deposit on the old unit of the part `partId`, with its part
   * line's quantity, listed after the part lines (docs/shop-rules.md, "Returns").
   */
  kind: z.enum(orderLineKindValues),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A credit note as an order lists it: `CN-<year>-<6 digits>`, what it credits (tax and delivery included), when. */
export const creditNoteSummarySchema = z.object({
  number: z.string(),
  totalCents: z.number().int(),
  issuedAt: isoDateTime,
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

/** `GET /api/credit-notes/:number.pdf`. */
export const creditNoteParamsSchema = z.object({ number: z.string().regex(/^CN-\d{4}-\d{6,}$/) });

const exampleOrder = {
  id: EXAMPLE_ORDER_ID,
  number: EXAMPLE_ORDER_NUMBER,
  lines: [
    {
      id: `${EXAMPLE_ORDER_ID}:0`,
      partId: EXAMPLE_PART_ID,
      sku: 'GH-BRK-0042',
      partName: 'Front brake pads, ceramic',
      imageUrl: EXAMPLE_IMAGE_URL,
      quantity: 4,
      unitPriceCents: 3990,
      lineTotalCents: 15960,
      kind: 'part',
    },
    {
      id: `${EXAMPLE_ORDER_ID}:1`,
      partId: '0193a1c2-7d4e-7000-8000-00000000b107',
      sku: 'GH-FLT-0107',
      partName: 'Oil filter, spin-on',
      imageUrl: '/uploads/fedcba9876543210fedcba9876543210.webp',
      quantity: 10,
      unitPriceCents: 745,
      lineTotalCents: 7450,
      kind: 'part',
    },
  ],
  partId: EXAMPLE_PART_ID,
  partName: 'Front brake pads, ceramic',
  imageUrl: EXAMPLE_IMAGE_URL,
  quantity: 14,
  unitPriceCents: 3990,
  totalCents: 24815,
  status: 'confirmed',
  cancelReason: null,
  payBy: null,
  transactionId: null,
  paidAt: null,
  invoiceNumber: EXAMPLE_INVOICE,
  createdAt: '2026-12-01T10:15:00.000Z',
  customer: {
    name: 'Dana Whitfield',
    email: 'dana@riverside-fleet.example',
    phone: '+1 313 555 0142',
    address: '1420 Rosa Parks Blvd, Detroit, MI 48216, United States',
  },
  goodsCents: 23410,
  deliveryCents: 0,
  taxes: [{ name: 'Sales tax', ratePercent: 6, baseCents: 23410, amountCents: 1405 }],
  currency: 'USD',
  deliveryAddress: EXAMPLE_ADDRESS,
  expectedDelivery: '2026-12-04',
  deliveredAt: null,
  buyerVatId: null,
  creditNotes: [],
  companyId: EXAMPLE_COMPANY_ID,
  companyName: 'Riverside Fleet Service LLC',
  poNumber: 'PO-2026-0815',
  payment: 'account',
  dueDate: '2026-12-31',
  paidCents: 0,
  placedBy: { id: EXAMPLE_USER_ID, name: 'Dana Whitfield' },
  declineReason: null,
};

/**
 * An order. `lines` are its parts; `quantity` and `totalCents` are their sums, and `partId`,
 * `partName`, `imageUrl` and `unitPriceCents` the first line's.
 */
export const orderSchema = z
  .object({
    id: z.string(),
    /** How the shop names the order to people: the first 18 characters of its id in capitals (`orderNumberOf`). */
    number: z.string(),
    lines: z.array(orderLineSchema),
    partId: z.string(),
    partName: z.string(),
    imageUrl: z.string(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    totalCents: z.number().int(),
    status: z.enum(orderStatusValues),
    /** Set once cancelled. */
    cancelReason: z.enum(cancelReasonValues).nullable(),
    /**
     * The time to pay (ORDER_PAYMENT_WINDOW_HOURS after booking): while unpaid, when the shop cancels it
     * and returns its stock; once expired, when it ran out. Null on any other order.
     */
    payBy: isoDateTime.nullable(),
    transactionId: z.string().nullable(),
    paidAt: isoDateTime.nullable(),
    /** `INV-<year>-<6 digits>`, given when the order is paid; null until then. */
    invoiceNumber: z.string().nullable(),
    createdAt: isoDateTime,
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
    /** Goods net of tax (the lines' sum), delivery net of tax, and tax by rate, as charged; `totalCents` is their sum. */
    goodsCents: z.number().int(),
    deliveryCents: z.number().int(),
    taxes: z.array(orderTaxSchema),
    /** Present when the order carries no tax for a reason its invoice prints. */
    exemption: taxExemptionSchema.optional(),
    /** ISO 4217: the shop's currency when the order was placed. */
    currency: z.string(),
    /** Where it goes; null on an order placed before addresses had fields (its `customer.address` says). */
    deliveryAddress: addressAnswerSchema.nullable(),
    /** 'YYYY-MM-DD', as promised when it was placed; null on an order placed before. */
    expectedDelivery: z.string().nullable(),
    /** When it was marked delivered (a return's window counts from it); null before. */
    deliveredAt: isoDateTime.nullable(),
    /** The buyer's VAT ID when it was placed, printed on its invoice. */
    buyerVatId: z.string().nullable(),
    /** The credit notes issued for it (a paid order cancelled before it shipped), oldest first; each a PDF at /api/credit-notes/:number.pdf. */
    creditNotes: z.array(creditNoteSummarySchema),
    /** The company it was placed for (docs/shop-rules.md, "Trade accounts"); null for a person's order. */
    companyId: z.string().nullable(),
    /** The company's name, for the lists; null for a person's order. */
    companyName: z.string().nullable(),
    /** The buyer's purchase-order number; null for none. */
    poNumber: z.string().nullable(),
    payment: z.enum(paymentMethodValues),
    /** 'YYYY-MM-DD': when the invoice of an order on account is due; null for card orders. */
    dueDate: z.string().nullable(),
    /** What has been paid against an order on account's invoice (paid in full at `totalCents`). */
    paidCents: z.number().int(),
    /** Who placed it; null once their account is removed. */
    placedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Why a company admin declined it (status `declined`). */
    declineReason: z.string().nullable(),
    /**
     * GET /api/orders/:id only: whether the order is the viewer's own. Only its owner pays it; an admin
     * looking at a customer's order sees it read-only.
     */
    yours: z.boolean().optional(),
  })
  .meta({ examples: [{ ...exampleOrder, yours: true }] });
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /api/orders: the order placed, as the checkout goes on from it: pay it (`pending_payment`), or
 * say it is on account (`confirmed`, its invoice and due date) or waiting for approval.
 */
export const placedOrderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(orderStatusValues),
    invoiceNumber: z.string().nullable(),
    dueDate: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: EXAMPLE_ORDER_ID,
        number: EXAMPLE_ORDER_NUMBER,
        status: 'confirmed',
        invoiceNumber: EXAMPLE_INVOICE,
        dueDate: '2026-12-31',
      },
    ],
  });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const orderListSchema = pageOf(orderSchema).meta({
  examples: [{ items: [exampleOrder], total: 1, page: 1, limit: 20 }],
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderIdParamsSchema = z.object({ id: idSchema });

/**
 * Which of their orders My Orders lists: the open ones (unpaid, paid, shipped, delivered; the
 * default), the cancelled ones (each with its reason), or all.
 */
export const myOrdersViewValues = ['open', 'cancelled', 'all'] as const;
export type MyOrdersView = (typeof myOrdersViewValues)[number];
export function isMyOrdersView(value: string | null): value is MyOrdersView {
  return value !== null && (myOrdersViewValues as readonly string[]).includes(value);
}

/** The longest search text read; an order id is 36 characters. */
const MAX_ORDER_SEARCH = 100;

/**
 * The orders lists' search, `q`: an order number, a whole order id or an invoice number
 * (`parseOrderSearch`), read into what it is; empty is no search. Anything else is refused with a
 * message that shows both forms.
 */
export const orderSearchSchema = z
  .string()
  .max(MAX_ORDER_SEARCH, { error: copy.orders.searchInvalid, abort: true })
  .optional()
  .transform((text, ctx): OrderSearch | undefined => {
    // Absent, or left empty by a form: no search.
    if (text === undefined || text.trim() === '') return undefined;
    const search = parseOrderSearch(text);
    if (search) return search;
    ctx.addIssue({ code: 'custom', message: copy.orders.searchInvalid });
    return z.NEVER;
  });

/** Whether `text` is a calendar date written `YYYY-MM-DD` that exists (no 31 April). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The longest range of booking days one export covers. */
export const MAX_EXPORT_YEARS = 2;

/** Whether the days `from`..`to` (inclusive) span more than `years`: `to` on or after the same day `years` later. */
export function spansMoreThanYears(from: string, to: string, years: number): boolean {
  const limit = new Date(`${from}T00:00:00.000Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + years);
  return Date.parse(`${to}T00:00:00.000Z`) >= limit.getTime();
}

/** A booking day, `YYYY-MM-DD` (UTC); empty is none, as a form sends it. */
const bookingDaySchema = z
  .string()
  .refine((text) => text === '' || isCalendarDate(text), { error: copy.manageOrders.exportDateInvalid })
  .optional()
  .transform((text) => text || undefined);

/**
 * GET /api/orders.csv (admin) and the Manage All Orders filter: optionally one status, and the
 * booking days `from` and `to` (inclusive, UTC), at most two years apart. Empty values are absent, as
 * a form sends them.
 */
export const exportOrdersQuerySchema = z
  .object({
    status: z
      .enum(['', ...orderStatusValues], { error: copy.manageOrders.statusInvalid })
      .optional()
      .transform((value) => (value ? value : undefined)),
    from: bookingDaySchema,
    to: bookingDaySchema,
  })
  .superRefine(({ from, to }, ctx) => {
    if (from === undefined || to === undefined) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: copy.manageOrders.exportRangeReversed });
    else if (spansMoreThanYears(from, to, MAX_EXPORT_YEARS))
      ctx.addIssue({ code: 'custom', path: ['to'], message: copy.manageOrders.exportRangeTooLong });
  });
export type ExportOrdersQuery = z.infer<typeof exportOrdersQuerySchema>;

/**
 * What both orders lists can be narrowed by: `q` (an order or invoice number) and the booking days
 * `from` and `to` (inclusive, UTC, `to` not before `from`). Unlike the export, a list takes any range:
 * it is read a page at a time.
 */
const orderListFilters = { q: orderSearchSchema, from: bookingDaySchema, to: bookingDaySchema };
function daysInOrder({ from, to }: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (from !== undefined && to !== undefined && from > to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: copy.manageOrders.exportRangeReversed });
  }
}

/** The lists' search form, checked in the browser with the server's rules. */
export const orderListFiltersSchema = z.object(orderListFilters).superRefine(daysInOrder);
export type OrderListFilters = z.infer<typeof orderListFiltersSchema>;

/** GET /api/me/orders. */
export const myOrdersQuerySchema = z
  .object({
    view: z.enum(myOrdersViewValues, { error: v.ordersViewInvalid }).default('open'),
    ...orderListFilters,
    page: pageSchema,
    limit: limitSchema(60, 20),
  })
  .superRefine(daysInOrder);
export type MyOrdersQuery = z.infer<typeof myOrdersQuerySchema>;

/** GET /api/orders (admin): every order, newest first, optionally of one status. */
export const listOrdersQuerySchema = z
  .object({
    status: z.enum(orderStatusValues, { error: copy.manageOrders.statusInvalid }).optional(),
    ...orderListFilters,
    page: pageSchema,
    limit: limitSchema(100, 20),
  })
  .superRefine(daysInOrder);
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

/** POST /api/orders/:id/decline (company admin): why, told to the buyer. */
export const declineOrderInputSchema = z
  .strictObject({
    reason: z
      .string({ error: copy.memberOrders.declineReasonRequired })
      .trim()
      .min(1, { error: copy.memberOrders.declineReasonRequired, abort: true })
      .max(500, copy.memberOrders.declineReasonTooLong),
  })
  .meta({ examples: [{ reason: 'Over this month’s budget: order the pads in January.' }] });
export type DeclineOrderInput = z.infer<typeof declineOrderInputSchema>;

/** PATCH /api/orders/:id (admin). */
export const orderStatusUpdateSchema = z.strictObject({
  status: z.enum(fulfilmentStatusValues),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** The Idempotency-Key header: a retried create with the same key answers the first order. */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
});
