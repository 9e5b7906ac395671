import { paths } from './paths';
import { MAX_PAGE } from './schemas/common';
import { MAX_SEARCH_LENGTH, type PartSort, partSortValues } from './schemas/parts';

/**
 * What the public pages read from their query string, in one place: each page parses its URL with
 * `read`, and the server keys its rendered copy of the page by `key(read(params))` (server/rendering,
 * docs/decisions/0013-server-rendering.md). Because the page shows nothing it does not get from `read`,
 * two URLs with the same key draw the same page: unknown parameters, their order, default values and
 * values the page would correct anyway (page=abc, sort=bogus, a search longer than the API takes)
 * all map to the one rendered copy.
 */
export interface PageSearch<T> {
  /** The page's reading of its query string; invalid or missing values become what the page shows for them. */
  read(params: URLSearchParams): T;
  /** What the page's drawing depends on, as a query string: fixed order, defaults left out. */
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

function readPartSort(value: string | null): PartSort {
  return (partSortValues as readonly (string | null)[]).includes(value) ? (value as PartSort) : 'newest';
}

/** "true" (and the API's other spellings of yes: "1", "yes", "on") → true; anything else → false. */
function readFlag(value: string | null): boolean {
  return ['true', '1', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

export interface PartsSearch {
  q: string;
  sort: PartSort;
  page: number;
  /** Only the parts that can be booked. */
  inStock: boolean;
}

/**
 * /part?q=&sort=&inStock=true&page= — the search, the order (newest by default), whether only parts in
 * stock are listed (all by default) and the page (1 by default).
 */
export const partsPageSearch: PageSearch<PartsSearch> = {
  read: (params) => ({
    q: readSearchText(params.get('q')),
    sort: readPartSort(params.get('sort')),
    page: readPage(params.get('page')),
    inStock: readFlag(params.get('inStock')),
  }),
  key: ({ q, sort, page, inStock }) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (sort !== 'newest') params.set('sort', sort);
    if (inStock) params.set('inStock', 'true');
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

/** /login and /signup?error=… — where a failed Google sign-in comes back, keyed by the reason it gives. */
export const signInPageSearch: PageSearch<{ error: SignInErrorReason | null }> = {
  read: (params) => ({ error: readSignInError(params.get('error')) }),
  key: ({ error }) => new URLSearchParams(error ? { error } : {}),
};

/**
 * /reset-password?token=… — the mailed link's token. The page draws the same form for every token (the
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
 * it reads none). Two URLs with the same path and canonical query draw the same page.
 */
export function canonicalPageQuery(pathname: string, params: URLSearchParams): string {
  return PAGE_SEARCH[pathname]?.(params).toString() ?? '';
}

/** The paths whose page reads its query string (for the test that keeps this table complete). */
export const pathsReadingQuery: readonly string[] = Object.keys(PAGE_SEARCH);
