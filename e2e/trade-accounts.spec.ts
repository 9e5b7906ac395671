import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { adminApi, createPart, deletePart } from './support/catalogue-api';
import { putInServerCart } from './support/cart';
import { waitForMailTo } from './support/inbox';
import { newCustomer, signInAs, unique } from './support/session';

const a = copy.address;
const p = copy.companyMembers.page;
const ca = copy.companiesAdmin;
const m = copy.memberOrders;
const s = copy.statement;

/** $50.00 a unit, 12 at least: with the company's 10 % off, 12 cost $540.00, above the buyer's $500.00 limit. */
const PRICE = 5000;
const DISCOUNT = 10;
const QUANTITY = 12;
const TOTAL = QUANTITY * PRICE * (1 - DISCOUNT / 100);
const LIMIT = 50_000;

/** Indiana: a state the demo tax table has no row for, so an order's total is its goods (delivery is free above $100). */
const SITE = { line1: '12 Piston Road', city: 'Indianapolis', state: 'IN', zip: '46204' };

async function fillUsAddress(group: Locator) {
  await group.getByLabel(a.line1Label).fill(SITE.line1);
  await group.getByLabel(a.cityLabel).fill(SITE.city);
  await group.getByLabel(a.stateLabel).selectOption(SITE.state);
  await group.getByLabel(a.zipLabel).fill(SITE.zip);
}

