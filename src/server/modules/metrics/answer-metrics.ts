import type { Registry } from 'prom-client';

/** The duration histogram's upper bounds, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface DurationSeries {
  labels: { method: string; route: string };
  /** Answers per bucket, not cumulative: the last slot holds those over the highest bound. */
  perBucket: number[];
  sum: number;
  count: number;
  /** 5xx answers on this method and route. */
  errors: number;
}

interface AnswerSeries {
  labels: { method: string; route: string; status: string };
  status: number;
  count: number;
  duration: DurationSeries;
}

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * The HTTP answers' metrics (`http_requests_total`, `http_request_duration_seconds`,
 * `http_request_errors_total`) counted in plain numbers, one object per method, route pattern and
 * status made the first time it is seen, and turned into Prometheus samples only when scraped.
 * prom-client's own counters and histograms check and hash their labels on every observation, even
 * bound to them; this is the one place every request passes through, so it does neither
 * (docs/decisions/0021-per-request-work-done-once.md). The series are bounded as their labels are:
 * route patterns, never URLs.
 */
export class AnswerMetrics {
  /** Each route's answer series, one per method and status: a route has a handful. */
  private readonly answers = new Map<string, AnswerSeries[]>();
  private readonly durations = new Map<string, DurationSeries>();

  /** Counts one answer and the time it took, in seconds. */
  record(method: string, route: string, status: number, seconds: number): void {
    // Looked up by the route alone, whose string is the route's own and hashed once, then by method
    // and status among its few series: no key string is made and hashed per answer.
    let ofRoute = this.answers.get(route);
    if (!ofRoute) {
      ofRoute = [];
      this.answers.set(route, ofRoute);
    }
    let series: AnswerSeries | undefined;
    for (const candidate of ofRoute) {
      if (candidate.status === status && candidate.labels.method === method) {
        series = candidate;
        break;
      }
    }
    if (!series) {
      series = { labels: { method, route, status: String(status) }, status, count: 0, duration: this.durationOf(method, route) };
      ofRoute.push(series);
    }
    series.count += 1;
    const duration = series.duration;
    duration.count += 1;
    duration.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] ?? Infinity)) bucket += 1;
    duration.perBucket[bucket] = (duration.perBucket[bucket] ?? 0) + 1;
    if (status >= 500) duration.errors += 1;
  }

  private durationOf(method: string, route: string): DurationSeries {
    const key = `${method} ${route}`;
    let series = this.durations.get(key);
    if (!series) {
      series = { labels: { method, route }, perBucket: DURATION_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0, errors: 0 };
      this.durations.set(key, series);
    }
    return series;
  }

  /** Adds the three metrics to a registry, read at each scrape. */
  registerIn(registry: Registry): void {
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) => {
      const get = async () => ({ name, help, type, aggregator: 'sum' as const, values: values() });
      registry.registerMetric({ name, help, type, aggregator: 'sum', get, reset: () => undefined } as never);
    };
    metric('http_requests_total', 'HTTP requests answered, by method, route pattern and status code', 'counter', () =>
      [...this.answers.values()].flat().map(({ labels, count }) => ({ labels, value: count })),
    );
    metric(
      'http_request_duration_seconds',
      'Time from receiving a request to finishing its answer, by method and route pattern',
      'histogram',
      () =>
        [...this.durations.values()].flatMap(({ labels, perBucket, sum, count }) => {
          let cumulative = 0;
          const buckets: Sample[] = DURATION_BUCKETS.map((bound, i) => {
            cumulative += perBucket[i] ?? 0;
            return { labels: { le: bound, ...labels }, value: cumulative, metricName: 'http_request_duration_seconds_bucket' };
          });
          return [
            ...buckets,
            { labels: { le: '+Inf', ...labels }, value: count, metricName: 'http_request_duration_seconds_bucket' },
            { labels, value: sum, metricName: 'http_request_duration_seconds_sum' },
            { labels, value: count, metricName: 'http_request_duration_seconds_count' },
          ];
        }),
    );
    metric('http_request_errors_total', 'HTTP requests answered with a 5xx status, by method and route pattern', 'counter', () =>
      [...this.durations.values()].filter(({ errors }) => errors > 0).map(({ labels, errors }) => ({ labels, value: errors })),
    );
  }
}
