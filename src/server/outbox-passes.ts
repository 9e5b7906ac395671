import { isDatabaseUnavailable } from './db/errors';
import type { Log } from './log';

/**
 * The passes of an outbox's sender (the mail outbox, the webhook deliveries): a pass claims a batch of
 * due rows, sends them and records what came of it, answering how many it claimed. Passes run one at a
 * time whoever asks (a timer, a wake after a commit, a test, shutdown); a kick runs them until one finds
 * less than a full batch, and a kick during that asks for one more round.
 */
export function outboxPasses(
  pass: () => Promise<number>,
  { batch, wakeDelayMs, log, failed }: { batch: number; wakeDelayMs: number; log: Log; failed: string },
) {
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `work` after every pass (or other exclusive work) asked for before it. */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }
  const dispatch = () => exclusive(pass);

  let halted = false;
  let loop: Promise<void> | undefined;
  let again = false;
  let wakeQueued = false;

  function kick(): void {
    if (halted) return;
    if (loop) {
      again = true;
      return;
    }
    loop = (async () => {
      do {
        again = false;
        while (!halted && (await dispatch()) >= batch);
      } while (again && !halted);
    })()
      // The database down is an outage to watch, not a fault of ours: a warning, as each request's 503 is.
      .catch((error: unknown) => log[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error }, failed))
      .finally(() => {
        loop = undefined;
      });
  }

  return {
    exclusive,
    /** One pass now (after any under way); answers how many rows it claimed. */
    dispatch,
    kick,
    /** Passes until nothing is due (a row waiting for its retry is not); answers how many were claimed. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const claimed = await dispatch();
        if (claimed === 0) return total;
        total += claimed;
      }
    },
    /** After a commit that may have written rows: a pass within `wakeDelayMs`, not at the next round. */
    wake(): void {
      if (halted || wakeQueued) return;
      wakeQueued = true;
      setTimeout(() => {
        wakeQueued = false;
        kick();
      }, wakeDelayMs);
    },
    halted: () => halted,
    /** No more kicks or wakes; answers once the round under way and the passes asked for have ended. */
    async halt(): Promise<void> {
      halted = true;
      await loop;
      await queue;
    },
  };
}
