export const common = {
  loading: 'Loading…',
  somethingWrong: 'Something went wrong. Please try again.',
  paymentsTestMode: 'Test mode: no real payments are taken',
  retry: 'Try again',
  areYouSure: 'Are you sure?',
  /** A table's frame while it scrolls sideways: named apart from the page section of the table's own name. */
  scrollingTable: (caption: string) => `${caption}, scrolls sideways`,
  close: 'Close',
  pageErrorTitle: 'This page could not be loaded',
  tooManyRequests: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
  databaseUnavailable: 'The shop cannot reach its database right now. Please try again in a moment.',
  databaseBusy: 'The shop is busy with the same parts right now. Please try again in a moment.',
  storageFull: 'The shop cannot store anything right now: its disk is full. Please try again later.',
} as const;
