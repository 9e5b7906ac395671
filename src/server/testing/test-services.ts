import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Clock, fixedClock } from '../clock';
import type { Config } from '../config';
import type { ShopEvents } from '../events';
import { createMetrics } from '../modules/metrics';
import { LocalDiskStorage } from '../modules/uploads';
import type { SessionUser } from '../session-user';
import { createServices, type Services } from '../services';
import { type CapturingMailer, capturingMailer } from './mail';
import { TEST_NOW, testConfig } from './test-app';
import { type Engine, type TestDatabase, availableEngines, createTestDatabase } from './test-database';

/** Every event the services announce, in order, as the `after` subscribers saw them (committed only). */
export type Announced = { [K in keyof ShopEvents]: { name: K; event: ShopEvents[K] } }[keyof ShopEvents];

const EVENT_NAMES: readonly (keyof ShopEvents)[] = [
  'orderPlaced',
  'orderPaid',
  'orderShipped',
  'orderDelivered',
  'orderCancelled',
  'catalogueChanged',
  'reviewSaved',
  'settingsChanged',
];

export interface ServicesContext {
  engine: Engine;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  mailer: CapturingMailer;
  services: Services;
  /** What was announced and committed since the test began (cleared before each test's body by the caller if needed). */
  announced: Announced[];
  /** How many times the services asked to clear cached public answers. */
  cacheClears: () => number;
  /** A customer or admin account made through the auth library, as the services see it. */
  account(role: 'customer' | 'admin', overrides?: { emailVerified?: boolean }): Promise<SessionUser>;
}

let accounts = 0;

/**
 * Runs a block of service tests once per engine: the business side alone (`createServices`), on a
 * fresh database, without HTTP. For the rules themselves; what a caller sees over HTTP is tested with
 * `describeOnEachEngine`.
 */
export function describeServicesOnEachEngine(
  title: string,
  body: (ctx: ServicesContext) => void,
  overrides: Partial<Config> = {},
): void {
  for (const engine of availableEngines()) {
    describe(`${title} [${engine}]`, () => {
      const ctx = { engine, announced: [] as Announced[] } as ServicesContext;
      let clears = 0;
      beforeAll(async () => {
        ctx.database = await createTestDatabase(engine);
        ctx.clock = fixedClock(TEST_NOW);
        ctx.config = testConfig(ctx.database.dir, overrides);
        ctx.mailer = capturingMailer();
        ctx.services = createServices(ctx.config, {
          database: ctx.database,
          clock: ctx.clock as Clock,
          storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
          log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: console.error },
          metrics: createMetrics(),
          clearCachedAnswers: () => {
            clears += 1;
          },
          mailer: ctx.mailer,
        });
        for (const name of EVENT_NAMES) {
          ctx.services.events.on(name, { after: (event) => void ctx.announced.push({ name, event } as Announced) });
        }
        ctx.cacheClears = () => clears;
        ctx.account = async (role, { emailVerified = true } = {}) => {
          accounts += 1;
          const email = `service-${role}-${accounts}-${engine}@example.com`;
          const { user } = await ctx.services.auth.api.createUser({
            body: { email, password: 'a-long-enough-password', name: `Test ${role} ${accounts}`, role, data: { emailVerified } },
          });
          return {
            id: user.id,
            name: user.name,
            email: user.email,
            emailVerified,
            image: null,
            role,
            createdAt: new Date(user.createdAt).toISOString(),
          };
        };
      });
      afterAll(async () => {
        await ctx.services?.mailOutbox.stop();
        await ctx.database?.drop();
      });
      body(ctx);
    });
  }
}
