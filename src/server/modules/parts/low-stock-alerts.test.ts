import { expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { describeServicesOnEachEngine } from '../../testing/test-services';
import { rearmLowStockAlert, spendLowStockAlert } from './low-stock-alerts.repository';

describeServicesOnEachEngine("a part's low-stock alert", (ctx) => {
  const spend = (partId: string, now: string, lastMailedBy: string) =>
    ctx.database.db.transaction().execute((trx) => spendLowStockAlert(trx, { partId, now, lastMailedBy }));

  it('is spent by exactly one of many transactions at once, and only re-armed and a day later again', async () => {
    const part = await insertPart(ctx.database.db, { stock: 10 });
    const now = '2026-06-15T12:00:00.000Z';
    const dayBefore = '2026-06-14T12:00:00.000Z';
    const spent = await Promise.all(Array.from({ length: 8 }, () => spend(part.id, now, dayBefore)));
    expect(spent.filter(Boolean)).toHaveLength(1);

    const nextDay = '2026-06-16T12:00:00.000Z';
    expect(await spend(part.id, nextDay, now)).toBe(false);
    await rearmLowStockAlert(ctx.database.db, part.id, now);
    // Armed, but within a day of the last mail.
    expect(await spend(part.id, '2026-06-16T11:59:59.000Z', '2026-06-15T11:59:59.000Z')).toBe(false);
    const again = await Promise.all(Array.from({ length: 8 }, () => spend(part.id, nextDay, now)));
    expect(again.filter(Boolean)).toHaveLength(1);
  });
});
