/** Typed paths of the web app, so links and redirects never drift from the route table. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  parts: '/part',
  part: (id: string) => `/part/${encodeURIComponent(id)}`,
  blogs: '/blogs',
  blog: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  reviews: '/reviews',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  /** The landing page's contact form. */
  contact: '/#contact',
  login: '/login',
  signup: '/signup',
  reset: '/reset',
  resetPassword: '/reset-password',
  /** Where the link in the verification mail lands (with `?error=…` when it did not work). */
  emailVerified: '/email-verified',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  addReview: '/dashboard/addReview',
  addPart: '/dashboard/addPart',
  manageParts: '/dashboard/manageParts',
  manageOrders: '/dashboard/manageOrders',
  manageUser: '/dashboard/manageUser',
  inbox: '/dashboard/inbox',
  settings: '/dashboard/settings',
  payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
} as const;

/** Widths at which every uploaded picture is stored; the largest is also served without a suffix. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** "/uploads/abc.webp" → "/uploads/abc-w320.webp"; other URLs are returned as they are. */
export function imageVariantUrl(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return url.startsWith('/uploads/') && url.endsWith('.webp') ? url.replace(/\.webp$/, `-w${width}.webp`) : url;
}

export function imageSrcSet(url: string): string | undefined {
  if (!url.startsWith('/uploads/')) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ');
}

/**
 * Every path the web app answers, as patterns the server can test, so it can answer 200 for a client
 * route and 404 (with the app's not-found page) for anything else. Kept beside `paths` on purpose.
 */
export const clientRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/part$/,
  /^\/part\/[^/]+$/,
  /^\/blogs$/,
  /^\/blogs\/[^/]+$/,
  /^\/reviews$/,
  /^\/(about|terms|privacy|cookies)$/,
  /^\/login$/,
  /^\/signup$/,
  /^\/reset$/,
  /^\/reset-password$/,
  /^\/email-verified$/,
  /^\/dashboard$/,
  /^\/dashboard\/(profile|addReview|addPart|manageParts|manageOrders|manageUser|inbox|settings)$/,
  /^\/dashboard\/payment\/[^/]+$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clientRoutePatterns.some((pattern) => pattern.test(path));
}
