export const notFound = {
  title: 'Page not found',
  text: 'The page you are looking for does not exist or has moved.',
  home: 'Back to home',
} as const;
