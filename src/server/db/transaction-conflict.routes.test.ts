import { expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInCustomer } from '../testing/accounts';
import { testApi } from '../testing/api';
import { bookingBody } from '../testing/booking';
import { insertPart } from '../testing/factories';
import { whileWritesFail } from '../testing/failing-writes';
import { stockOf } from '../testing/orders';
import { describeOnEachEngine } from '../testing/test-app';

describeOnEachEngine(
  'a booking whose transaction keeps deadlocking',
  (ctx) => {
    const api = testApi(ctx);

    it('answers 503 with Retry-After and writes nothing, once the retries are spent', async () => {
      const customer = await signedInCustomer(ctx);
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const res = await whileWritesFail(ctx.database, [{ table: 'order_lines', on: 'insert', sqlstate: '40P01' }], () =>
        api.as(customer).post('/api/orders', bookingBody(part)),
      );
      expect(res.status, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json).toMatchObject({ code: 'unavailable', detail: copy.common.databaseBusy });
      expect(await stockOf(ctx.database.db, part.id)).toBe(100);
      const again = await api.as(customer).post('/api/orders', bookingBody(part));
      expect(again.status, again.body).toBe(201);
    });
    // Only PostgreSQL breaks a deadlock by failing a transaction; SQLite has one writer at a time.
  },
  { engines: ['postgres'] },
);
