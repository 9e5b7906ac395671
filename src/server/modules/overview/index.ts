// The admin overview's public functions (docs/decisions/0017-modules-and-events.md). It owns no table: it
// reads the orders' and the parts' data through those modules' own index.ts.
export { overviewRoutes } from './overview.routes';
export { createOverviewService, type OverviewService } from './overview.service';
