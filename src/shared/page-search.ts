import { paths } from './paths';
import { safeReturnPath } from './return-path';
import {
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  MIN_VEHICLE_YEAR,
  type PartSort,
  maxVehicleYear,
  partSortValues,
} from './schemas/query-limits';

/**
 * What the public pages read from their query string, in one place: each page parses its URL with
 * `read`, and the server keys its rendered copy of the page by `key(read(params))` (server/rendering,
 * docs/decisions/0013-server-rendering.md). Because the page shows nothing it does not get from `read`,
 * two URLs with the same key render the same page: unknown parameters, their order, default values and
 * values the page would correct anyway (page=abc, sort=bogus, a search longer than the API takes)
 * all map to the one rendered copy.
 */
export interface PageSearch<T> {
  /** The page's reading of its query string; invalid or missing values become what the page shows for them. */
  read(params: URLSearchParams): T;
  /** What the rendered page depends on, as a query string: fixed order, defaults left out. */
  key(value: T): URLSearchParams;
}

/** "3" → 3; anything else (missing, "abc", "0", "-2") → 1; past the API's largest page → that page. */
function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** Trimmed and cut to what the API searches for (never splitting a character in two). */
function readSearchText(value: string | null): string {
  const text = (value ?? '').trim();
  if (text.length <= MAX_SEARCH_LENGTH) return text;
  const cut = text.slice(0, MAX_SEARCH_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1).trimEnd() : cut.trimEnd();
}

