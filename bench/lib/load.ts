import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Drives one URL with autocannon after a short warm-up, and returns throughput and tail latency. */
export async function measure(
  label: string,
  url: string,
  { connections = 10, seconds = 8, warmupSeconds = 2 } = {},
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: warmupSeconds });
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip, br' } });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
