import { expect, it } from 'vitest';
import { describeOnEachEngine } from '../../testing/test-app';

describeOnEachEngine(
  'GET /api/shop: the social links',
  (ctx) => {
    it('lists the configured networks only, so the footer hides the others', async () => {
      const res = await ctx.app.inject({ url: '/api/shop' });
      expect(res.statusCode).toBe(200);
      expect(res.json().social).toEqual({
        facebook: 'https://www.facebook.com/gearhouse',
        youtube: 'https://www.youtube.com/@gearhouse',
      });
    });
  },
  { config: { social: { facebook: 'https://www.facebook.com/gearhouse', youtube: 'https://www.youtube.com/@gearhouse' } } },
);

describeOnEachEngine('GET /api/shop without social links', (ctx) => {
  it('answers an empty set of links', async () => {
    expect((await ctx.app.inject({ url: '/api/shop' })).json().social).toEqual({});
  });
});
