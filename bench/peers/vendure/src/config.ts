// Vendure as its own project scaffold sets it up (@vendure/create), without the mail, dashboard and
// GraphiQL plugins: the server the bench measures the shop against. Bench-only secrets.
import path from 'node:path';
import { AssetServerPlugin } from '@vendure/asset-server-plugin';
import {
  DefaultJobQueuePlugin,
  DefaultSchedulerPlugin,
  DefaultSearchPlugin,
  dummyPaymentHandler,
  type VendureConfig,
} from '@vendure/core';

export const dataDir = path.join(__dirname, '..', 'data');
/** The database the sample catalogue is written to once; each bench run serves a copy of it. */
export const populatedDatabase = path.join(dataDir, 'vendure.sqlite');

const port = Number(process.env.PORT ?? 3502);

/** Serves `database` (the populated one unless VENDURE_DB names a copy); `synchronize` makes its schema. */
export const vendureConfig = ({
  database = process.env.VENDURE_DB ?? populatedDatabase,
  synchronize = false,
} = {}): VendureConfig => ({
  apiOptions: {
    port,
    hostname: '127.0.0.1',
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
  },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: 'bench-superadmin-password' },
    cookieOptions: { secret: 'bench-cookie-secret-0123456789abcdef' },
  },
  dbConnectionOptions: {
    type: 'better-sqlite3',
    database,
    synchronize,
    logging: false,
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  plugins: [
    AssetServerPlugin.init({
      route: 'assets',
      assetUploadDir: path.join(dataDir, 'assets'),
      assetUrlPrefix: `http://127.0.0.1:${port}/assets/`,
    }),
    DefaultSchedulerPlugin.init(),
    DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true }),
    DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
  ],
});
