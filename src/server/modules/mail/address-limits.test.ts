import { expect, it } from 'vitest';
import { describeServicesOnEachEngine } from '../../testing/test-services';
import { ADDRESS_MAIL_LIMIT, takeAddressAllowance } from './address-limits';

describeServicesOnEachEngine('the limit of mail per address', (ctx) => {
  const take = (address: string, at: Date) =>
    ctx.database.db.transaction().execute((trx) => takeAddressAllowance(trx, { address, kind: 'password-reset', now: at }));

  it('lets exactly one of many requests at the same moment have the mail', async () => {
    const now = ctx.clock.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => take('race@example.com', now)));
    expect(answers.filter((answer) => answer === 'allowed')).toHaveLength(1);
    expect(new Set(answers)).toEqual(new Set(['allowed', 'too-soon']));
  });

  it('counts an address whatever its case, and each kind on its own', async () => {
    const now = ctx.clock.now();
    expect(await take('Case@Example.com', now)).toBe('allowed');
    expect(await take('case@example.COM ', now)).toBe('too-soon');
    const verification = await ctx.database.db
      .transaction()
      .execute((trx) => takeAddressAllowance(trx, { address: 'case@example.com', kind: 'email-verification', now }));
    expect(verification).toBe('allowed');
  });

  it('allows five a day a minute apart, then none until a day after the first', async () => {
    const start = ctx.clock.now().getTime();
    const at = (ms: number) => new Date(start + ms);
    const answers = [];
    for (let minute = 0; minute < ADDRESS_MAIL_LIMIT.perDay + 3; minute += 1)
      answers.push(await take('daily@example.com', at(minute * 60_000)));
    expect(answers).toEqual([
      ...Array<string>(ADDRESS_MAIL_LIMIT.perDay).fill('allowed'),
      'day-used-up',
      'day-used-up',
      'day-used-up',
    ]);
    expect(await take('daily@example.com', at(24 * 3_600_000 - 1))).toBe('day-used-up');
    expect(await take('daily@example.com', at(24 * 3_600_000))).toBe('allowed');
    expect(await take('daily@example.com', at(24 * 3_600_000 + 30_000))).toBe('too-soon');
  });
});
