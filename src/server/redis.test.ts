import { describe, expect, it } from 'vitest';
import type { Log } from './log';
import { createRedisBreaker } from './redis';

/** A log that keeps its lines, to count what an outage wrote. */
function keptLog() {
  const lines: { level: keyof Log; message: string | undefined }[] = [];
  const keep = (level: keyof Log) => (_obj: object, message?: string) => lines.push({ level, message });
  const log: Log = { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
  return { log, lines, at: (level: keyof Log) => lines.filter((line) => line.level === level) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failing = () => Promise.reject(new Error('Command timed out'));
/** Whether a call through the breaker reached Redis, and how it ended. */
async function attempt(breaker: ReturnType<typeof createRedisBreaker>, call: () => Promise<unknown>) {
  let reached = false;
  const outcome = await breaker
    .run(() => {
      reached = true;
      return call();
    })
    .then(
      () => 'answered' as const,
      () => 'failed' as const,
    );
  return { reached, outcome };
}

describe('the breaker in front of Redis', () => {
  it('opens after so many failures in a row, not after as many with answers between them', async () => {
    const { log } = keptLog();
    const breaker = createRedisBreaker({ failuresToOpen: 3, coolDownMs: 60_000 }, log);
    for (let i = 0; i < 4; i++) {
      await attempt(breaker, failing);
      await attempt(breaker, failing);
      await attempt(breaker, async () => 'OK');
    }
    expect(breaker.state).toBe('closed');
    await attempt(breaker, failing);
    await attempt(breaker, failing);
    expect(breaker.state).toBe('closed');
    await attempt(breaker, failing);
    expect(breaker.state).toBe('open');
    // Open: Redis is not asked at all, and the caller learns it at once.
    expect(await attempt(breaker, async () => 'OK')).toEqual({ reached: false, outcome: 'failed' });
  });

  it('tries Redis again with one call after the cool-down, the others going without it, and closes when it answers', async () => {
    const { log, at } = keptLog();
    const breaker = createRedisBreaker({ failuresToOpen: 2, coolDownMs: 40 }, log);
    const states: string[] = [];
    breaker.onStateChange((state) => states.push(state));
    await attempt(breaker, failing);
    await attempt(breaker, failing);
    await sleep(60);
    // The try fails: open for another cool-down.
    expect(await attempt(breaker, failing)).toEqual({ reached: true, outcome: 'failed' });
    expect(breaker.state).toBe('open');
    await sleep(60);
    let answer: (value: string) => void = () => undefined;
    const trying = attempt(breaker, () => new Promise((resolve) => (answer = resolve)));
    expect(breaker.state).toBe('half-open');
    // While one call tries Redis, the others do not wait for it.
    expect(await attempt(breaker, async () => 'OK')).toEqual({ reached: false, outcome: 'failed' });
    answer('PONG');
    expect(await trying).toEqual({ reached: true, outcome: 'answered' });
    expect(breaker.state).toBe('closed');
    expect(states).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
    // One warning for the outage and one line for the recovery, however many tries between them.
    expect(at('warn')).toHaveLength(1);
    expect(at('warn')[0]?.message).toMatch(/count on this node alone/);
    expect(at('info')).toHaveLength(1);
    expect(at('info')[0]?.message).toMatch(/Redis answers again/);
  });
});
