import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

const schema = z.object({ email: z.string().trim().min(1, 'Enter your email') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, on the first use, and checks with it', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const rules = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    rules.warmOnUse.onFocus();
    rules.warmOnUse.onPointerDown();
    const refused = await rules.resolver({ email: '  ' }, undefined, options);
    const taken = await rules.resolver({ email: ' a@b.c ' }, undefined, options);

    expect(load).toHaveBeenCalledTimes(1);
    expect(refused.errors.email?.message).toBe('Enter your email');
    expect(taken).toEqual({ values: { email: 'a@b.c' }, errors: {} });
  });

  it('sends the form unchecked when the schema cannot be loaded, and tries again on the next use', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('connection dropped')).mockResolvedValue(schema);
    const rules = lazyZodResolver(load);

    const unchecked = await rules.resolver({ email: '  ' }, undefined, options);
    expect(unchecked).toEqual({ values: { email: '  ' }, errors: {} });

    const checked = await rules.resolver({ email: '  ' }, undefined, options);
    expect(checked.errors.email?.message).toBe('Enter your email');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not report a failed warm-up: the form still works', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const rules = lazyZodResolver(load);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      rules.warmOnUse.onFocus();
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
      expect((await rules.resolver({ email: '' }, undefined, options)).errors.email?.message).toBe('Enter your email');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
