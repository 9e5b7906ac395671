import { expect, it } from 'vitest';
import { describeOnEachEngine } from '../testing/test-app';

describeOnEachEngine('errors the router answers before any route runs', (ctx) => {
  it('answers a path it cannot decode with a 400 problem', async () => {
    const res = await ctx.app.inject('/api/parts/%zz');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'bad_request', title: 'Bad request' });
  });

  it('answers a path parameter longer than the router takes with a 414 problem', async () => {
    const res = await ctx.app.inject(`/api/orders/${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 414, code: 'bad_request' });
  });
});
