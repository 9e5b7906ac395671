import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { lineTotalCents, type PriceTier, savingsCents, smallestAllowedQuantity, unitPriceFor } from '#shared/pricing';
import { DEFAULT_TAX_AND_DELIVERY } from '#shared/schemas/content';
import { signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

/**
 * The browser shows prices with #shared/pricing (the part page's total, "You save"); the server prices
 * the cart and the order. For any valid tiers, pack size and allowed quantity, the server's cart and
 * the order it places say exactly what the browser's functions say.
 */
const pricedLine = fc
  .record({
    minOrderQuantity: fc.integer({ min: 1, max: 60 }),
    packSize: fc.integer({ min: 1, max: 12 }),
    steps: fc.array(fc.record({ more: fc.integer({ min: 1, max: 200 }), cheaper: fc.integer({ min: 1, max: 2_000 }) }), {
      maxLength: 4,
    }),
    spare: fc.integer({ min: 0, max: 100_000 }),
    packsAboveSmallest: fc.integer({ min: 0, max: 150 }),
  })
  .map(({ minOrderQuantity, packSize, steps, spare, packsAboveSmallest }) => {
    const priceCents = spare + steps.reduce((sum, step) => sum + step.cheaper, 0);
    let minQuantity = minOrderQuantity;
    let unitPriceCents = priceCents;
    const priceTiers: PriceTier[] = steps.map((step) => {
      minQuantity += step.more;
      unitPriceCents -= step.cheaper;
      return { minQuantity, unitPriceCents };
    });
    const quantity = smallestAllowedQuantity({ minOrderQuantity, stock: 0, packSize }) + packsAboveSmallest * packSize;
    return { priceCents, minOrderQuantity, packSize, priceTiers, quantity };
  });

describeOnEachEngine(
  'prices on the server and in the browser',
  (ctx) => {
    let customer: TestAccount;
    beforeAll(async () => {
      customer = await signedInCustomer(ctx);
    });
    const api = testApi(ctx);

    it('agree for every valid part and allowed quantity: the cart, the order and its lines', { timeout: 60_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(pricedLine, async (line) => {
          const part = await insertPart(ctx.database.db, {
            price_cents: line.priceCents,
            min_order_quantity: line.minOrderQuantity,
            pack_size: line.packSize,
            price_tiers: JSON.stringify(line.priceTiers),
            stock: line.quantity,
          });
          const browser = { priceCents: line.priceCents, priceTiers: line.priceTiers };
          const quote = await api.anonymous.post('/api/cart/quote', { lines: [{ partId: part.id, quantity: line.quantity }] });
          expect(quote.status, quote.body).toBe(200);
          expect(quote.json.lines[0]).toMatchObject({
            unitPriceCents: unitPriceFor(browser, line.quantity),
            lineTotalCents: lineTotalCents(browser, line.quantity),
            savingsCents: savingsCents(browser, line.quantity),
          });
          expect(quote.json.lines[0].problem).toBeUndefined();

          const placed = await api.as(customer).post('/api/orders', {
            lines: [{ partId: part.id, quantity: line.quantity }],
            phone: TEST_PHONE,
            address: TEST_ADDRESS,
          });
          expect(placed.status, placed.body).toBe(201);
          const order = (await api.as(customer).get(`/api/orders/${placed.json.id}`)).json;
          const goods = lineTotalCents(browser, line.quantity);
          expect(order.goodsCents).toBe(goods);
          // The shop's defaults: no tax rows, and the fee below the free-delivery threshold.
          const { deliveryFeeCents, freeDeliveryThresholdCents } = DEFAULT_TAX_AND_DELIVERY;
          expect(order.deliveryCents).toBe(goods >= freeDeliveryThresholdCents ? 0 : deliveryFeeCents);
          expect(order.totalCents).toBe(goods + order.deliveryCents);
          // The quote for the same lines, read in the seller's country as the order's address text is, agrees.
          expect(quote.json).toMatchObject({
            goodsCents: goods,
            deliveryCents: order.deliveryCents,
            totalCents: order.totalCents,
          });
          expect(order.lines[0].unitPriceCents).toBe(unitPriceFor(browser, line.quantity));
        }),
        { numRuns: 25 },
      );
    });
  },
  { config: { maxUnpaidOrders: 1_000 } },
);
