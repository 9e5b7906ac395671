import { isDatabaseUnavailable } from './db/errors';
import type { Log } from './log';

/**
 * A job run now and then every `intervalMs` while the app runs (the sweep of unpaid orders, the prune
 * of old search misses): one pass at a time — a pass still under way when the timer fires again skips
 * that turn rather than pile passes up — and a failed pass logged and tried again next time. `stop`
 * waits for a pass under way, so the app closes only after it.
 */
export function periodicTask(
  pass: () => Promise<number>,
  { log, done, failed }: { log: Log; done: (count: number) => string; failed: string },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function tick(): void {
    if (running) return;
    running = pass()
      .then((count) => {
        if (count > 0) log.info({ count }, done(count));
      })
      // The database down is an outage to watch, not a fault of ours: a warning, as each request's 503 is.
      .catch((error: unknown) => log[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error }, failed))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start(intervalMs: number): void {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
