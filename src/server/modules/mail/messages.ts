import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { MailMessage } from './mailer';

const m = copy.mail;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Who a mail goes to. `name` is what the account chose to be called, by whoever made it: until the
 * address is proven the account's, that may be a stranger's text (a link, an insult) mailed to the
 * address's owner, so it is written only to an address the account confirmed.
 */
export interface Recipient {
  email: string;
  name: string;
  addressConfirmed: boolean;
}

interface MailContent {
  /** Kept with the mail in the outbox, for the operator. */
  kind?: string;
  subject: string;
  /** Plain paragraphs; escaped in the HTML part. */
  paragraphs: string[];
  link?: { href: string; label: string };
  /** Paragraphs after the link. */
  after?: string[];
}

/**
 * Every mail of the shop: a greeting, paragraphs, an optional link and the signature, as text and
 * HTML. The greeting names the recipient only at a confirmed address (`Recipient`).
 */
function compose(to: Recipient, { kind, subject, paragraphs, link, after = [] }: MailContent): MailMessage {
  const before = [to.addressConfirmed ? m.greeting(to.name) : m.greetingWithoutName, ...paragraphs];
  const closing = [...after, m.signature];
  const html = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    ...(kind ? { kind } : {}),
    to: to.email,
    subject,
    text: [...before, ...(link ? [link.href] : []), ...closing].join('\n\n'),
    html: [
      ...before.map(html),
      ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
      ...closing.map(html),
    ].join('\n'),
  };
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  return compose(to, {
    kind: 'password-reset',
    subject: m.resetSubject,
    paragraphs: [m.resetIntro],
    link: { href: link, label: m.resetButton },
    after: [m.resetExpiry],
  });
}

/**
 * The link that proves the address is the account's (sent on sign-up, and again when asked): to an
 * address not confirmed yet, so nothing the account chose goes in it.
 */
export function emailVerificationMail(to: { email: string }, link: string): MailMessage {
  return compose(
    { email: to.email, name: '', addressConfirmed: false },
    {
      kind: 'email-verification',
      subject: m.verifySubject,
      paragraphs: [m.verifyIntro],
      link: { href: link, label: m.verifyButton },
      after: [m.verifyExpiry],
    },
  );
}

/**
 * What an order mail needs to know about the order (the names and address as copied on the order).
 * The customer's `addressConfirmed` says whether the account proved the address its own: else the
 * name and the delivery address, typed by whoever booked, stay out of the mail.
 */
export interface OrderMailFacts {
  customer: Recipient;
  /** The order's number, as the shop shows it (`orderNumberOf`). */
  number: string;
  partName: string;
  quantity: number;
  totalCents: number;
  address: string;
  transactionId: string | null;
  /** ISO time by which an unpaid order must be paid. */
  payBy: string;
  /** Its parts; `partName`, `quantity` and `totalCents` are the first's name and the sums. */
  lines: readonly { partName: string; quantity: number; lineTotalCents: number }[];
  /** The lines' sum net of tax; delivery and each rate's tax as charged (`totalCents` is their sum). */
  goodsCents: number;
  deliveryCents: number;
  taxes: readonly { name: string; ratePercent: number; amountCents: number }[];
  /** Why no tax was charged, as the invoice says it; undefined when taxed. */
  exemption?: string | undefined;
  /** 'YYYY-MM-DD', as promised when placed; null on an order placed before. */
  expectedDelivery: string | null;
  /** ISO 4217, the currency the order was placed in: every amount the mail writes is in it. */
  currency: string;
  /** The buyer's purchase-order number, written in every mail of the order; absent for none. */
  poNumber?: string | null | undefined;
  /** Paid on its company's account: a credit note comes off the balance instead of going back to a card. */
  onAccount?: boolean | undefined;
}

/**
 * What was ordered, under the order's number: one sentence for one part, else a line per part and
 * the total, which counts the parts and their units apart ("3 parts, 60 units").
 */
const orderLines = (order: OrderMailFacts): string[] => [
  m.orderNumber(order.number),
  ...(order.poNumber ? [copy.companyOrders.poLine(order.poNumber)] : []),
  ...(order.lines.length <= 1
    ? [m.orderLine(order.quantity, order.partName, formatMoney(order.goodsCents, order.currency))]
    : [
        ...order.lines.map((line) =>
          m.orderLineOfMany(line.quantity, line.partName, formatMoney(line.lineTotalCents, order.currency)),
        ),
        m.orderTotal(order.lines.length, order.quantity, formatMoney(order.goodsCents, order.currency)),
      ]),
  ...chargesOf(order),
];

