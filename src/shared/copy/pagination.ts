export const pagination = {
  label: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  page: (n: number) => `Page ${n}`,
} as const;
