export const garage = {
  nicknameTooLong: (max: number) => `The nickname is at most ${max} characters.`,
  full: (max: number) => `A garage holds at most ${max} vehicles: remove one first.`,
  yearNotBuilt: (from: number, to: number) => `This vehicle was built from ${from} to ${to}.`,
  notFound: 'This vehicle is not in your garage.',
} as const;
