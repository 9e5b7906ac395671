import { expect, it } from 'vitest';

it('makes Zod jitless, as z.config() would, without importing Zod first', async () => {
  await import('./zod-config');
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
});
