import { beforeAll, expect, it } from 'vitest';
import { describeOnEachEngine } from '../../testing/test-app';
import { insertReview } from '../../testing/factories';

describeOnEachEngine('reviews API', (ctx) => {
  const names: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 12; i++) names.push((await insertReview(ctx.database.db, { name: `Buyer ${i}`, rating: i % 6 })).name);
  });

  it('answers the newest reviews first, limited', async () => {
    const res = await ctx.app.inject({ url: '/api/reviews?limit=9' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(12);
    expect(body.items.map((r: { name: string }) => r.name)).toEqual(names.slice(3).reverse());
    expect(body.items[0]).toMatchObject({ rating: 11 % 6, verified: false });
  });

  it('refuses a limit above the cap', async () => {
    expect((await ctx.app.inject({ url: '/api/reviews?limit=61' })).statusCode).toBe(400);
  });
});