/**
 * Delivery, each tax and the total, as the invoice prints them, when the order was charged more than
 * its goods (or says why it carries no tax); an order of goods alone says nothing more.
 */
function chargesOf(order: OrderMailFacts): string[] {
  if (order.totalCents === order.goodsCents && order.exemption === undefined) return [];
  return [
    m.orderDelivery(order.deliveryCents === 0 ? m.orderDeliveryFree : formatMoney(order.deliveryCents, order.currency)),
    ...order.taxes.map((tax) => m.orderTax(tax.name, String(tax.ratePercent), formatMoney(tax.amountCents, order.currency))),
    ...(order.exemption ? [order.exemption] : []),
    m.orderGrandTotal(formatMoney(order.totalCents, order.currency)),
  ];
}

/** The promised day, for the mails sent before the parts leave. */
const expectedDay = (order: OrderMailFacts): string[] =>
  order.expectedDelivery ? [m.expectedDelivery(order.expectedDelivery)] : [];
/** How a subject names the order: "Brake pads" or "Brake pads and 2 more". */
const orderName = (order: OrderMailFacts) => m.orderName(order.partName, Math.max(order.lines.length - 1, 0));
/** "2026-06-17 12:00": readable in every locale, and said to be UTC in the sentence around it. */
const utcMinute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** To an admin: an order took a part's stock under its low-stock line. */
export function lowStockMail(
  to: Recipient,
  part: { name: string; sku: string; stock: number; line: number },
  overviewLink: string,
): MailMessage {
  return compose(to, {
    kind: 'low-stock',
    subject: m.lowStockSubject(part.name, part.sku),
    paragraphs: [m.lowStockIntro(part.name, part.sku, part.stock, part.line)],
    link: { href: overviewLink, label: m.lowStockButton },
    after: [m.lowStockOnce],
  });
}

/** To a customer who asked on a sold-out part's page: the part can be ordered again. */
export function backInStockMail(to: Recipient, part: { name: string; sku: string }, partLink: string): MailMessage {
  return compose(to, {
    kind: 'back-in-stock',
    subject: m.backInStockSubject(part.name, part.sku),
    paragraphs: [m.backInStockIntro(part.name, part.sku)],
    link: { href: partLink, label: m.backInStockButton },
    after: [m.backInStockOnce],
  });
}

