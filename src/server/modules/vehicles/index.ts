// The vehicles module's public functions: what the rest of the server may use. Other modules never import
// its files directly (docs/decisions/0017-modules-and-events.md).
export { vehiclesRoutes } from './vehicles.routes';
// For the parts module: a part's fitments, checked, written and read with the caller's database or transaction.
export { createVehiclesService, partFitments, type VehiclesService } from './vehicles.service';
// The seam for reading VINs: a full decoding service may be given to createVehiclesService in place of the offline one.
export { offlineVinDecoder, type VinDecoder } from './vin-decoder';
// The admin's catalogue files in the trade's formats: a VCdb extract and ACES fitments.
export { catalogueImportRoutes } from './catalogue-import.routes';
export { createCatalogueImportService, type CatalogueImportService } from './catalogue-import.service';
// The catalogue as CSV files: the routes of both files, and the fitments file (the parts file is the parts module's).
export { catalogueExchangeRoutes } from './catalogue-exchange.routes';
export { createFitmentsCsv, type FitmentsCsv } from './fitments-csv';
