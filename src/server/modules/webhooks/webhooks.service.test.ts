import { expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { describeServicesOnEachEngine } from '../../testing/test-services';

const s = copy.webhooks;

// In production a webhook must be https and reach the internet; elsewhere loopback is allowed for tests.
describeServicesOnEachEngine(
  'webhooks in production',
  (ctx) => {
    it('refuses plain http and private, loopback and link-local addresses, and saves nothing', async () => {
      const admin = await ctx.account('admin');
      const owner = await ctx.services.webhooks.ownerFor(admin);
      const refused: [string, string][] = [
        ['http://8.8.8.8/events', s.urlNotHttps],
        ['https://127.0.0.1/events', s.urlPrivate],
        ['https://localhost:8443/events', s.urlPrivate],
        ['https://[::1]/events', s.urlPrivate],
        ['https://10.0.0.5/events', s.urlPrivate],
        ['https://192.168.1.20/events', s.urlPrivate],
        ['https://169.254.169.254/latest/meta-data', s.urlPrivate],
        ['https://[::ffff:127.0.0.1]/events', s.urlPrivate],
        ['https://203.0.113.10/events', s.urlPrivate],
      ];
      for (const [url, message] of refused) {
        await expect(ctx.services.webhooks.create(owner, admin, { url, events: ['order.created'] }), url).rejects.toMatchObject({
          code: 'validation_failed',
          fieldErrors: { url: message },
        });
      }
      expect((await ctx.services.webhooks.list(owner)).items).toEqual([]);
    });

    it('takes a public https address', async () => {
      const admin = await ctx.account('admin');
      const owner = await ctx.services.webhooks.ownerFor(admin);
      const created = await ctx.services.webhooks.create(owner, admin, {
        url: 'https://8.8.8.8/events',
        events: ['order.created'],
      });
      expect(created.secret).toMatch(/^whsec_/);
    });
  },
  { env: 'production' },
);
