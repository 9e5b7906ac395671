import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU time (user and system) the `cpuPid` process spent per request answered, in microseconds. */
  cpuMicrosPerRequest?: number;
  /** CPU time the machine's PostgreSQL processes spent per request answered, in microseconds. */
  databaseCpuMicrosPerRequest?: number;
  /** Orders: how long after the last answer the outbox still took to send the run's mails, in seconds. */
  drainSeconds?: number;
}

/** The request headers of every measured request (the warm-up sends none): a browser's encodings. */
export const LOAD_HEADERS: Record<string, string> = { 'accept-encoding': 'gzip, br' };

export interface MeasureOptions {
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  /** A server process whose CPU time per request is measured over the run (not the warm-up). */
  cpuPid?: number;
}

/** The CPU time (user and system) in a process's `/proc/<pid>/stat` line, in ms (clock ticks of 10 ms). */
function cpuMsIn(stat: string): number {
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time (user and system) a process has used, in ms, from /proc. */
export function cpuMsOf(pid: number): number {
  return cpuMsIn(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * CPU time (user and system) every PostgreSQL process of this machine has used, in ms, from /proc;
 * undefined where there is none to read (no /proc, or a database on another machine).
 */
export function postgresCpuMs(): number | undefined {
  let ms: number | undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes(' (postgres) ')) ms = (ms ?? 0) + cpuMsIn(stat);
    } catch {
      // the process ended meanwhile
    }
  }
  return ms;
}

/** Drives one URL with autocannon after a short warm-up, and returns throughput and tail latency. */
export async function measure(
  label: string,
  url: string,
  { connections = 10, seconds = 8, warmupSeconds = 2, headers = {}, cpuPid }: MeasureOptions = {},
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: warmupSeconds, headers });
  const cpuBefore = cpuPid ? cpuMsOf(cpuPid) : 0;
  const result = await autocannon({ url, connections, duration: seconds, headers: { ...LOAD_HEADERS, ...headers } });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(cpuPid ? { cpuMicrosPerRequest: ((cpuMsOf(cpuPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total) } : {}),
  };
}

/**
 * One autocannon run that also keeps every 2xx answer's latency as measured (fractions of a
 * millisecond), for a p99 finer than autocannon's own: its histogram holds whole milliseconds, so
 * beside a bare server answering in 4–5 ms one slow millisecond would move a p99 ratio by a quarter.
 */
export function runKeepingLatencies(options: autocannon.Options): Promise<{ result: autocannon.Result; p99Ms: number }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const tracker = autocannon(options, (error, result) => {
      if (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      resolve({ result, p99Ms: percentile(latencies, 0.99) });
    });
    tracker.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTimeMs);
    });
  });
}

/** The value below which the share `p` of the values fall (nearest rank); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}
