export const reviewForm = {
  title: 'Add a new review',
  text: 'Tell other workshops and drivers how our parts worked for you.',
  onePerSubject: 'You have one review of the shop and one of each part: writing again replaces the earlier one.',
  nameFromAccount: 'Your display name, from My Profile.',
  add: 'Add',
  stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
} as const;