/** "true" (and the API's other spellings of yes: "1", "yes", "on") → true; anything else → false. */
function readFlag(value: string | null): boolean {
  return ['true', '1', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

/** A name or id as the API takes it: trimmed; empty, or longer than the API reads, is no filter at all. */
function readName(value: string | null, max: number): string {
  const text = (value ?? '').trim();
  return text.length <= max ? text : '';
}

/** "2015" → 2015 when it is a model year the shop lists (1950 to next year); anything else is no year. */
function readYear(value: string | null): number | undefined {
  const text = (value ?? '').trim();
  if (!/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return year >= MIN_VEHICLE_YEAR && year <= maxVehicleYear() ? year : undefined;
}

/** The order a list has when none is chosen: the best match for a search, else the newest first. */
export function defaultPartSort(q: string): PartSort {
  return q ? 'relevance' : 'newest';
}

/** A known order; "Best match" only with a search (the API orders a list without one by newest anyway). */
function readPartSort(value: string | null, q: string): PartSort {
  const known = (partSortValues as readonly (string | null)[]).includes(value) ? (value as PartSort) : undefined;
  if (known === undefined || (known === 'relevance' && !q)) return defaultPartSort(q);
  return known;
}

export interface PartsSearch {
  q: string;
  sort: PartSort;
  page: number;
  /** Only the parts that can be booked. */
  inStock: boolean;
  /** A category's slug ('' for every category). */
  category: string;
  /** A vehicle's id: only the parts that fit it ('' for none). */
  vehicle: string;
  /** A make: only the parts that fit one of its vehicles ('' for none, and always '' with a vehicle). */
  make: string;
  /** A model year: with a vehicle or make, the parts that fit it that year; alone, any vehicle of that year. */
  year?: number;
  /** Only the parts in the flash deal ("Shop the deal"). */
  deal: boolean;
}

/** The lengths GET /api/parts takes (listPartsQuerySchema): a longer value names nothing. */
const MAX_CATEGORY_LENGTH = 60;
const MAX_VEHICLE_LENGTH = 64;
const MAX_MAKE_LENGTH = 60;

/**
 * /part?q=&sort=&category=&make=&vehicle=&year=&inStock=true&deal=true&page= — the search, the order, the
 * filters and the page. Defaults are left out of the key: no search, the default order (relevance
 * with a search, newest without; "relevance" without a search is the newest), every category, no
 * vehicle, every part, page 1. A vehicle names its make, so `make` is kept only without `vehicle`:
 * the picker's make-then-vehicle and a garage's link to the vehicle are then one address. A year
 * that is not a number from 1950 to next year is dropped (the API would refuse it), as is a name
 * longer than the API reads; an unknown category, make or vehicle is kept, so the list can say so.
 */
export const partsPageSearch: PageSearch<PartsSearch> = {
  read: (params) => {
    const q = readSearchText(params.get('q'));
    const vehicle = readName(params.get('vehicle'), MAX_VEHICLE_LENGTH);
    const year = readYear(params.get('year'));
    return {
      q,
      sort: readPartSort(params.get('sort'), q),
      page: readPage(params.get('page')),
      inStock: readFlag(params.get('inStock')),
      category: readName(params.get('category'), MAX_CATEGORY_LENGTH),
      vehicle,
      make: vehicle ? '' : readName(params.get('make'), MAX_MAKE_LENGTH),
      ...(year === undefined ? {} : { year }),
      deal: readFlag(params.get('deal')),
    };
  },
  key: ({ q, sort, page, inStock, category, vehicle, make, year, deal }) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (sort !== defaultPartSort(q) && !(sort === 'relevance' && !q)) params.set('sort', sort);
    if (category) params.set('category', category);
    if (vehicle) params.set('vehicle', vehicle);
    else if (make) params.set('make', make);
    if (year !== undefined) params.set('year', String(year));
    if (inStock) params.set('inStock', 'true');
    if (deal) params.set('deal', 'true');
    if (page > 1) params.set('page', String(page));
    return params;
  },
};

/** /reviews?page= */
export const reviewsPageSearch: PageSearch<{ page: number }> = {
  read: (params) => ({ page: readPage(params.get('page')) }),
  key: ({ page }) => new URLSearchParams(page > 1 ? { page: String(page) } : {}),
};

/**
 * Why a Google sign-in failed, as the sign-in pages tell it: the auth library sends the browser back to
 * /login or /signup with `?error=<code>`, and its many codes come down to these few reasons, each with
 * its sentence (copy.auth.signInErrors). A code not listed here is `failed`: never shown as it came.
 */
export const signInErrorReasons = [
  'cancelled',
  'expired',
  'unavailable',
  'unverified',
  'accountExists',
  'signupDisabled',
  'failed',
] as const;
export type SignInErrorReason = (typeof signInErrorReasons)[number];

/** better-auth's redirect codes (node_modules/better-auth: oauth2/errors, oauth2/state, oauth2/link-account, api/routes/callback), lower case. */
const SIGN_IN_ERROR_CODES: Readonly<Record<string, SignInErrorReason>> = {
  // The visitor said no on Google's page (or Google refused the shop).
  access_denied: 'cancelled',
  consent_required: 'cancelled',
  interaction_required: 'cancelled',
  login_required: 'cancelled',
  // The round trip to Google was stale, cut short or replayed: starting again fixes it.
  state_mismatch: 'expired',
  state_not_found: 'expired',
  state_invalid: 'expired',
  state_security_mismatch: 'expired',
  please_restart_the_process: 'expired',
  invalid_callback_request: 'expired',
  no_code: 'expired',
  invalid_code: 'expired',
  invalid_grant: 'expired',
  no_callback_url: 'expired',
  nonce_binding_missing: 'expired',
  // Google sign-in is not set up (or not reachable) here.
  provider_not_found: 'unavailable',
  oauth_provider_not_found: 'unavailable',
  issuer_missing: 'unavailable',
  issuer_mismatch: 'unavailable',
  unable_to_get_user_info: 'unavailable',
  temporarily_unavailable: 'unavailable',
  server_error: 'unavailable',
  // Google gave no confirmed address, which an account here needs.
  email_not_verified: 'unverified',
  email_not_found: 'unverified',
  // The address belongs to an account that signs in with its password.
  account_not_linked: 'accountExists',
  unable_to_link_account: 'accountExists',
  email_does_not_match: 'accountExists',
  account_already_linked_to_different_user: 'accountExists',
  account_ownership_conflict: 'accountExists',
  signup_disabled: 'signupDisabled',
};

/** `?error=` as a reason: a known code, a reason itself (so that `key` reads back), else `failed`. */
export function readSignInError(value: string | null): SignInErrorReason | null {
  if (value === null) return null;
  const code = value.trim().toLowerCase();
  const reason = SIGN_IN_ERROR_CODES[code] ?? signInErrorReasons.find((r) => r.toLowerCase() === code);
  return reason ?? 'failed';
}

export interface SignInSearch {
  error: SignInErrorReason | null;
  /** The page of this shop to go back to once signed in ('' for none, and for anything else given). */
  next: string;
}

/**
 * /login and /signup?error=…&next=… — where a failed Google sign-in comes back, keyed by the reason it
 * gives, and the page the person came from (safeReturnPath: a path of this shop, else nothing). The
 * page writes that path into its links to the other sign-in page, so it is part of the key.
 */
export const signInPageSearch: PageSearch<SignInSearch> = {
  read: (params) => ({ error: readSignInError(params.get('error')), next: safeReturnPath(params.get('next')) ?? '' }),
  key: ({ error, next }) => {
    const params = new URLSearchParams();
    if (error) params.set('error', error);
    if (next) params.set('next', next);
    return params;
  },
};

/**
 * /reset-password?token=… — the mailed link's token. The page renders the same form for every token (the
 * token is only sent with the form), so the key says "a token" with a stand-in, never the token itself.
 */
export const resetPasswordPageSearch: PageSearch<{ token: string }> = {
  read: (params) => ({ token: params.get('token') ?? '' }),
  key: ({ token }) => new URLSearchParams(token ? { token: 'from-link' } : {}),
};

/**
 * Every server-rendered page that reads its query string, by path. A public page missing here reads
 * none: the server keys it by its path alone (a test checks that every page using the query string is here).
 */
const canonical =
  <T>(search: PageSearch<T>) =>
  (params: URLSearchParams): URLSearchParams =>
    search.key(search.read(params));

const PAGE_SEARCH: Readonly<Record<string, (params: URLSearchParams) => URLSearchParams>> = {
  [paths.parts]: canonical(partsPageSearch),
  [paths.reviews]: canonical(reviewsPageSearch),
  [paths.login]: canonical(signInPageSearch),
  [paths.signup]: canonical(signInPageSearch),
  [paths.resetPassword]: canonical(resetPasswordPageSearch),
};

/**
 * The canonical form of a page's query string: only the parameters the page at `pathname` reads, in a
 * fixed order, without defaults, with invalid values replaced by what the page shows for them ('' when
 * it reads none). Two URLs with the same path and canonical query render the same page.
 */
export function canonicalPageQuery(pathname: string, params: URLSearchParams): string {
  return PAGE_SEARCH[pathname]?.(params).toString() ?? '';
}

/** The paths whose page reads its query string (for the test that keeps this table complete). */
export const pathsReadingQuery: readonly string[] = Object.keys(PAGE_SEARCH);
