import type { paths } from './paths';

/**
 * Where sign-in and sign-up send the person back to (`/login?next=/part/abc`): a page of this shop,
 * never another site. The value comes from an address anyone can write, so only a plain path is
 * taken: one leading slash, no second slash or backslash after it (`//evil.example` and
 * `/\evil.example` are other sites to a browser), no scheme (`javascript:`, `https:`), no spaces or
 * control characters (a browser drops tabs and newlines, which would turn `/\t/evil.example` into
 * `//evil.example`), and at most as long as the sign-in API takes (shopPathSchema, schemas/accounts.ts).
 */
export const RETURN_PATH_MAX_LENGTH = 500;

/** The query parameter that carries the return path. */
export const RETURN_PATH_PARAM = 'next';

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTERS = /[\s\\\u0000-\u001f\u007f]/;
const ORIGIN = 'http://shop.invalid';

/** The path of this shop that `value` names, as the browser would go to it; undefined for anything else. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return undefined;
  }
  // `/..//x` resolves to `//x`: what the browser would be sent to must itself be a plain path here.
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= RETURN_PATH_MAX_LENGTH ? path : undefined;
}

/** `/login` or `/signup` with the page to come back to (none: the page alone). */
export function withReturnPath(page: typeof paths.login | typeof paths.signup, next: string | undefined): string {
  const path = safeReturnPath(next);
  return path ? `${page}?${new URLSearchParams({ [RETURN_PATH_PARAM]: path }).toString()}` : page;
}
