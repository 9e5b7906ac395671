import type { Log } from '../../log';

/** Resolves when the dependency answers; rejects (or never settles) when it does not. */
export type ReadinessCheck = (signal: AbortSignal) => Promise<unknown>;

export type CheckOutcome = 'ok' | 'failed' | 'timeout';

/**
 * Thrown by a check that knows why the node must not serve, in words fit for whoever asks (not an
 * internal error): the reason is named in the 503's detail.
 */
export class NotReady extends Error {
  override name = 'NotReady';
}

/**
 * How a service the node serves without at need is doing: undefined while it is in use, else a word
 * for how the node does without it (`open`: Redis's breaker is open, limits count per node).
 */
export type DegradationCheck = (signal: AbortSignal) => Promise<string | undefined>;

export interface ReadinessReport {
  ready: boolean;
  /** The node is stopping (SIGTERM): not ready whatever the checks would say, which are not asked. */
  stopping: boolean;
  checks: Record<string, CheckOutcome>;
  /** Why a check failed, by name, for the checks that said so (NotReady). */
  reasons: Record<string, string>;
  /** Services the node does without for now, by name; they never make it unready. */
  degraded: Record<string, string>;
}

/**
 * What `GET /api/ready` asks. buildApp adds `database`; a module that needs another service adds its
 * own while the app is being built, before `ready()`:
 *
 *   app.readiness.add('redis', async () => { await redis.ping(); });
 *   app.readiness.add('storage', (signal) => storage.probe(signal), { timeoutMs: 3000 });
 *
 * Checks run in parallel, each under its own timeout (2 s unless given); the signal aborts when it
 * runs out, for clients that can cancel. A check that fails is logged with its error and reported
 * by name only, so the answer never leaks internals; a check that throws NotReady has its reason
 * reported too. A service the node can serve without (Redis) is
 * added with `addDegradable` instead: what it answers is reported under `degraded`, and the node stays
 * ready.
 */
export interface Readiness {
  add(name: string, check: ReadinessCheck, options?: { timeoutMs?: number }): void;
  names(): string[];
  addDegradable(name: string, check: DegradationCheck, options?: { timeoutMs?: number }): void;
  run(): Promise<ReadinessReport>;
  /** From now on the node is not ready: it is stopping, and a load balancer should send it nothing new. */
  stop(): void;
}

const DEFAULT_TIMEOUT_MS = 2000;

export function createReadiness({ log, timeoutMs = DEFAULT_TIMEOUT_MS }: { log: Log; timeoutMs?: number }): Readiness {
  const checks = new Map<string, { check: ReadinessCheck; timeoutMs: number }>();
  const degradables = new Map<string, { check: DegradationCheck; timeoutMs: number }>();
  let stopping = false;

  async function runOne(
    name: string,
    check: ReadinessCheck,
    limitMs: number,
    reasons: Record<string, string>,
  ): Promise<CheckOutcome> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, limitMs);
    });
    try {
      const outcome = await Promise.race([Promise.resolve(check(controller.signal)).then(() => 'ok' as const), timedOut]);
      if (outcome === 'timeout') log.warn({ check: name, timeoutMs: limitMs }, 'readiness check timed out');
      return outcome;
    } catch (error) {
      if (error instanceof NotReady) reasons[name] = error.message;
      log.warn({ check: name, err: error }, 'readiness check failed');
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  /** What a degradable service answers; its own outage is logged by the service, so failures here are not. */
  async function runDegradable(check: DegradationCheck, limitMs: number): Promise<string | undefined> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, limitMs);
    });
    try {
      return await Promise.race([check(controller.signal), timedOut]);
    } catch {
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    add(name, check, options = {}) {
      if (checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
      checks.set(name, { check, timeoutMs: options.timeoutMs ?? timeoutMs });
    },
    addDegradable(name, check, options = {}) {
      if (checks.has(name) || degradables.has(name)) throw new Error(`readiness check "${name}" is already registered`);
      degradables.set(name, { check, timeoutMs: options.timeoutMs ?? timeoutMs });
    },
    names: () => [...checks.keys()],
    stop() {
      stopping = true;
    },
    async run() {
      if (stopping) return { ready: false, stopping: true, checks: {}, reasons: {}, degraded: {} };
      const entries = [...checks.entries()];
      const optional = [...degradables.entries()];
      const reasons: Record<string, string> = {};
      const [outcomes, states] = await Promise.all([
        Promise.all(entries.map(([name, { check, timeoutMs: ms }]) => runOne(name, check, ms, reasons))),
        Promise.all(optional.map(([, { check, timeoutMs: ms }]) => runDegradable(check, ms))),
      ]);
      const report: Record<string, CheckOutcome> = {};
      entries.forEach(([name], i) => (report[name] = outcomes[i] ?? 'failed'));
      const degraded: Record<string, string> = {};
      optional.forEach(([name], i) => {
        const state = states[i];
        if (state !== undefined) degraded[name] = state;
      });
      return { ready: outcomes.every((o) => o === 'ok'), stopping: false, checks: report, reasons, degraded };
    },
  };
}
