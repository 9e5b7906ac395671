import { setTimeout as sleep } from 'node:timers/promises';
import type { Log } from '../log';
import { transactionConflictOf } from './errors';

/** How a transaction the database ended to break a conflict is run again. */
export interface ConflictRetry {
  /** How many times the work runs at most, the first time included. */
  attempts: number;
  /** The wait after failed attempt `attempt` (1, 2, …), before the next. */
  pause: (attempt: number) => Promise<void>;
}

/**
 * A short wait that doubles with each attempt, drawn at random within it so that the transactions of
 * one deadlock do not meet again in step: 5-20 ms after the first, 10-40 ms after the second.
 */
export function jitteredPause(attempt: number): Promise<void> {
  const base = 5 * 2 ** (attempt - 1);
  return sleep(base + Math.random() * 3 * base);
}

/** Three runs at most: one deadlock broken is rare, and the same work failing thrice is not chance. */
export const TRANSACTION_RETRY: ConflictRetry = { attempts: 3, pause: jitteredPause };

/**
 * Runs `attempt` (a whole transaction, begin to commit) and runs it again, up to `retry.attempts`
 * times in all, while it fails with a deadlock or a serialization failure (`transactionConflictOf`):
 * PostgreSQL rolled it back entire, so running it again from the start is safe as long as the work
 * does nothing outside its transaction. Any other error, and the last conflict, goes to the caller.
 * Each retry is logged at warn with its SQLSTATE.
 */
export async function retryingConflicts<T>(
  attempt: () => Promise<T>,
  log: Pick<Log, 'warn'>,
  retry: ConflictRetry = TRANSACTION_RETRY,
): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const code = transactionConflictOf(error);
      if (code === undefined || tried >= retry.attempts) throw error;
      log.warn(
        { code, attempt: tried, attempts: retry.attempts },
        `the database ended a transaction to break a conflict (${code}); it runs again`,
      );
      await retry.pause(tried);
    }
  }
}