/** 'YYYY-MM-DD', `days` after today (UTC): an invoice's due date under its terms. */
function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A second signed-in person beside the test's own page: their own browser context. */
async function contextFor(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

// A step that cannot happen fails in 30 s, not at the end of the test's five minutes.
test.use({ actionTimeout: 30_000 });

test.describe('trade accounts', () => {
  test('a company applies, invites a colleague who orders on account above their limit, and the invoice is paid', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const admin = await adminApi(baseURL);
    const contexts: BrowserContext[] = [];
    let partId: string | undefined;
    try {
      const part = await createPart(admin, { name: `Trade Brake Discs ${unique()}`, stock: 600, priceCents: PRICE });
      partId = part.id;
      const companyName = `Piston Road Garage ${unique()}`;

      // A customer applies for a trade account at /dashboard/company.
      await newCustomer(page.request, baseURL, { label: 'Olga Owner', page });
      await page.goto('/dashboard/company');
      await page.getByLabel(p.name).fill(companyName);
      await fillUsAddress(page.getByRole('group', { name: p.billingAddress }));
      await page.getByLabel(p.label).fill('Main workshop');
      await page.getByLabel(p.phone).fill('+1 317 555 0100');
      await fillUsAddress(page.getByRole('group', { name: a.deliveryAddress }));
      await page.getByRole('button', { name: p.apply }).click();
      await expect(page.getByText(p.applied(companyName))).toBeVisible();

      // The shop admin approves it: Net 30, a $5,000.00 credit limit and 10 % off.
      const shop = await contextFor(browser, baseURL);
      contexts.push(shop.context);
      await signInAs(shop.page, 'admin');
      await shop.page.goto('/dashboard/companies?status=applied');
      const card = shop.page.getByRole('listitem').filter({ has: shop.page.getByRole('heading', { name: companyName }) });
      // An application opens with its review shown; "Review" opens it otherwise.
      const toggle = card.getByRole('button', { name: new RegExp(`^(${ca.review}|${ca.closeReview})$`) });
      if ((await toggle.textContent()) === ca.review) await toggle.click();
      await card.getByLabel(ca.termsLabel).selectOption('net30');
      await card.getByLabel(ca.creditLimitLabel).fill('5000.00');
      await card.getByLabel(ca.discountLabel).fill(String(DISCOUNT));
      await card.getByRole('button', { name: ca.approve, exact: true }).click();
      await expect(shop.page.getByText(ca.approved(companyName))).toBeVisible();
      // The API has it active with its terms.
      await expect
        .poll(async () => {
          const active = (await (await admin.get('/api/companies?status=active&limit=100')).json()) as {
            items: { name: string; paymentTerms: string; creditLimitCents: number; discountPercent: number }[];
          };
          const approved = active.items.find((company) => company.name === companyName);
          return (
            approved && { terms: approved.paymentTerms, limit: approved.creditLimitCents, discount: approved.discountPercent }
          );
        })
        .toEqual({ terms: 'net30', limit: 500_000, discount: DISCOUNT });

      // The company admin invites a colleague as a buyer; the invitation's link comes by mail.
      const colleagueEmail = `bert-buyer-${unique()}@garage.example`;
      await page.goto('/dashboard/company');
      const invite = page.getByRole('region', { name: p.invite });
      await invite.getByLabel(p.inviteEmail).fill(colleagueEmail);
      await invite.getByLabel(p.inviteRole).selectOption('buyer');
      await invite.getByRole('button', { name: p.sendInvite }).click();
      await expect(page.getByText(p.inviteSent(colleagueEmail))).toBeVisible();
      const mail = await waitForMailTo(colleagueEmail);
      const link = /\/invitations\/[A-Za-z0-9_\-.~%]+/.exec(mail)?.[0];
      expect(link, 'the invitation mail links to /invitations/<token>').toBeTruthy();

      // The colleague signs up through the link and joins.
      const buyer = await contextFor(browser, baseURL);
      contexts.push(buyer.context);
      const colleague = { name: `Bert Buyer ${unique()}`, email: colleagueEmail, password: 'secret-password-1' };
      await buyer.page.goto(link!);
      await buyer.page.getByRole('link', { name: copy.companyMembers.invitation.signUp }).click();
      await buyer.page.getByLabel(copy.fields.name).fill(colleague.name);
      await buyer.page.getByLabel(copy.fields.email).fill(colleague.email);
      await buyer.page.getByLabel(copy.fields.password).fill(colleague.password);
      await buyer.page.getByRole('button', { name: copy.auth.signUpSubmit }).click();
      await expect(buyer.page).toHaveURL(new RegExp(`${link!.replace(/[.]/g, '\\.')}$`));
      await buyer.page.getByRole('button', { name: copy.companyMembers.invitation.join(companyName) }).click();
      await expect(buyer.page.getByText(copy.companyMembers.invitation.joined(companyName))).toBeVisible();

      // The company admin gives the colleague an order limit of $500.00.
      await page.goto('/dashboard/company');
      const row = page.getByTestId('company-member').filter({ hasText: colleague.email });
      await row.getByLabel(p.memberLimit).fill('500.00');
      await row.getByRole('button', { name: `${p.save}: ${colleague.name}` }).click();
      await expect(row.getByLabel(p.memberLimit)).toHaveValue('500.00');
      await expect
        .poll(async () => {
          const company = (await (await page.request.get('/api/me/company')).json()) as {
            members: { email: string; orderLimitCents: number | null }[];
          };
          return company.members.find((member) => member.email === colleague.email)?.orderLimitCents;
        })
        .toBe(LIMIT);

      // The colleague orders above the limit, on account, with a PO number: it goes for approval.
      await putInServerCart(buyer.page.request, part.id, QUANTITY);
      await buyer.page.goto('/cart');
      const checkout = buyer.page.getByTestId('company-order-form');
      // The one delivery site is chosen already; the estimate is the company's price.
      await expect(checkout.getByRole('radio', { name: /Main workshop/ })).toBeChecked();
      await expect(buyer.page.getByTestId('cart-totals-total')).toHaveText(formatMoney(TOTAL));
      await expect(checkout.getByTestId('order-limit')).toContainText(m.orderLimit(formatMoney(LIMIT)));
      await checkout.getByLabel(m.poNumber).fill('PO-E2E-4711');
      await expect(checkout.getByRole('radio', { name: new RegExp(m.payOnAccount(30).replace(/[()]/g, '\\$&')) })).toBeChecked();
      await expectNoSeriousA11yViolations(buyer.page);
      await checkout.getByRole('button', { name: m.sendForApproval }).click();
      await expect(buyer.page.getByTestId('placed-notice')).toHaveText(m.sentForApproval);
      const waiting = buyer.page.getByTestId('order-row').filter({ hasText: part.name });
      await expect(waiting).toContainText(m.awaitingText);

      // The company admin sees it in My Orders, placed by the colleague, and approves it.
      await page.goto('/dashboard');
      const toApprove = page.getByTestId('order-row').filter({ hasText: part.name });
      await expect(toApprove.getByTestId('member-order-facts')).toContainText(m.placedBy(colleague.name));
      await expect(toApprove.getByTestId('member-order-facts')).toContainText('PO-E2E-4711');
      await expectNoSeriousA11yViolations(page);
      await toApprove.getByRole('button', { name: m.actionLabel(m.approve, part.name, colleague.name) }).click();
      await expect(page.getByText(m.approved)).toBeVisible();

      // Confirmed on account: an invoice with a due date 30 days on.
      const list = (await (await page.request.get('/api/me/orders?view=all&limit=5')).json()) as { items: Order[] };
      const order = list.items.find((item) => item.partId === part.id) as Order & { dueDate: string; poNumber: string };
      expect(order).toMatchObject({ status: 'confirmed', payment: 'account', poNumber: 'PO-E2E-4711', totalCents: TOTAL });
      expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(order.dueDate).toBe(daysFromToday(30));
      const invoiceNumber = order.invoiceNumber!;
      await expect(toApprove.getByTestId('on-account')).toContainText(invoiceNumber);

      // The statement lists the invoice, and the balance is its total.
      await page.goto('/dashboard/statement');
      await expect(page.getByTestId('statement-invoice').filter({ hasText: invoiceNumber })).toBeVisible();
      const balance = page.locator('dt', { hasText: new RegExp(`^${s.balance}$`) }).locator('xpath=following-sibling::dd');
      await expect(balance).toHaveText(formatMoney(TOTAL));

      // The shop admin records the payment in Manage Orders, where the order names the company and its PO.
      await shop.page.goto('/dashboard/manageOrders');
      const adminRow = shop.page.getByTestId('order-row').filter({ hasText: part.name });
      await expect(adminRow.getByTestId('order-company')).toContainText(companyName);
      await expect(adminRow.getByTestId('order-company')).toContainText('PO-E2E-4711');
      await shop.page.getByRole('button', { name: s.recordPayment }).click();
      const payment = shop.page.getByRole('region', { name: s.recordPayment });
      await payment.getByLabel(s.invoice, { exact: true }).fill(invoiceNumber);
      await payment.getByLabel(s.amountLabel).fill((TOTAL / 100).toFixed(2));
      await payment.getByLabel(s.referenceLabel).fill('BANK-E2E-1');
      await payment.getByRole('button', { name: s.record, exact: true }).click();
      await expect(shop.page.getByText(s.recorded(formatMoney(TOTAL), invoiceNumber))).toBeVisible();

      // Nothing is left to pay.
      await page.reload();
      await expect(balance).toHaveText(formatMoney(0));
      const statement = (await (await page.request.get('/api/me/company/statement')).json()) as {
        balanceCents: number;
        creditLeftCents: number;
      };
      expect(statement).toMatchObject({ balanceCents: 0, creditLeftCents: 500_000 });
    } finally {
      for (const context of contexts) await context.close();
      if (partId) await deletePart(admin, partId);
      await admin.dispose();
    }
  });
});
