/** "Fits these vehicles" on a part's page. */
export const partFits = {
  title: 'Fits these vehicles',
  none: 'No vehicles listed',
  /** "Ford Focus 1.6 Ti-VCT 92 kW · 2011–2018 · front axle" */
  separator: ' · ',
  showParts: (name: string) => `Parts that fit ${name}`,
} as const;
