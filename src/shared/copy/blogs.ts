export const blogs = {
  title: 'Blogs',
  back: 'All posts',
  empty: 'No posts yet.',
  text: 'Workshop notes, product news and maintenance tips from our engineers.',
  readMore: 'Read more',
  by: (author: string) => `By ${author}`,
  notFound: 'This post does not exist.',
} as const;
