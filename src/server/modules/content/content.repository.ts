import { DEFAULT_SELLER } from '#shared/schemas/content';
import type { Db } from '../../db/database';
import { fetchPage, type PageRequest } from '../../db/pagination';
import type { BlogPostRow, ContactMessageRow, NewsletterSubscriberRow, SettingsRow } from '../../db/schema';

export async function listBlogPosts(db: Db): Promise<BlogPostRow[]> {
  return db.selectFrom('blog_posts').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
}

export async function blogPostSlugExists(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

export async function findBlogPostBySlug(db: Db, slug: string): Promise<BlogPostRow | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findSettings(db: Db): Promise<SettingsRow | undefined> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** The flash deal's end and percentage as stored; undefined before any settings were saved. */
export async function findFlashDeal(db: Db): Promise<{ ends_at: string; percent: number } | undefined> {
  return db
    .selectFrom('settings')
    .select(['flash_deal_ends_at as ends_at', 'flash_deal_percent as percent'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/** The settings' columns an update may set, each left out keeping what is stored (or its default on the first write). */
export type SettingsColumns = Partial<
  Pick<
    SettingsRow,
    | 'flash_deal_percent'
    | 'seller_name'
    | 'seller_address'
    | 'seller_vat_number'
    | 'currency'
    | 'tax_rates'
    | 'delivery_fee_cents'
    | 'free_delivery_threshold_cents'
    | 'order_cutoff'
    | 'time_zone'
    | 'transit_days'
    | 'deliver_to'
    | 'return_window_days'
    | 'core_return_window_days'
    | 'return_instructions'
  >
>;

export async function upsertSettings(
  db: Db,
  values: { flashDealEndsAt: string; flashDealDiscountText: string; columns: SettingsColumns; now: string },
): Promise<void> {
  const columns = Object.fromEntries(Object.entries(values.columns).filter(([, value]) => value !== undefined));
  await db
    .insertInto('settings')
    .values({
      id: 1,
      flash_deal_ends_at: values.flashDealEndsAt,
      flash_deal_discount_text: values.flashDealDiscountText,
      // The shop's own defaults, not the columns' (migration 0014 gave them the first shop's placeholder).
      seller_name: DEFAULT_SELLER.sellerName,
      seller_address: JSON.stringify(DEFAULT_SELLER.sellerAddress),
      seller_vat_number: DEFAULT_SELLER.sellerVatNumber,
      ...columns,
      updated_at: values.now,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        flash_deal_ends_at: values.flashDealEndsAt,
        flash_deal_discount_text: values.flashDealDiscountText,
        ...columns,
        updated_at: values.now,
      }),
    )
    .execute();
}

/** Subscribing twice is not an error: the second time changes nothing. */
export async function addNewsletterSubscriber(db: Db, row: { id: string; email: string; createdAt: string }): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ id: row.id, email: row.email, created_at: row.createdAt })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export async function insertContactMessage(
  db: Db,
  row: { id: string; email: string; subject: string; message: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({
      id: row.id,
      email: row.email,
      subject: row.subject,
      message: row.message,
      created_at: row.createdAt,
      handled_at: null,
    })
    .execute();
}

export async function listContactMessages(db: Db, page: PageRequest): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const table = db.selectFrom('contact_messages');
  return fetchPage(
    table.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    table.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

/** Sets or clears handled_at; answers the message, or undefined when there is none. */
export async function setContactMessageHandledAt(
  db: Db,
  id: string,
  handledAt: string | null,
): Promise<ContactMessageRow | undefined> {
  const result = await db.updateTable('contact_messages').set({ handled_at: handledAt }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSubscribers(db: Db, page: PageRequest): Promise<{ rows: NewsletterSubscriberRow[]; total: number }> {
  const table = db.selectFrom('newsletter_subscribers');
  return fetchPage(
    table.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    table.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

export async function listAllSubscribers(db: Db): Promise<NewsletterSubscriberRow[]> {
  return db.selectFrom('newsletter_subscribers').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}
