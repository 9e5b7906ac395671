import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock';
import { LocalDiskStorage } from '../../modules/uploads';
import { type Auth, demoAccounts, demoTradeAccount } from '../../modules/users';
import { createTestAuth } from '../../testing/accounts';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { partPricingProblems } from '#shared/schemas/catalogue';
import { orderTotals, type OrderTax } from '#shared/order-totals';
import { type Address, addressLines, addressSchema } from '#shared/schemas/address';
import { phoneSchema } from '#shared/schemas/orders';
import { discountedCents } from '#shared/pricing';
import { shopSettings } from '../../modules/content';
import type { Db } from '../database';
import { seedDemoData, seedDemoDataOnFirstStart } from '.';

const NOW = '2026-06-15T12:00:00.000Z';
const DAY = 24 * 3_600_000;

async function countRows(db: Db) {
  const count = (
    table:
      | 'categories'
      | 'parts'
      | 'reviews'
      | 'blog_posts'
      | 'settings'
      | 'users'
      | 'vehicles'
      | 'part_fitments'
      | 'orders'
      | 'companies'
      | 'company_members'
      | 'company_addresses'
      | 'company_prices',
  ) =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return {
    categories: await count('categories'),
    parts: await count('parts'),
    reviews: await count('reviews'),
    posts: await count('blog_posts'),
    settings: await count('settings'),
    users: await count('users'),
    vehicles: await count('vehicles'),
    fitments: await count('part_fitments'),
    orders: await count('orders'),
    companies: await count('companies'),
    members: await count('company_members'),
    sites: await count('company_addresses'),
    prices: await count('company_prices'),
  };
}

