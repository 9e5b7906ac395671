export const reviews = {
  writeReview: 'Write a review of this part',
  reviewing: (part: string) => `Your review is about: ${part}`,
  title: 'Customer Reviews',
  verified: 'Verified buyer',
  rating: (n: number) => `Rated ${n} out of 5`,
  empty: 'No reviews yet.',
  partNotFound: 'This part does not exist or is no longer sold.',
  nameNotYours: 'Reviews show your display name; change it in My Profile.',
  text: 'Honest words from the workshops, fleets and drivers who fit our parts.',
} as const;
