import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { AnswerMetrics, DURATION_BUCKETS } from './answer-metrics';

/** The same answers counted by prom-client's own metrics, as the app counted them before. */
function countedByPromClient(answers: [string, string, number, number][]): Registry {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [...DURATION_BUCKETS],
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'],
    registers,
  });
  for (const [method, route, status, seconds] of answers) {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route }, seconds);
    if (status >= 500) errors.inc({ method, route });
  }
  return registry;
}

/** Prometheus text as a set of lines: the order of series within a metric is not part of the format. */
const lines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('the HTTP answers’ metrics', () => {
  it('scrape to the same samples prom-client’s counters and histogram give for the same answers', async () => {
    const answers: [string, string, number, number][] = [
      ['GET', '/api/parts', 200, 0.0004],
      ['GET', '/api/parts', 200, 0.005],
      ['GET', '/api/parts', 200, 0.0051],
      ['GET', '/api/parts', 304, 0.3],
      ['HEAD', '/api/parts', 200, 0.002],
      ['GET', '/api/parts', 304, 0.001],
      ['GET', '/api/parts/:id', 404, 12],
      ['POST', '/api/orders', 201, 0.09],
      ['POST', '/api/orders', 500, 2.5],
      ['POST', '/api/orders', 503, 0.01],
      ['GET', 'unmatched', 404, 0.001],
      ['GET', '/api/reviews', 200, 10],
    ];
    const ours = new AnswerMetrics();
    const registry = new Registry();
    ours.registerIn(registry);
    for (const [method, route, status, seconds] of answers) ours.record(method, route, status, seconds);
    expect(lines(await registry.metrics())).toEqual(lines(await countedByPromClient(answers).metrics()));
  });

  it('has no series before the first answer, and no error series for a route that never failed', async () => {
    const ours = new AnswerMetrics();
    const registry = new Registry();
    ours.registerIn(registry);
    expect(await registry.metrics()).not.toMatch(/^http_\w+\{/m);
    ours.record('GET', '/api/parts', 200, 0.002);
    const text = await registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/api/parts",status="200"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/parts"} 1');
    expect(text).not.toMatch(/^http_request_errors_total\{/m);
  });
});