async function readStored(storage: LocalDiskStorage, url: string): Promise<Buffer> {
  const key = url.replace(/^\/uploads\//, '');
  const file = await storage.get(key);
  if (!file) throw new Error(`Not in storage: ${url}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

for (const engine of availableEngines()) {
  describe(`seedDemoData [${engine}]`, () => {
    let database: TestDatabase;
    let storage: LocalDiskStorage;
    let auth: Auth;
    let created: number;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      storage = new LocalDiskStorage(path.join(database.dir, 'uploads'));
      auth = createTestAuth(database);
      created = await seedDemoData(database.db, { clock: fixedClock(NOW), storage, auth });
    });

    afterAll(async () => {
      await database?.drop();
    });

    it('creates the catalogue, reviews, blog posts, settings and demo accounts, and counts what it created', async () => {
      const counts = await countRows(database.db);
      expect(counts.parts).toBeGreaterThanOrEqual(24);
      expect(counts.reviews).toBeGreaterThanOrEqual(12);
      expect(counts.posts).toBe(3);
      expect(counts.settings).toBe(1);
      expect(counts.users).toBe(3);
      expect(counts.categories).toBeGreaterThanOrEqual(8);
      expect(counts.vehicles).toBeGreaterThanOrEqual(30);
      expect(created).toBe(
        counts.categories +
          counts.parts +
          counts.reviews +
          counts.posts +
          counts.settings +
          counts.users +
          counts.vehicles +
          counts.fitments +
          counts.orders +
          counts.companies +
          counts.members +
          counts.sites +
          counts.prices,
      );
    });

    it('lists vehicles of at least eight makes, a Ford Focus built in 2015 among them, and every part fits several', async () => {
      const vehicles = await database.db.selectFrom('vehicles').selectAll().execute();
      expect(new Set(vehicles.map((vehicle) => vehicle.make)).size).toBeGreaterThanOrEqual(8);
      expect(vehicles.every((vehicle) => vehicle.year_from <= vehicle.year_to)).toBe(true);
      expect(
        vehicles.some(
          (vehicle) =>
            vehicle.make === 'Ford' && vehicle.model === 'Focus' && vehicle.year_from <= 2015 && vehicle.year_to >= 2015,
        ),
      ).toBe(true);

      const fitments = await database.db
        .selectFrom('part_fitments')
        .innerJoin('vehicles', 'vehicles.id', 'part_fitments.vehicle_id')
        .select([
          'part_fitments.part_id',
          'part_fitments.position',
          'part_fitments.year_from',
          'part_fitments.year_to',
          'part_fitments.note',
          'vehicles.year_from as built_from',
          'vehicles.year_to as built_to',
        ])
        .execute();
      const parts = await database.db.selectFrom('parts').select('id').execute();
      for (const part of parts) {
        const own = fitments.filter((fitment) => fitment.part_id === part.id);
        expect(own.length, part.id).toBeGreaterThanOrEqual(3);
        expect(own.map((fitment) => fitment.position).sort((a, b) => a - b)).toEqual(own.map((_, i) => i));
      }
      for (const fitment of fitments) {
        expect(fitment.year_from).toBeGreaterThanOrEqual(fitment.built_from);
        expect(fitment.year_to).toBeLessThanOrEqual(fitment.built_to);
        expect(fitment.year_from).toBeLessThanOrEqual(fitment.year_to);
      }
      expect(fitments.some((fitment) => fitment.note === 'front axle')).toBe(true);
      // Some part fits the Ford Focus of 2015, so the shop rules' example finds something.
      const focus2015 = await database.db
        .selectFrom('part_fitments')
        .innerJoin('vehicles', 'vehicles.id', 'part_fitments.vehicle_id')
        .select('part_fitments.part_id')
        .where('vehicles.make', '=', 'Ford')
        .where('vehicles.model', '=', 'Focus')
        .where('part_fitments.year_from', '<=', 2015)
        .where('part_fitments.year_to', '>=', 2015)
        .execute();
      expect(focus2015.length).toBeGreaterThanOrEqual(2);
    });

    it('creates the demo admin and customer with the passwords the login modal shows, and the trade account, hashed', async () => {
      const users = await database.db
        .selectFrom('users')
        .select(['email', 'name', 'role', 'email_verified'])
        .orderBy('email')
        .execute();
      expect(users).toEqual([
        { email: 'admin@gearhouse.example', name: 'Gearhouse Admin', role: 'admin', email_verified: expect.anything() },
        { email: 'customer@gearhouse.example', name: 'Casey Customer', role: 'customer', email_verified: expect.anything() },
        { email: 'fleet@gearhouse.example', name: 'Dana Whitfield', role: 'customer', email_verified: expect.anything() },
      ]);
      expect(users.every((user) => Boolean(user.email_verified))).toBe(true);
      for (const account of [...demoAccounts, demoTradeAccount]) {
        const signedIn = await auth.api.signInEmail({ body: { email: account.email, password: account.password } });
        expect(signedIn.user.email).toBe(account.email);
      }
      const hashes = await database.db.selectFrom('accounts').select('password').execute();
      expect(hashes.map((row) => row.password)).not.toContain('admin-demo-1');
      expect(hashes.map((row) => row.password)).not.toContain('fleet-demo-1');
    });

    it('makes the trade account the company admin of an active company on 30 days, with two sites and contract prices', async () => {
      const db = database.db;
      const companies = await db.selectFrom('companies').selectAll().execute();
      expect(companies).toHaveLength(1);
      const company = companies[0]!;
      expect({
        name: company.name,
        status: company.status,
        paymentTerms: company.payment_terms,
        creditLimitCents: Number(company.credit_limit_cents),
        discountPercent: Number(company.discount_percent),
        vatId: company.vat_id,
        taxExempt: Number(company.tax_exempt),
      }).toEqual({
        name: 'Whitfield Fleet Services LLC',
        status: 'active',
        paymentTerms: 'net30',
        creditLimitCents: 2_500_000,
        discountPercent: 5,
        vatId: null,
        taxExempt: 0,
      });
      const billing = addressSchema.parse(JSON.parse(company.billing_address));
      expect(billing).toMatchObject({ city: 'Detroit', region: 'MI', country: 'US' });

      const sites = await db
        .selectFrom('company_addresses')
        .selectAll()
        .where('company_id', '=', company.id)
        .orderBy('created_at')
        .execute();
      expect(sites.map((site) => site.label)).toEqual(['Main depot', 'North yard']);
      expect(sites.map((site) => addressSchema.parse(JSON.parse(site.address)).city)).toEqual(['Dearborn', 'Warren']);
      for (const site of sites) {
        expect(addressSchema.parse(JSON.parse(site.address))).toMatchObject({ region: 'MI', country: 'US' });
        expect(phoneSchema.safeParse(site.phone).success, site.phone).toBe(true);
      }

      // The trade account is its only member; the demo customer, who buys by card, is in no company.
      const members = await db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .select(['users.email', 'company_members.company_id', 'company_members.role', 'company_members.order_limit_cents'])
        .execute();
      expect(members).toEqual([
        { email: 'fleet@gearhouse.example', company_id: company.id, role: 'company_admin', order_limit_cents: null },
      ]);

      // Each contract price is below the part's every tier price less the company's discount, and the
      // part is not in the flash deal, so the contract price is what "Your price" shows.
      const prices = await db
        .selectFrom('company_prices')
        .innerJoin('parts', 'parts.id', 'company_prices.part_id')
        .select([
          'parts.sku',
          'parts.price_cents',
          'parts.price_tiers',
          'parts.flash_deal_since',
          'company_prices.unit_price_cents',
          'company_prices.company_id',
        ])
        .orderBy('parts.sku')
        .execute();
      expect(prices.map((price) => [price.sku, Number(price.unit_price_cents)])).toEqual([
        ['GH-FLT-0980', 760],
        ['GH-OIL-5305', 3550],
      ]);
      for (const price of prices) {
        expect(price.company_id).toBe(company.id);
        const tiers = JSON.parse(price.price_tiers) as { unitPriceCents: number }[];
        const lowest = Math.min(price.price_cents, ...tiers.map((tier) => tier.unitPriceCents));
        expect(Number(price.unit_price_cents), price.sku).toBeLessThan(discountedCents(lowest, 5));
        expect(price.flash_deal_since, price.sku).toBeNull();
      }
    });

    it('gives every part a picture of its own, stored as WebP with its smaller widths', async () => {
      const parts = await database.db.selectFrom('parts').select('image_url').execute();
      const urls = parts.map((part) => part.image_url);
      expect(new Set(urls).size).toBe(urls.length);
      for (const url of urls) {
        expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
        const meta = await sharp(await readStored(storage, url)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width! / meta.height!).toBeCloseTo(4 / 3, 2);
        expect(await storage.exists(url.replace('/uploads/', '').replace('.webp', '-w320.webp'))).toBe(true);
      }
    });

    it('fills parts the way the shop shows them', async () => {
      const parts = await database.db
        .selectFrom('parts')
        .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
        .selectAll()
        .execute();
      for (const part of parts) {
        expect(part.description.length).toBeGreaterThanOrEqual(150);
        expect(part.description.length).toBeLessThanOrEqual(450);
        expect(Number.isInteger(part.price_cents)).toBe(true);
        expect(part.price_cents).toBeGreaterThanOrEqual(400);
        expect(part.price_cents).toBeLessThanOrEqual(90_000);
        expect(part.stock).toBeGreaterThanOrEqual(part.min_order_quantity);
        expect(part.min_order_quantity % part.pack_size, part.name).toBe(0);
        // A big-ticket part sells singly or by two, never by the dozen; its tiers start above its minimum.
        if (part.price_cents >= 24_000) expect(part.min_order_quantity, part.name).toBeLessThanOrEqual(2);
        const tiers = JSON.parse(part.price_tiers) as { minQuantity: number; unitPriceCents: number }[];
        expect(
          partPricingProblems({ priceCents: part.price_cents, minOrderQuantity: part.min_order_quantity, priceTiers: tiers }),
        ).toEqual([]);
        expect(part.archived_at).toBeNull();
      }
      const minimumOf = (name: string) => parts.find((part) => part.name.startsWith(name))?.min_order_quantity;
      expect(minimumOf('Clutch Kit')).toBe(1);
      expect(minimumOf('LED Headlight Bulbs')).toBe(24);
      expect(minimumOf('Ceramic Front Brake Pads')).toBe(12);
      expect(parts.some((part) => part.description.length > 300)).toBe(true);
      expect(parts.some((part) => part.name.length > 35)).toBe(true);
      expect(parts.some((part) => part.stock >= 12 && part.stock <= 40)).toBe(true);
    });

    it('spreads parts over the past two months with no two added at the same moment', async () => {
      const parts = await database.db.selectFrom('parts').select('created_at').execute();
      const times = parts.map((part) => Date.parse(part.created_at));
      expect(new Set(times).size).toBe(times.length);
      for (const time of times) {
        expect(time).toBeLessThan(Date.parse(NOW));
        expect(time).toBeGreaterThan(Date.parse(NOW) - 60 * DAY);
      }
    });

    it('writes reviews with avatars, mostly about demo parts, each after its part was added', async () => {
      const reviews = await database.db
        .selectFrom('reviews')
        .leftJoin('parts', 'parts.id', 'reviews.part_id')
        .select([
          'reviews.rating',
          'reviews.image_url',
          'reviews.created_at',
          'reviews.part_id',
          'parts.created_at as part_created_at',
        ])
        .execute();
      expect(new Set(reviews.map((review) => review.created_at)).size).toBe(reviews.length);
      const aboutParts = reviews.filter((review) => review.part_id !== null);
      expect(aboutParts.length).toBeGreaterThan(reviews.length / 2);
      expect(aboutParts.filter((review) => review.part_created_at! >= review.created_at)).toEqual([]);
      const perPart = new Map<string, number>();
      for (const review of aboutParts) perPart.set(review.part_id!, (perPart.get(review.part_id!) ?? 0) + 1);
      expect(Math.max(...perPart.values())).toBeGreaterThanOrEqual(2);
      for (const review of reviews) {
        expect(review.rating).toBeGreaterThanOrEqual(0);
        expect(review.rating).toBeLessThanOrEqual(5);
        expect(await storage.exists(review.image_url.replace('/uploads/', ''))).toBe(true);
      }
    });

    it('publishes blog posts with paragraphs and a wide picture', async () => {
      const posts = await database.db.selectFrom('blog_posts').selectAll().execute();
      for (const post of posts) {
        const body: unknown = JSON.parse(post.body);
        expect(Array.isArray(body)).toBe(true);
        expect((body as string[]).length).toBeGreaterThanOrEqual(4);
        expect((body as string[]).every((paragraph) => typeof paragraph === 'string' && paragraph.length > 0)).toBe(true);
        const meta = await sharp(await readStored(storage, post.image_url)).metadata();
        expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 2);
      }
    });

    it("takes the README's example vehicle to the parts that fit it", async () => {
      // README.md, "Demo mode": the vehicle and year a newcomer is told to pick, and how many parts then show.
      const readme = readFileSync(path.join(import.meta.dirname, '../../../../README.md'), 'utf8').replace(/\s+/g, ' ');
      const example = /pick (\S+), (\S+) (.+?) and (\d{4}) in "Find parts for your vehicle" on `\/part`: (\d+) parts fit it/.exec(
        readme,
      );
      expect(example, 'the README names a vehicle, its engine and a year to pick').not.toBeNull();
      const [, make, model, engine, year, count] = example!;
      const fitting = await database.db
        .selectFrom('part_fitments')
        .innerJoin('vehicles', 'vehicles.id', 'part_fitments.vehicle_id')
        .select('part_fitments.part_id')
        .where('vehicles.make', '=', make!)
        .where('vehicles.model', '=', model!)
        .where('vehicles.engine', '=', engine!)
        .where('part_fitments.year_from', '<=', Number(year))
        .where('part_fitments.year_to', '>=', Number(year))
        .execute();
      expect(fitting.length, `parts that fit the ${make} ${model} ${engine} of ${year}`).toBe(Number(count));
    });

    it('names a US manufacturer as the seller, as the dollar prices say, with no VAT number made up', async () => {
      const settings = await database.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
      expect(settings.seller_name).toBe('Gearhouse Manufacturing Inc.');
      expect(JSON.parse(settings.seller_address)).toEqual({
        line1: '2750 Foundry Avenue',
        city: 'Detroit',
        region: 'MI',
        postalCode: '48207',
        country: 'US',
      });
      expect(settings.seller_vat_number).toBe('');
    });

    it('keeps a tax table for where the demo buyers live: Michigan, the seller’s state, and each other place', async () => {
      const settings = await shopSettings(database.db);
      expect(settings.taxRates).toContainEqual({ country: 'US', region: 'MI', name: 'Sales tax', ratePercent: 6 });
      const orders = await database.db.selectFrom('orders').select(['delivery_address', 'tax_cents']).execute();
      const places = orders.map((order) => JSON.parse(order.delivery_address!) as Address);
      // Every row is some buyer's; only Oregon, which has no sales tax, has none.
      for (const rate of settings.taxRates) {
        expect(
          places.some((place) => place.country === rate.country && (rate.region === undefined || place.region === rate.region)),
          `${rate.country} ${rate.region ?? ''}`,
        ).toBe(true);
      }
      const untaxed = orders
        .filter((order) => order.tax_cents === 0)
        .map((order) => JSON.parse(order.delivery_address!) as Address);
      expect(untaxed.map((place) => `${place.country}-${place.region}`)).toEqual(['US-OR']);
    });

    it('writes demo orders whose figures add up and are what the shop’s pricing gives for their lines and address', async () => {
      const settings = await shopSettings(database.db);
      const orders = await database.db.selectFrom('orders').selectAll().orderBy('created_at').execute();
      expect(orders.length).toBeGreaterThanOrEqual(10);
      const lines = await database.db.selectFrom('order_lines').selectAll().orderBy('position').execute();
      for (const order of orders) {
        const own = lines.filter((line) => line.order_id === order.id);
        expect(own.length, order.id).toBeGreaterThan(0);
        for (const line of own) expect(line.line_total_cents).toBe(line.unit_price_cents * line.quantity);
        const taxes = JSON.parse(order.taxes) as OrderTax[];
        const address = addressSchema.parse(JSON.parse(order.delivery_address!));
        // Goods are the lines, the total their sum with delivery and each tax.
        expect(order.goods_cents).toBe(own.reduce((sum, line) => sum + line.line_total_cents, 0));
        expect(order.tax_cents).toBe(taxes.reduce((sum, tax) => sum + tax.amountCents, 0));
        expect(order.total_cents).toBe(order.goods_cents! + order.delivery_cents + order.tax_cents);
        const totals = orderTotals(
          own.map((line) => ({ unitPriceCents: line.unit_price_cents, quantity: line.quantity })),
          address,
          {},
          settings,
          new Date(order.created_at),
        );
        expect({
          goodsCents: order.goods_cents,
          deliveryCents: order.delivery_cents,
          taxes,
          totalCents: order.total_cents,
          expectedDelivery: order.expected_delivery,
        }).toEqual(totals);
        expect(order.tax_exemption).toBeNull();
        expect(order.currency).toBe('USD');
        expect(order.address).toBe(addressLines(address).join(', '));
      }
      // Some pay delivery (under the free-delivery threshold), and some are taxed at each kind of rate.
      expect(orders.filter((order) => order.delivery_cents > 0).length).toBeGreaterThanOrEqual(2);
      expect(orders.filter((order) => order.delivery_cents === 0).length).toBeGreaterThanOrEqual(2);
      const taxNames = new Set(orders.flatMap((order) => (JSON.parse(order.taxes) as OrderTax[]).map((tax) => tax.name)));
      expect([...taxNames].sort()).toEqual(['Sales tax', 'VAT']);
    });

    it('pays the demo orders as a payment does: each with its invoice number, and the overview counts their totals', async () => {
      const orders = await database.db.selectFrom('orders').selectAll().orderBy('paid_at').execute();
      expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['paid', 'shipped', 'delivered', 'cancelled']));
      const sold = orders.filter((order) => order.status !== 'cancelled');
      expect(sold.map((order) => order.invoice_number)).toEqual(sold.map((_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`));
      for (const order of sold) expect(order.paid_at! > order.created_at).toBe(true);
      for (const order of orders.filter((order) => order.status === 'cancelled')) {
        expect([order.cancel_reason, order.paid_at, order.invoice_number]).toEqual(['expired', null, null]);
      }
      const daily = await database.db
        .selectFrom('daily_sales')
        .select((eb) => eb.fn.sum<number>('cents').as('cents'))
        .executeTakeFirstOrThrow();
      expect(Number(daily.cents)).toBe(sold.reduce((sum, order) => sum + order.total_cents, 0));
      // The demo customer sees their own among them.
      const customer = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'customer@gearhouse.example')
        .executeTakeFirstOrThrow();
      expect(orders.filter((order) => order.user_id === customer.id).length).toBeGreaterThanOrEqual(2);
      for (const order of orders) expect(Date.parse(order.created_at)).toBeGreaterThan(Date.parse(NOW) - 30 * DAY);
    });

    it('starts a two-week flash deal at 25% off', async () => {
      const settings = await database.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
      expect(settings.id).toBe(1);
      expect(settings.flash_deal_ends_at).toBe(new Date(Date.parse(NOW) + 14 * DAY).toISOString());
      expect(settings.flash_deal_discount_text).toBe('25% OFF');
      expect(settings.flash_deal_percent).toBe(25);
      // Some parts are in it, two of them among the six newest that the landing page shows.
      const deal = await database.db
        .selectFrom('parts')
        .select(['name', 'flash_deal_since'])
        .orderBy('created_at', 'desc')
        .execute();
      expect(deal.filter((part) => part.flash_deal_since !== null).length).toBe(6);
      expect(
        deal
          .slice(0, 6)
          .filter((part) => part.flash_deal_since !== null)
          .map((part) => part.name),
      ).toEqual(['Ceramic Front Brake Pads Set', 'LED Headlight Bulbs H7 (pair)']);
    });

    it('creates nothing on a second run, days later, and keeps what an admin changed', async () => {
      const before = await countRows(database.db);
      const part = await database.db
        .selectFrom('parts')
        .select(['id', 'price_cents'])
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      await database.db
        .updateTable('parts')
        .set({ price_cents: part.price_cents + 100 })
        .where('id', '=', part.id)
        .execute();
      const settingsBefore = await database.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();

      const again = await seedDemoData(database.db, { clock: fixedClock(new Date(Date.parse(NOW) + 3 * DAY)), storage, auth });

      expect(again).toBe(0);
      expect(await countRows(database.db)).toEqual(before);
      const after = await database.db
        .selectFrom('parts')
        .select('price_cents')
        .where('id', '=', part.id)
        .executeTakeFirstOrThrow();
      expect(after.price_cents).toBe(part.price_cents + 100);
      expect(await database.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow()).toEqual(settingsBefore);
    });

    it("gives a demo part that fits nothing its vehicles again, and leaves a part's list an admin changed", async () => {
      const [emptied, edited] = await database.db
        .selectFrom('parts')
        .select('id')
        .orderBy('created_at', 'desc')
        .limit(2)
        .execute();
      await database.db.deleteFrom('part_fitments').where('part_id', '=', emptied!.id).execute();
      const kept = await database.db
        .selectFrom('part_fitments')
        .selectAll()
        .where('part_id', '=', edited!.id)
        .orderBy('position')
        .limit(1)
        .execute();
      await database.db.deleteFrom('part_fitments').where('part_id', '=', edited!.id).where('position', '>', 0).execute();
      const planned = await seedDemoData(database.db, { clock: fixedClock(NOW), storage, auth });
      const back = await database.db.selectFrom('part_fitments').select('part_id').where('part_id', '=', emptied!.id).execute();
      expect(back.length).toBeGreaterThanOrEqual(3);
      expect(planned).toBe(back.length);
      expect(await database.db.selectFrom('part_fitments').selectAll().where('part_id', '=', edited!.id).execute()).toEqual(kept);
    });

    it('puts back only what is missing', async () => {
      const review = await database.db.selectFrom('reviews').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      await database.db.deleteFrom('reviews').where('id', '=', review.id).execute();

      const again = await seedDemoData(database.db, { clock: fixedClock(NOW), storage, auth });

      expect(again).toBe(1);
      expect(await database.db.selectFrom('reviews').select('id').where('id', '=', review.id).executeTakeFirst()).toBeDefined();
    });

    it('does not bring back, at a restart, a demo part an admin deleted', async () => {
      const part = await database.db.selectFrom('parts').select('id').orderBy('created_at', 'asc').executeTakeFirstOrThrow();
      await database.db.deleteFrom('parts').where('id', '=', part.id).execute();

      expect(await seedDemoDataOnFirstStart(database.db, { clock: fixedClock(NOW), storage, auth })).toBe(0);
      expect(await database.db.selectFrom('parts').select('id').where('id', '=', part.id).executeTakeFirst()).toBeUndefined();
    });

    it('leaves a site the company removed, and puts back a deleted demo company whole only at `db:seed`', async () => {
      const db = database.db;
      const company = await db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
      // What the tests before deleted comes back first.
      await seedDemoData(db, { clock: fixedClock(NOW), storage, auth });
      await db.deleteFrom('company_addresses').where('label', '=', 'North yard').execute();
      expect(await seedDemoData(db, { clock: fixedClock(NOW), storage, auth })).toBe(0);
      expect((await countRows(db)).sites).toBe(1);

      // A shop admin deleted the company (its rows first, whatever the engine's foreign keys do).
      await db.deleteFrom('company_prices').where('company_id', '=', company.id).execute();
      await db.deleteFrom('company_addresses').where('company_id', '=', company.id).execute();
      await db.deleteFrom('company_members').where('company_id', '=', company.id).execute();
      await db.deleteFrom('companies').where('id', '=', company.id).execute();
      expect(await seedDemoDataOnFirstStart(db, { clock: fixedClock(NOW), storage, auth })).toBe(0);
      expect(await countRows(db)).toMatchObject({ companies: 0, members: 0, sites: 0, prices: 0 });

      expect(await seedDemoData(db, { clock: fixedClock(NOW), storage, auth })).toBe(6);
      expect(await countRows(db)).toMatchObject({ companies: 1, members: 1, sites: 2, prices: 2 });
      expect(await seedDemoData(db, { clock: fixedClock(NOW), storage, auth })).toBe(0);
    });

    it('does not bring back, at a restart, a demo account an admin removed', async () => {
      const customer = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'customer@gearhouse.example')
        .executeTakeFirstOrThrow();
      await (await auth.$context).internalAdapter.deleteUser(customer.id);

      expect(await seedDemoDataOnFirstStart(database.db, { clock: fixedClock(NOW), storage, auth })).toBe(0);
      expect((await countRows(database.db)).users).toBe(2);
      // `npm run db:seed` puts it back.
      await seedDemoData(database.db, { clock: fixedClock(NOW), storage, auth });
      expect((await countRows(database.db)).users).toBe(3);
    });

    it('seeds a shop at its first start, accounts included', async () => {
      const fresh = await createTestDatabase(engine);
      try {
        const count = await seedDemoDataOnFirstStart(fresh.db, { clock: fixedClock(NOW), storage, auth: createTestAuth(fresh) });
        expect(count).toBeGreaterThan(40);
        expect(await countRows(fresh.db)).toMatchObject({ users: 3, companies: 1, members: 1, sites: 2, prices: 2 });
        // A second start adds nothing.
        expect(await seedDemoDataOnFirstStart(fresh.db, { clock: fixedClock(NOW), storage, auth: createTestAuth(fresh) })).toBe(
          0,
        );
      } finally {
        await fresh.drop();
      }
    });

    it('gives a shop seeded before accounts existed its demo accounts at the next start', async () => {
      const fresh = await createTestDatabase(engine);
      try {
        // A seeded shop has its settings row.
        await fresh.db
          .insertInto('settings')
          .values({ id: 1, flash_deal_ends_at: NOW, flash_deal_discount_text: '10% OFF', updated_at: NOW })
          .execute();
        // Three accounts, and the company with its admin and two sites; no contract prices without the parts.
        expect(await seedDemoDataOnFirstStart(fresh.db, { clock: fixedClock(NOW), storage, auth: createTestAuth(fresh) })).toBe(
          7,
        );
        expect(await countRows(fresh.db)).toMatchObject({ parts: 0, users: 3, companies: 1, members: 1, sites: 2, prices: 0 });
      } finally {
        await fresh.drop();
      }
    });
  });
}
