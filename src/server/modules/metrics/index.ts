export { createMetrics, type Metrics } from './metrics';
export { registerMetrics } from './metrics.routes';
