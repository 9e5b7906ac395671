import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus metrics, on a registry of its own (not prom-client's global one), so that
 * every app built in a process — tests build dozens — counts for itself and names never collide.
 *
 * Labels stay bounded: `route` is the route's pattern (`/api/orders/:id`), never the raw URL, and a
 * request that matched no route is `unmatched`.
 */
export interface MetricSources {
  /** How many mails wait in the outbox and how many were given up; read at each scrape. */
  mailOutbox?: () => Promise<{ pending: number; failed: number }>;
}

export function createMetrics(sources: MetricSources = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    httpRequestErrors: new Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a 5xx status, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      registers,
    }),
    ordersPlaced: new Counter({ name: 'orders_placed_total', help: 'Orders placed', registers }),
    ordersExpired: new Counter({
      name: 'orders_expired_total',
      help: 'Unpaid orders cancelled at the end of their payment window',
      registers,
    }),
    paymentsSucceeded: new Counter({
      name: 'payments_succeeded_total',
      help: 'Orders that became paid, by payment provider',
      labelNames: ['provider'] as const,
      registers,
    }),
    mailOutbox: new Gauge({
      name: 'mail_outbox_mails',
      help: 'Mails in the outbox not sent: pending (due or waiting for a retry) or failed (given up, kept for the operator); shared by all nodes',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        if (!sources.mailOutbox) return;
        // A database that does not answer leaves the last values; the scrape itself still succeeds.
        const counts = await sources.mailOutbox().catch(() => undefined);
        if (!counts) return;
        this.set({ state: 'pending' }, counts.pending);
        this.set({ state: 'failed' }, counts.failed);
      },
    }),
    mailsSent: new Counter({ name: 'mails_sent_total', help: 'Mails this node sent from the outbox', registers }),
    mailSendFailures: new Counter({
      name: 'mail_send_failures_total',
      help: 'Attempts to send a mail from the outbox that failed (each is retried later, or given up after many)',
      registers,
    }),
    redisBreaker: new Gauge({
      name: 'redis_breaker_state',
      help: "1 for the state this node's Redis breaker is in (closed: Redis is asked; open: limits count on this node alone; half-open: Redis is tried again), 0 for the others; absent without REDIS_URL",
      labelNames: ['state'] as const,
      registers,
    }),
    redisBreakerOpened: new Counter({
      name: 'redis_breaker_opened_total',
      help: "Times this node's Redis breaker opened: after failures in a row, or a failed try after a cool-down",
      registers,
    }),
    rateLimitLocalCounts: new Counter({
      name: 'rate_limit_local_counts_total',
      help: 'Rate-limit counts this node made in its own memory because Redis failed, hung or was not asked (breaker open)',
      registers,
    }),
    paymentsFailed: new Counter({
      name: 'payments_failed_total',
      help: 'Payment attempts the provider declined (answered 402), by payment provider',
      labelNames: ['provider'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
