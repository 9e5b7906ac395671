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
  /** JSON array of cross-reference numbers (#shared/schemas/catalogue). */
  oem_numbers: string;
  /** Quantities are whole multiples of it; 1 sells by the unit. */
  pack_size: number;
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

export type OrderStatus = 'pending_payment' | 'paid' | 'shipped' | 'delivered' | 'cancelled';
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
  created_at: string;
  updated_at: string;
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
}

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

export interface Database {
  parts: PartsTable;
  part_stock: PartStockTable;
  categories: CategoriesTable;
  vehicles: VehiclesTable;
  part_fitments: PartFitmentsTable;
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
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_addresses: CompanyAddressesTable;
  cart_lines: CartLinesTable;
  order_counts: OrderCountsTable;
  unpaid_orders: UnpaidOrdersTable;
  low_stock_parts: LowStockPartsTable;
  unbookable_parts: UnbookablePartsTable;
  payment_intents: PaymentIntentsTable;
  stripe_events: StripeEventsTable;
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
export type GarageVehicleRow = Selectable<GarageVehiclesTable>;
export type CartLineRow = Selectable<CartLinesTable>;
export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type CompanyMemberRow = Selectable<CompanyMembersTable>;
export type CompanyAddressRow = Selectable<CompanyAddressesTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type NewsletterSubscriberRow = Selectable<NewsletterSubscribersTable>;
export type UserRow = Selectable<UsersTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
// Generated is re-exported for later tables with database-made keys.
export type { Generated };
