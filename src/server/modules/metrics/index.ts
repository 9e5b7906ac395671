export { createMetrics, type Metrics } from './metrics';
export { registerMetrics, routeLabel } from './metrics.routes';
