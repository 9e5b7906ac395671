import { pageAt } from './routes';

/** Typed paths of the web app, for links and redirects; each lands on a page of ./routes.ts (a test checks it). */
export const paths = {
  home: '/',
  homeAlias: '/home',
  parts: '/part',
  /** "Shop the deal": the parts list filtered to the flash deal's parts. */
  dealParts: '/part?deal=true',
  part: (id: string) => `/part/${encodeURIComponent(id)}`,
  blogs: '/blogs',
  blog: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  reviews: '/reviews',
  cart: '/cart',
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
  /** The link in a colleague's invitation mail. */
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  addReview: '/dashboard/addReview',
  quickOrder: '/dashboard/quick-order',
  garage: '/dashboard/garage',
  myCompany: '/dashboard/company',
  statement: '/dashboard/statement',
  savedLists: '/dashboard/lists',
  apiKeys: '/dashboard/api-keys',
  webhooks: '/dashboard/webhooks',
  /** One webhook's latest deliveries. */
  webhookDeliveries: (id: string) => `/dashboard/webhooks/${encodeURIComponent(id)}`,
  savedList: (id: string) => `/dashboard/lists/${encodeURIComponent(id)}`,
  overview: '/dashboard/overview',
  addPart: '/dashboard/addPart',
  manageParts: '/dashboard/manageParts',
  categories: '/dashboard/categories',
  vehicles: '/dashboard/vehicles',
  catalogueImport: '/dashboard/catalogue-import',
  manageOrders: '/dashboard/manageOrders',
  manageUser: '/dashboard/manageUser',
  manageCompanies: '/dashboard/companies',
  inbox: '/dashboard/inbox',
  returns: '/dashboard/returns',
  returnDetail: (id: string) => `/dashboard/returns/${encodeURIComponent(id)}`,
  /** The form that asks to return lines of this delivered order. */
  newReturn: (orderId: string) => `/dashboard/returns/new?order=${encodeURIComponent(orderId)}`,
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
 * Whether the web app answers `pathname` with a page (the server answers 200 for it, and 404 with the
 * app's not-found page for anything else). The pages are listed once, in ./routes.ts.
 */
export function isClientRoute(pathname: string): boolean {
  return pageAt(pathname) !== undefined;
}
