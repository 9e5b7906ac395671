// The admin overview's front door (docs/decisions/0017-modules-and-events.md). It owns no table: it reads
// the orders' and the parts' modules through their own front doors.
export { overviewRoutes } from './overview.routes';
export { createOverviewService, type OverviewService } from './overview.service';
