import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. One representation on both engines (docs/decisions/0002):
 * ids are text, timestamps are ISO-8601 UTC text (they sort as they compare), money is integer cents,
 * flags are nullable timestamps ("handled_at") rather than booleans.
 */
export interface PartsTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  min_order_quantity: number;
  image_url: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  /** The manufacturer's part number, upper-case, unique (migration 0010). */
  sku: string;
  /** Every part has one; not null on PostgreSQL, kept set by the service on SQLite (migration 0010). */
  category_id: string;
  /**
   * JSON array of `{brand, number}`, other brands' numbers for the part (migration 0042;
   * #shared/schemas/catalogue): read and written with `crossReferencesOf` / `crossReferencesText`.
   */
  cross_references: string;
  /** Quantities are whole multiples of it; 1 sells by the unit. */
  pack_size: number;
  /** The refundable deposit per unit on the old unit (migration 0045), net of tax; 0: none. */
  core_charge_cents: number;
  /** JSON array of `{minQuantity, unitPriceCents}`, ascending (#shared/pricing). */
  price_tiers: string;
  /** The stock under which the part runs low (migration 0016); null: twice its minimum order. */
  low_stock_threshold: number | null;
  /** When an admin put the part in the flash deal (migration 0027); null: not in it. */
  flash_deal_since: string | null;
}