export function orderPlacedMail(order: OrderMailFacts, ordersLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-placed',
    subject: m.placedSubject(orderName(order)),
    paragraphs: [m.placedIntro, ...orderLines(order), ...expectedDay(order), m.placedPayBy(utcMinute(order.payBy))],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

export function orderPaidMail(order: OrderMailFacts, ordersLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-paid',
    subject: m.paidSubject(orderName(order)),
    paragraphs: [m.paidIntro, ...orderLines(order), ...expectedDay(order), m.paidTransaction(order.transactionId ?? '')],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

export function orderShippedMail(order: OrderMailFacts, ordersLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-shipped',
    subject: m.shippedSubject(orderName(order)),
    paragraphs: [
      m.shippedIntro,
      ...orderLines(order),
      order.customer.addressConfirmed ? m.shippedTo(order.address) : m.shippedToGivenAddress,
    ],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

/** Why the shop (not the customer) cancelled an unpaid order. */
export type ShopCancelReason = 'admin' | 'partWithdrawn';

const shopCancel: Record<ShopCancelReason, { kind: string; intro: string }> = {
  // An admin cancelled it (from Manage All Orders).
  admin: { kind: 'order-cancelled', intro: m.cancelledByShopIntro },
  // Its part was deleted from the catalogue, which cancelled the order.
  partWithdrawn: { kind: 'order-part-withdrawn', intro: m.partWithdrawnIntro },
};

/** The shop cancelled the customer's unpaid order: the same mail, saying why. */
export function orderCancelledByShopMail(order: OrderMailFacts, reason: ShopCancelReason, ordersLink: string): MailMessage {
  const { kind, intro } = shopCancel[reason];
  return compose(order.customer, {
    kind,
    subject: m.cancelledSubject(orderName(order)),
    paragraphs: [intro, ...orderLines(order)],
    link: { href: ordersLink, label: m.ordersButton },
    after: [m.cancelledByShopQuestions],
  });
}

/**
 * An admin cancelled the customer's paid order before it shipped: the credit note's number and amount,
 * and the refund to the card.
 */
export function orderCreditedMail(
  order: OrderMailFacts,
  creditNote: { number: string; totalCents: number },
  ordersLink: string,
): MailMessage {
  return compose(order.customer, {
    kind: 'order-credited',
    subject: m.cancelledSubject(orderName(order)),
    paragraphs: [
      order.onAccount ? copy.companyOrders.creditedIntro : m.creditedIntro,
      (order.onAccount ? copy.companyOrders.creditNote : m.creditNote)(
        creditNote.number,
        formatMoney(creditNote.totalCents, order.currency),
      ),
      ...orderLines(order),
    ],
    link: { href: ordersLink, label: m.ordersButton },
    after: [m.cancelledByShopQuestions],
  });
}

export function orderExpiredMail(order: OrderMailFacts, paymentWindowHours: number, partLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-expired',
    subject: m.expiredSubject(orderName(order)),
    paragraphs: [m.expiredIntro(paymentWindowHours), ...orderLines(order)],
    link: { href: partLink, label: order.partName },
    after: [m.expiredAgain],
  });
}

/** To the applicant: the shop approved their company's trade account. */
export function companyApprovedMail(to: Recipient, company: { name: string }, companyLink: string): MailMessage {
  const c = copy.companies;
  return compose(to, {
    kind: 'company-approved',
    subject: c.approvedSubject(company.name),
    paragraphs: [c.approvedIntro(company.name)],
    link: { href: companyLink, label: c.approvedButton },
  });
}

/** To the applicant: the shop declined their company's application, and why. */
export function companyDeclinedMail(to: Recipient, company: { name: string; reason: string }, companyLink: string): MailMessage {
  const c = copy.companies;
  return compose(to, {
    kind: 'company-declined',
    subject: c.declinedSubject(company.name),
    paragraphs: [c.declinedIntro(company.name), c.declinedReason(company.reason)],
    link: { href: companyLink, label: c.declinedButton },
    after: [c.declinedAfter],
  });
}

/**
 * To a colleague a company admin invited: the link to join. The address may belong to nobody's account
 * yet, so the greeting names no one, and the inviter's own words (their name) stay out of it; the
 * company's name is one the shop approved.
 */
export function companyInvitationMail(
  to: { email: string },
  invitation: { companyName: string; role: 'buyer' | 'company_admin'; days: number },
  link: string,
): MailMessage {
  const c = copy.companyMembers;
  return compose(
    { email: to.email, name: '', addressConfirmed: false },
    {
      kind: 'company-invitation',
      subject: c.inviteSubject(invitation.companyName),
      paragraphs: [c.inviteIntro(invitation.companyName, c.roles[invitation.role])],
      link: { href: link, label: c.inviteButton },
      after: [c.inviteAfter(invitation.days)],
    },
  );
}

/** To each company admin: an invoice on account is due in 3 days (`before_due`), or was due yesterday (`after_due`). */
export function invoiceReminderMail(
  to: Recipient,
  invoice: { kind: 'before_due' | 'after_due'; invoiceNumber: string; dueDate: string; left: string },
  statementLink: string,
): MailMessage {
  const s = copy.statement;
  const before = invoice.kind === 'before_due';
  return compose(to, {
    kind: before ? 'invoice-due-soon' : 'invoice-overdue',
    subject: before
      ? s.reminderBeforeSubject(invoice.invoiceNumber, invoice.dueDate)
      : s.reminderAfterSubject(invoice.invoiceNumber),
    paragraphs: [
      before
        ? s.reminderBeforeIntro(invoice.invoiceNumber, invoice.left, invoice.dueDate)
        : s.reminderAfterIntro(invoice.invoiceNumber, invoice.left, invoice.dueDate),
    ],
    link: { href: statementLink, label: s.reminderButton },
    after: [s.reminderAfter],
  });
}

const co = copy.companyOrders;

/** To the buyer: their order is above their order limit and waits for a company admin. */
export function orderAwaitingApprovalMail(order: OrderMailFacts, ordersLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-awaiting-approval',
    subject: co.awaitingSubject(orderName(order)),
    paragraphs: [co.awaitingIntro, ...orderLines(order), co.awaitingExpiry(utcMinute(order.payBy))],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

/** To each company admin: a colleague's order waits for their approval. */
export function orderApprovalRequestMail(
  to: Recipient,
  order: OrderMailFacts,
  { buyer, company, limitCents }: { buyer: string; company: string; limitCents: number | null },
  ordersLink: string,
): MailMessage {
  return compose(to, {
    kind: 'order-approval-request',
    subject: co.approvalSubject(order.number, buyer),
    paragraphs: [
      co.approvalText(
        buyer,
        company,
        formatMoney(order.totalCents, order.currency),
        limitCents === null ? '' : formatMoney(limitCents, order.currency),
      ),
      ...orderLines(order),
      co.awaitingExpiry(utcMinute(order.payBy)),
    ],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

/** To the buyer: a company admin approved their order (on account, its invoice mail follows). */
export function orderApprovedMail(order: OrderMailFacts, by: string, payByCard: boolean, ordersLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-approved',
    subject: co.approvedSubject(order.number),
    paragraphs: [co.approvedText(by), ...orderLines(order), ...(payByCard ? [co.approvedPayByCard] : [])],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

/** To the buyer: a company admin declined their order, and why. */
export function orderDeclinedMail(order: OrderMailFacts, by: string, reason: string, ordersLink: string): MailMessage {
  return compose(order.customer, {
    kind: 'order-declined',
    subject: co.declinedSubject(order.number),
    paragraphs: [co.declinedText(by, reason), ...orderLines(order)],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

/** To the buyer: their order is confirmed on account; its invoice (attached when sent) is due by its date. */
export function orderOnAccountMail(
  order: OrderMailFacts,
  invoice: { number: string; dueDate: string },
  ordersLink: string,
): MailMessage {
  return compose(order.customer, {
    kind: 'order-on-account',
    subject: co.onAccountSubject(order.number, invoice.number),
    paragraphs: [
      co.onAccountText(invoice.number, formatMoney(order.totalCents, order.currency), invoice.dueDate),
      ...orderLines(order),
      ...expectedDay(order),
    ],
    link: { href: ordersLink, label: m.ordersButton },
  });
}

/** What a return's mail says: its number, its order's, and what the step brings. */
export interface ReturnMailFacts {
  number: string;
  orderNumber: string;
  status: 'requested' | 'approved' | 'refused' | 'received' | 'credited';
  /** The shop's instructions (settings), for an approved return. */
  instructions?: string;
  /** What the admin wrote when approving, mailed after the instructions. */
  approvalNote?: string | null;
  refusalReason?: string | null;
  creditNote?: { number: string; totalCents: number };
  currency: string;
  onAccount: boolean;
}

/** To whoever asked for a return, at each of its steps (docs/shop-rules.md, "Returns"). */
export function returnChangedMail(to: Recipient, facts: ReturnMailFacts, returnsLink: string): MailMessage {
  const rm = copy.returns.mail;
  const { number } = facts;
  const content: Record<ReturnMailFacts['status'], { subject: string; paragraphs: string[] }> = {
    requested: { subject: rm.requestedSubject(number), paragraphs: [rm.requestedBody(number, facts.orderNumber)] },
    approved: {
      subject: rm.approvedSubject(number),
      paragraphs: [
        rm.approvedBody(number),
        facts.instructions?.trim() || rm.noInstructions,
        ...(facts.approvalNote?.trim() ? [rm.shopNote(facts.approvalNote.trim())] : []),
      ],
    },
    refused: { subject: rm.refusedSubject(number), paragraphs: [rm.refusedBody(number, facts.refusalReason ?? '')] },
    received: { subject: rm.receivedSubject(number), paragraphs: [rm.receivedBody(number)] },
    credited: {
      subject: rm.creditedSubject(number),
      paragraphs: [
        rm.creditedBody(
          number,
          facts.creditNote?.number ?? '',
          formatMoney(facts.creditNote?.totalCents ?? 0, facts.currency),
          facts.onAccount,
        ),
      ],
    },
  };
  return compose(to, {
    kind: `return-${facts.status}`,
    ...content[facts.status],
    link: { href: returnsLink, label: rm.returnsButton },
  });
}
