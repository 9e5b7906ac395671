import { paths } from './paths';
import { MAX_PAGE } from './schemas/common';
import { MAX_SEARCH_LENGTH, type PartSort, partSortValues } from './schemas/parts';

/**
 * What the public pages read from their query string, in one place: each page parses its URL with
 * `read`, and the server keys its rendered copy of the page by `key(read(params))` (server/http/web-app.ts,
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

/** /login and /signup?error=… — where a failed Google sign-in comes back; only its presence matters. */
export const signInPageSearch: PageSearch<{ googleFailed: boolean }> = {
  read: (params) => ({ googleFailed: params.has('error') }),
  key: ({ googleFailed }) => new URLSearchParams(googleFailed ? { error: '1' } : {}),
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