export interface CategoriesTable {
  id: string;
  /** Lower-case letters, digits and hyphens; what the parts list's `category` filter names. */
  slug: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** A vehicle parts can fit (migration 0012): the years it was built, first and last. */
export interface VehiclesTable {
  id: string;
  make: string;
  model: string;
  /** "1.6 TDCi 85 kW", part of what tells two vehicles of one model apart. */
  engine: string;
  year_from: number;
  year_to: number;
  created_at: string;
  updated_at: string;
}

/** A part fits a vehicle in these years (migration 0012); one row per part and vehicle. */
export interface PartFitmentsTable {
  part_id: string;
  vehicle_id: string;
  /** The row's place in the part's list, as the admin entered them. */
  position: number;
  year_from: number;
  year_to: number;
  note: string;
}

/**
 * The VCdb base vehicle a shop vehicle is in one of its years (migration 0041): a base vehicle is one
 * model year of a make and model, so a vehicle has one a year, and vehicles of one model that differ
 * by engine share it (docs/decisions/0043-base-vehicles-as-a-table.md).
 */
export interface VehicleBaseIdsTable {
  base_vehicle_id: number;
  vehicle_id: string;
  year: number;
}

/** A vehicle a customer saved in their garage (migration 0012). */
export interface GarageVehiclesTable {
  id: string;
  user_id: string;
  vehicle_id: string;
  year: number;
  nickname: string;
  created_at: string;
}

/** A search that found nothing (migration 0012): the query, its filters as JSON, when. */
export interface SearchMissesTable {
  id: string;
  q: string;
  filters: string;
  created_at: string;
  /** The UTC day it counts in, `YYYY-MM-DD` (migration 0023); null on rows recorded before. */
  day: string | null;
  /** Who recorded it (search-misses.ts), kept through its day only; null after, and on rows recorded before. */
  client: string | null;
}

/** How many searches that found nothing a client recorded on a day (migration 0023); the parts module's. */
export interface SearchMissClientsTable {
  day: string;
  client: string;
  misses: number;
}

export interface ReviewsTable {
  id: string;
  user_id: string | null;
  /** The part the review is about, when it is about one (feeds the part's rating summary). */
  part_id: string | null;
  name: string;
  rating: number;
  text: string;
  image_url: string;
  created_at: string;
}

export type OrderStatus =
  'pending_payment' | 'awaiting_approval' | 'paid' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled' | 'declined';
export type PaymentMethod = 'card' | 'account';
export type CancelReason = 'customer' | 'admin' | 'expired';

/**
 * An order, with the customer copied on it when it was placed (docs/shop-rules.md, "Data"). Its parts
 * are its lines (order_lines) only; `total_cents` is their sum, kept for the triggers' counters.
 */
export interface OrdersTable {
  id: string;
  /** Null once the account is removed: orders outlive their users. */
  user_id: string | null;
  /** int8 on PostgreSQL, parsed to a number (database.ts). */
  total_cents: number;
  customer_name: string;
  customer_email: string;
  phone: string;
  address: string;
  status: OrderStatus;
  cancel_reason: CancelReason | null;
  transaction_id: string | null;
  paid_at: string | null;
  /** `INV-<year>-<6 digits>`, given with the payment (migration 0014); null until paid. */
  invoice_number: string | null;
  /** `userId:key` from the Idempotency-Key header, unique; null when none was sent. */
  idempotency_key: string | null;
  /** SHA-256 hex of the canonical JSON of the body sent with that key (migration 0050); null before, or without a key. */
  idempotency_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** When it became `delivered` (migration 0048): the return windows count from it. */
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The lines' sum, net of tax (migration 0032); null on orders placed before, whose total was their goods. */
  goods_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Delivery as charged, net of tax. */
  delivery_cents: ColumnType<number, number | undefined, number>;
  /** The sum of `taxes`' amounts. */
  tax_cents: ColumnType<number, number | undefined, number>;
  /** JSON `[{name, ratePercent, baseCents, amountCents}]`, one entry a rate, as charged. */
  taxes: ColumnType<string, string | undefined, string>;
  /** JSON `{kind: 'exempt', reason}` or `{kind: 'reverse_charge', buyerVatId, sellerVatId}`; null when taxed. */
  tax_exemption: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON address `{line1, line2?, city, region?, postalCode, country}`; null on orders placed before. */
  delivery_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD', as promised when placed; null on orders placed before. */
  expected_delivery: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's VAT ID when the order was placed, printed on its invoice. */
  buyer_vat_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 4217, the shop's currency when placed. */
  currency: ColumnType<string, string | undefined, string>;
  /** The company it was placed for (migration 0036); null for a person's order. */
  company_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's purchase-order number, up to 35 characters, printed on the invoice and in every mail. */
  po_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Paid by card, or on the company's account (invoiced when confirmed, due by `due_date`). */
  payment_method: ColumnType<PaymentMethod, PaymentMethod | undefined, PaymentMethod>;
  /** The company address chosen; its address is copied into `delivery_address` as well. */
  delivery_address_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When `invoice_number` was given: card orders when paid, orders on account when confirmed. */
  invoiced_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD': the invoice's UTC date plus the terms' days, for orders on account; null for card orders. */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** What has been paid against an order on account's invoice; paid in full at `total_cents`. */
  paid_cents: ColumnType<number, number | undefined, number>;
  /** Why a company admin declined it (status `declined`). */
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The company admin who approved or declined it. */
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * One part of an order, with what the order copied of it when it was placed (migration 0010). Lines
 * are written with their order and never changed or deleted on their own.
 */
export interface OrderLinesTable {
  order_id: string;
  /** 0 for the first line. */
  position: number;
  part_id: string;
  sku: string;
  part_name: string;
  image_url: string;
  unit_price_cents: number;
  quantity: number;
  /** int8 on PostgreSQL, parsed to a number (database.ts). */
  line_total_cents: number;
  /**
   * The number the buyer ordered by when it was a replaced one (migration 0040); null (or absent, for
   * the writers of lines from before) when it was the SKU.
   */
  ordered_number?: string | null;
  /**
   * `part`, or `core` for the deposit on the line's part (migration 0045): same part and quantity as
   * its part line, after the order's part lines. Absent (as written by the writers of lines from
   * before): `part`.
   */
  kind?: OrderLineKind;
}

export type OrderLineKind = 'part' | 'core';

/** A line of a customer's cart (migration 0011): one per customer and part. */
export interface CartLinesTable {
  user_id: string;
  part_id: string;
  /** Where the line stands in the cart: lines are listed in the order they were added. */
  position: number;
  quantity: number;
  /** The unit price when the line was last set; the cart says when today's differs. */
  unit_price_cents: number;
  added_at: string;
  updated_at: string;
  /** The replaced number the buyer typed for this part (migration 0040); null when they named its SKU. */
  ordered_number: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PaymentProviderName = 'sandbox' | 'stripe';
export type PaymentIntentStatus = 'requires_payment' | 'succeeded' | 'failed' | 'refunded';

/** One per order (the provider's intent as we know it); never holds a card number. */
export interface PaymentIntentsTable {
  id: string;
  order_id: string;
  provider: PaymentProviderName;
  /** Random and unguessable; the browser proves it may pay this intent with it. */
  client_secret: string;
  /** int8 on PostgreSQL, parsed to a number (database.ts). */
  amount_cents: number;
  status: PaymentIntentStatus;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A payment against the invoice of an order on account (migration 0037): a transfer a shop admin
 * recorded, or a card payment a company admin made. `orders.paid_cents` is their sum.
 */
export interface InvoicePaymentsTable {
  id: string;
  order_id: string;
  invoice_number: string;
  /** int8 on PostgreSQL, parsed to a number (database.ts); more than 0. */
  amount_cents: number;
  /** 'YYYY-MM-DD': the day the money arrived, as the payer's bank or the card says. */
  paid_at: string;
  reference: string;
  method: 'transfer' | 'card';
  /** The shop admin who recorded it; null for a card payment (the company admin paid it themselves). */
  recorded_by: string | null;
  /** `Idempotency-Key` of the admin's request, or `card:<intent id>`; unique, null when none was sent. */
  idempotency_key: string | null;
  created_at: string;
}

/** A reminder mail sent about an invoice (migration 0037): one of each kind, ever. */
export interface InvoiceRemindersTable {
  invoice_number: string;
  kind: 'before_due' | 'after_due';
  sent_at: string;
}

/** Every Stripe webhook event handled, by id: a redelivery finds its row and changes nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** JSON array of paragraphs. */
  body: string;
  image_url: string;
  author: string;
  published_at: string;
}

export interface SettingsTable {
  id: ColumnType<number, number, never>;
  flash_deal_ends_at: string;
  /** Written from flash_deal_percent ("25% OFF") since migration 0027. */
  flash_deal_discount_text: string;
  /** The deal's percentage off, 1 to 90 (migration 0027). */
  flash_deal_percent: ColumnType<number, number | undefined, number>;
  /** The seller an invoice names (migration 0014). */
  seller_name: ColumnType<string, string | undefined, string>;
  seller_address: ColumnType<string, string | undefined, string>;
  seller_vat_number: ColumnType<string, string | undefined, string>;
  updated_at: string;
  /** The rest since migration 0032; `seller_address` is a JSON address since then. JSON lists are text. */
  currency: ColumnType<string, string | undefined, string>;
  tax_rates: ColumnType<string, string | undefined, string>;
  delivery_fee_cents: ColumnType<number, number | undefined, number>;
  free_delivery_threshold_cents: ColumnType<number, number | undefined, number>;
  order_cutoff: ColumnType<string, string | undefined, string>;
  time_zone: ColumnType<string, string | undefined, string>;
  transit_days: ColumnType<string, string | undefined, string>;
  deliver_to: ColumnType<string, string | undefined, string>;
  return_window_days: ColumnType<number, number | undefined, number>;
  core_return_window_days: ColumnType<number, number | undefined, number>;
  return_instructions: ColumnType<string, string | undefined, string>;
}

/** A credit note (migration 0032): the negative of what its invoiced order charged, given when it is cancelled. */
export interface CreditNotesTable {
  /** `CN-<year>-<6 digits>`, gapless per year of issue. */
  number: string;
  order_id: string;
  invoice_number: string;
  reason: 'cancelled' | 'returned';
  goods_cents: number;
  delivery_cents: number;
  /** JSON `[{name, ratePercent, baseCents, amountCents}]`, as on the order. */
  taxes: string;
  total_cents: number;
  issued_at: string;
}

/** The last credit note number given in each year (migration 0032). */
export interface CreditNoteSequencesTable {
  year: number;
  last: number;
}

export type ReturnStatus = 'requested' | 'approved' | 'refused' | 'received' | 'credited';
export type ReturnReason = 'wrong_part' | 'damaged' | 'not_needed' | 'warranty' | 'core';
export type ReturnCondition = 'resalable' | 'damaged';

/** A return of lines of a delivered order (migration 0044), `RMA-<year>-<6 digits>`. */
export interface ReturnsTable {
  id: string;
  number: string;
  order_id: string;
  /** Null once the account is removed: returns outlive their users. */
  requested_by: string | null;
  /** The order's company, copied when asked; null for a person's order. */
  company_id: string | null;
  status: ReturnStatus;
  note: string;
  /** JSON array of upload URLs, at most 3. */
  photos: string;
  refusal_reason: string | null;
  /** What the shop admin wrote when approving it. */
  admin_notes: string | null;
  requested_at: string;
  approved_at: string | null;
  refused_at: string | null;
  received_at: string | null;
  credited_at: string | null;
  credit_note_number: string | null;
  /** int8 on PostgreSQL, parsed to a number (database.ts): what the credit gives back; null until credited. */
  refund_cents: number | null;
  /** Where the credit went: back to the card, or off the company's account. */
  refund_method: 'card' | 'account' | null;
  /** The provider's refund of a card order, once it confirmed it. */
  refund_id: string | null;
  refunded_at: string | null;
  updated_at: string;
}

/** One order line a return names (migration 0044): the line by its order and position. */
export interface ReturnLinesTable {
  return_id: string;
  order_id: string;
  line_position: number;
  quantity: number;
  reason: ReturnReason;
  /** Written when the goods are received. */
  condition: ReturnCondition | null;
}

/** A part of a card charge given back (migration 0044), once per idempotency key. */
export interface PaymentRefundsTable {
  idempotency_key: string;
  order_id: string;
  provider: PaymentProviderName;
  transaction_id: string;
  refund_id: string;
  /** int8 on PostgreSQL, parsed to a number (database.ts). */
  amount_cents: number;
  created_at: string;
}

/** The last return number given in each year (migration 0044). */
export interface ReturnSequencesTable {
  year: number;
  last: number;
}

/** The last invoice number given in each year of payment (migration 0014). */
export interface InvoiceSequencesTable {
  year: number;
  last: number;
}

/** A trade account, from its application on (migration 0033). */
export interface CompaniesTable {
  id: string;
  name: string;
  /** Its EU VAT ID, normalised; null for none. */
  vat_id: string | null;
  /** 1 when a shop admin recorded it tax exempt (with `tax_exempt_reason`), else 0. */
  tax_exempt: ColumnType<number, number | undefined, number>;
  tax_exempt_reason: string | null;
  /** JSON `{line1, line2?, city, region?, postalCode, country}`. */
  billing_address: string;
  payment_terms: ColumnType<
    'card' | 'net15' | 'net30' | 'net60',
    'card' | 'net15' | 'net30' | 'net60' | undefined,
    'card' | 'net15' | 'net30' | 'net60'
  >;
  credit_limit_cents: ColumnType<number, number | undefined, number>;
  discount_percent: ColumnType<number, number | undefined, number>;
  status: 'applied' | 'active' | 'on_hold' | 'declined';
  /** Why a shop admin declined the application; null otherwise. */
  decline_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Who buys for a company (migration 0033): a user belongs to at most one. */
export interface CompanyMembersTable {
  company_id: string;
  user_id: string;
  role: 'buyer' | 'company_admin';
  /** Orders above it wait for a company admin's approval; null for no limit. */
  order_limit_cents: number | null;
  joined_at: string;
}

/** A company's delivery site (migration 0033). */
export interface CompanyAddressesTable {
  id: string;
  company_id: string;
  label: string;
  phone: string;
  /** JSON `{line1, line2?, city, region?, postalCode, country}`. */
  address: string;
  created_at: string;
}

/**
 * A colleague invited into a company (migration 0034): pending until accepted or expired. The link's
 * token is kept only as its SHA-256 (hex); `email` is lower-case.
 */
export interface CompanyInvitationsTable {
  id: string;
  company_id: string;
  email: string;
  role: 'buyer' | 'company_admin';
  token_hash: string;
  /** The company admin who invited; null once their account is gone. */
  invited_by: string | null;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  created_at: string;
}

/**
 * A company's contract price for a part (migration 0035): what its members pay per unit when it is
 * below their tier price less the company's discount. Keyed by the part, so a changed SKU keeps it.
 */
export interface CompanyPricesTable {
  company_id: string;
  part_id: string;
  unit_price_cents: number;
  imported_at: string;
}

/**
 * A company's saved list (migration 0038), shared by its members. `name_key` is the name trimmed and
 * lower-cased, unique per company.
 */
export interface SavedListsTable {
  id: string;
  company_id: string;
  name: string;
  name_key: string;
  /** The member who made it; null once their account is gone. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A line of a saved list (migration 0038): a part and how many, in the list's order. */
export interface SavedListItemsTable {
  list_id: string;
  part_id: string;
  quantity: number;
  position: number;
}

/**
 * A part number replaced by a part (migration 0040). `from_key` is the number as compared
 * (`partNumberKey`), unique; `from_number` as the admin wrote it. One of the old number equals
 * `quantity_factor` of the new part. `since` is a day, YYYY-MM-DD.
 */
export interface PartSupersessionsTable {
  from_key: string;
  from_number: string;
  to_part_id: string;
  quantity_factor: number;
  since: string;
  note: string;
  created_at: string;
}

export interface ContactMessagesTable {
  id: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  created_at: string;
}

/**
 * better-auth's tables keep its representation (docs/decisions/0004): a timestamp is a Date from
 * PostgreSQL and ISO-8601 text from SQLite, a flag a boolean or 0/1. Read them through the helpers
 * in modules/users; write them through better-auth.
 */
export type AuthTimestamp = Date | string;
export type AuthFlag = boolean | number;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthFlag;
  image: string | null;
  role: string;
  banned: AuthFlag | null;
  ban_reason: string | null;
  ban_expires: AuthTimestamp | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
  /** The buyer's VAT ID, as they gave it (migration 0032); null for none. */
  vat_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by a shop admin: the buyer is tax exempt, and why ("resale certificate …"); null when taxed. */
  tax_exempt_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  impersonated_by: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTimestamp | null;
  refresh_token_expires_at: AuthTimestamp | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

/** Orders per status, kept by triggers on orders (migration 0006); a status's count is the sum of its shards. */
export interface OrderCountsTable {
  status: OrderStatus;
  shard: number;
  n: number;
}

/**
 * A part's stock, in a table of its own (migration 0020): a booking changes this narrow row, not the
 * part's wide one with its search columns and indexes. Every part has one, written with the part.
 */
export interface PartStockTable {
  part_id: string;
  stock: number;
}

/** A live part whose stock is under its low-stock line, with that stock (kept by triggers on parts and part_stock). */
export interface LowStockPartsTable {
  part_id: string;
  stock: number;
}

/** A live part whose stock does not cover its minimum order (kept by triggers on parts and part_stock). */
export interface UnbookablePartsTable {
  part_id: string;
  category_id: string;
}

/** How many orders each customer has waiting for payment, kept by triggers on orders (migration 0017); no row: none. */
export interface UnpaidOrdersTable {
  user_id: string;
  n: number;
  /** What those orders come to together, in cents (migration 0024). */
  cents: number;
}

/** Orders paid each day and still sold, and their total (migration 0015); a day's figures are the sum of its shards. */
export interface DailySalesTable {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  shard: number;
  orders: number;
  cents: number;
}

/** The live parts of each category (migration 0013), kept by triggers on parts. */
export interface CategoryPartCountsTable {
  category_id: string;
  live: number;
}

/**
 * A mail waiting to be sent, being sent, sent or given up (migration 0008, docs/decisions/0014). The mail
 * module owns it; other modules write to it only through `enqueueMail`, inside their own transaction.
 */
export interface MailOutboxTable {
  id: string;
  /** What caused it (`order-placed`, `password-reset`, …), for the operator. */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  /** The order whose invoice PDF the mail carries, made when it is sent (migration 0014); null for none. */
  invoice_order_id: string | null;
  created_at: string;
  /** Attempts begun so far; counted when a node claims the row, so a crash mid-send counts too. */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: string | null;
  claimed_by: string | null;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
}

/**
 * How many mails of one kind an address got in the current day of its count, and when the last went
 * out (migration 0025); the mail module's. No row: none lately.
 */
export interface MailAddressLimitsTable {
  /** The address, lower-case. */
  recipient: string;
  kind: string;
  /** When the day this row counts began (its first mail). */
  window_started_at: string;
  last_sent_at: string;
  /** Mails sent since `window_started_at`. */
  sent: number;
}

/** The admins' low-stock mail about a part (migration 0025); the parts module's. No row: never written, armed. */
export interface LowStockAlertsTable {
  part_id: string;
  /** When the last one was written. */
  mailed_at: string;
  /** When an admin's restock armed it again since; null: spent, the next crossing mails nothing. */
  rearmed_at: string | null;
}

/**
 * A customer's waiting "Notify me" on a sold-out part (migration 0039); the parts module's. One per
 * customer and part; deleted when the mail saying the part is back is written.
 */
export interface StockAlertsTable {
  user_id: string;
  part_id: string;
  created_at: string;
}

/** An API key (migration 0047); the api-keys module's. Null company: a shop admin's key. */
export interface ApiKeysTable {
  id: string;
  company_id: string | null;
  created_by: string;
  name: string;
  /** The scopes, space-separated. */
  scopes: string;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  secret_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A webhook (migration 0049); the webhooks module's. Null company: the shop's own. */
export interface WebhooksTable {
  id: string;
  company_id: string | null;
  url: string;
  /** The event types it asked for, space-separated. */
  events: string;
  /** The signing secret, in clear: each delivery is signed with it when sent. */
  secret: string;
  /** Null once the admin's account is gone; the webhook stays its company's. */
  created_by: string | null;
  created_at: string;
  removed_at: string | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event to send to one webhook (migration 0049); the webhooks module's outbox. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  /** The same for every delivery of one event, re-sends included. */
  event_id: string;
  event_type: string;
  /** The body exactly as sent, every time. */
  payload: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  /** Attempts begun so far; counted when a node claims the row, so a crash mid-send counts too. */
  attempts: ColumnType<number, number | undefined, number>;
  /** When it may be tried (again); null once delivered or failed. */
  next_attempt_at: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface Database {
  parts: PartsTable;
  part_stock: PartStockTable;
  categories: CategoriesTable;
  vehicles: VehiclesTable;
  part_fitments: PartFitmentsTable;
  vehicle_base_ids: VehicleBaseIdsTable;
  garage_vehicles: GarageVehiclesTable;
  search_misses: SearchMissesTable;
  search_miss_clients: SearchMissClientsTable;
  category_part_counts: CategoryPartCountsTable;
  daily_sales: DailySalesTable;
  reviews: ReviewsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  invoice_sequences: InvoiceSequencesTable;
  credit_notes: CreditNotesTable;
  credit_note_sequences: CreditNoteSequencesTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  return_sequences: ReturnSequencesTable;
  payment_refunds: PaymentRefundsTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_addresses: CompanyAddressesTable;
  company_invitations: CompanyInvitationsTable;
  company_prices: CompanyPricesTable;
  saved_lists: SavedListsTable;
  saved_list_items: SavedListItemsTable;
  part_supersessions: PartSupersessionsTable;
  cart_lines: CartLinesTable;
  order_counts: OrderCountsTable;
  unpaid_orders: UnpaidOrdersTable;
  low_stock_parts: LowStockPartsTable;
  unbookable_parts: UnbookablePartsTable;
  payment_intents: PaymentIntentsTable;
  stripe_events: StripeEventsTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_reminders: InvoiceRemindersTable;
  blog_posts: BlogPostsTable;
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  mail_outbox: MailOutboxTable;
  mail_address_limits: MailAddressLimitsTable;
  low_stock_alerts: LowStockAlertsTable;
  stock_alerts: StockAlertsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** A part as the shop reads it: its row and its stock (`part_stock`). */
export type PartRow = Selectable<PartsTable> & { stock: number };
export type NewPartRow = Insertable<PartsTable> & { stock: number };
export type ReviewRow = Selectable<ReviewsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type VehicleRow = Selectable<VehiclesTable>;
export type PartFitmentRow = Selectable<PartFitmentsTable>;
export type VehicleBaseIdRow = Selectable<VehicleBaseIdsTable>;
export type GarageVehicleRow = Selectable<GarageVehiclesTable>;
export type CartLineRow = Selectable<CartLinesTable>;
export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type InvoicePaymentRow = Selectable<InvoicePaymentsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;
export type ReturnRow = Selectable<ReturnsTable>;
export type ReturnLineRow = Selectable<ReturnLinesTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type CompanyMemberRow = Selectable<CompanyMembersTable>;
export type CompanyPriceRow = Selectable<CompanyPricesTable>;
export type CompanyAddressRow = Selectable<CompanyAddressesTable>;
export type CompanyInvitationRow = Selectable<CompanyInvitationsTable>;
export type SavedListRow = Selectable<SavedListsTable>;
export type SavedListItemRow = Selectable<SavedListItemsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type NewsletterSubscriberRow = Selectable<NewsletterSubscribersTable>;
export type UserRow = Selectable<UsersTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
// Generated is re-exported for later tables with database-made keys.
export type { Generated };
