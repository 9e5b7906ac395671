// The vehicles module's public functions: what the rest of the server may use. Other modules never import
// its files directly (docs/decisions/0017-modules-and-events.md).
export { vehiclesRoutes } from './vehicles.routes';
// For the parts module: a part's fitments, checked, written and read with the caller's database or transaction.
export { createVehiclesService, partFitments, type VehiclesService } from './vehicles.service';
