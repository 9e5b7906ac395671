/** The /part list's filters beside the search (docs/shop-rules.md, "Finding parts"). */
export const partsList = {
  filters: 'Filters',
  /** The phone's button that opens the filters, with how many are on. */
  showFilters: (active: number) => (active > 0 ? `Filters (${active})` : 'Filters'),
  categories: 'Category',
  allCategories: 'All categories',
  /** Read after a facet's number ("Brake pads 4 parts"); the screen shows the number alone. */
  partsUnit: (n: number) => (n === 1 ? 'part' : 'parts'),
  availability: 'Availability',
  activeFilters: 'Active filters',
  removeFilter: (label: string) => `Remove filter: ${label}`,
  clearAll: 'Clear all filters',
  /** "Fits Ford Focus 1.6 Ti-VCT 92 kW (2015)" on each card while a vehicle is chosen. */
  fits: (vehicle: string, years: string) => `Fits ${vehicle} (${years})`,
  /** A chip: the chosen vehicle, "Ford Focus 1.6 Ti-VCT 92 kW (2015)". */
  vehicleChip: (vehicle: string, years: string) => `${vehicle} (${years})`,
  /** While the vehicle's name loads, or for one the shop does not list. */
  someVehicle: 'Your vehicle',
  makeChip: (make: string, year?: number) => (year === undefined ? make : `${make} (${year})`),
  yearChip: (year: number) => `Model year ${year}`,
  /** "No parts match “brake” with Brake pads, Ford Focus … (2015) and In stock only." */
  noMatch: (q: string, filters: readonly string[]) => {
    const named = filters.length > 1 ? `${filters.slice(0, -1).join(', ')} and ${filters.at(-1)}` : (filters[0] ?? '');
    if (q && named) return `No parts match “${q}” with ${named}.`;
    return q ? `No parts match “${q}”.` : `No parts match ${named}.`;
  },
  noMatchHint: 'Try fewer filters or other words.',
  /** Around the search the shop suggests, a link: "Did you mean brake pads?" */
  didYouMean: { before: 'Did you mean', after: '?' },
  /** "In stock only" inside the sentence of noMatch. */
  inStockPhrase: 'in stock only',
  clearFilters: 'Clear filters',
  unknownCategory: (slug: string) => `There is no category “${slug}”.`,
  unknownMake: (make: string) => `There is no make “${make}”.`,
  unknownVehicle: 'The shop does not list this vehicle.',
  showAllCategories: 'Show every category',
  showAllMakes: 'Show parts for every make',
  showAllVehicles: 'Show parts for every vehicle',
} as const;
