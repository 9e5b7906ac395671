import { describe, expect, it } from 'vitest';
import { canonicalPageQuery, partsPageSearch, signInErrorReasons, signInPageSearch } from './page-search';

const canonical = (path: string, query: string) => canonicalPageQuery(path, new URLSearchParams(query));

describe('the canonical query string of a page', () => {
  it('keeps only what /part reads, in one order, without defaults', () => {
    expect(canonical('/part', 'page=2&x=1&sort=name&q=brake')).toBe('q=brake&sort=name&page=2');
    expect(canonical('/part', 'q=&sort=newest&page=1')).toBe('');
    expect(canonical('/part', 'q=%20%20brake%20pads%20')).toBe('q=brake+pads');
  });

  it('keys /part by "In stock only", spelled one way, and leaves it out when off', () => {
    expect(canonical('/part', 'inStock=true')).toBe('inStock=true');
    expect(canonical('/part', 'page=2&inStock=1&q=brake')).toBe('q=brake&inStock=true&page=2');
    expect(canonical('/part', 'inStock=yes')).toBe(canonical('/part', 'inStock=true'));
    expect(canonical('/part', 'inStock=false')).toBe('');
    expect(canonical('/part', 'inStock=bogus')).toBe('');
  });

  it('replaces values the page would correct with what it shows for them', () => {
    expect(canonical('/part', 'sort=bogus&page=abc')).toBe('');
    expect(canonical('/part', 'page=-4')).toBe('');
    expect(canonical('/part', 'page=7th')).toBe('page=7');
    expect(canonical('/part', 'page=123456789')).toBe('page=100000');
    expect(canonical('/reviews', 'page=0&q=brake')).toBe('');
  });

  it('cuts a search to the 100 characters the list searches for, never through a character', () => {
    expect(partsPageSearch.read(new URLSearchParams({ q: 'a'.repeat(10_000) })).q).toBe('a'.repeat(100));
    const emoji = `${'a'.repeat(99)}🔧🔧`;
    expect(partsPageSearch.read(new URLSearchParams({ q: emoji })).q).toBe('a'.repeat(99));
  });

  it('gives pages that read no parameter an empty one, and the sign-in pages only why a Google sign-in failed and where to return', () => {
    expect(canonical('/', 'x=1&utm_source=mail')).toBe('');
    expect(canonical('/blogs/winter-tyres', 'page=2')).toBe('');
    expect(canonical('/part/abc', 'next=/x')).toBe('');
    expect(canonical('/login', 'x=1&error=access_denied&next=/x')).toBe('error=cancelled&next=%2Fx');
    expect(canonical('/signup', 'error')).toBe('error=failed');
    expect(canonical('/reset-password', 'token=secret-1')).toBe(canonical('/reset-password', 'token=secret-2'));
    expect(canonical('/reset-password', 'token=secret-1')).not.toContain('secret');
    expect(canonical('/reset-password', 'x=1')).toBe('');
  });

  it('reads back what it writes', () => {
    const value = {
      q: 'disc brake',
      sort: 'price_desc' as const,
      page: 3,
      inStock: false,
      category: '',
      vehicle: '',
      make: '',
      deal: false,
    };
    expect(partsPageSearch.read(partsPageSearch.key(value))).toEqual(value);
    const deal = { ...value, deal: true };
    expect(partsPageSearch.read(partsPageSearch.key(deal))).toEqual(deal);
    expect(canonical('/part', 'deal=1&x=2')).toBe('deal=true');
    const inStock = { ...value, inStock: true };
    expect(partsPageSearch.read(partsPageSearch.key(inStock))).toEqual(inStock);
    const filtered = { ...value, sort: 'relevance' as const, category: 'brake-pads', vehicle: 'v-focus', year: 2015 };
    expect(partsPageSearch.read(partsPageSearch.key(filtered))).toEqual(filtered);
    const byMake = { ...value, q: '', sort: 'newest' as const, make: 'Ford', year: 2015 };
    expect(partsPageSearch.read(partsPageSearch.key(byMake))).toEqual(byMake);
  });

  it('orders a search by relevance and a list by newest unless told otherwise, "Best match" only with a search', () => {
    expect(partsPageSearch.read(new URLSearchParams('q=brake')).sort).toBe('relevance');
    expect(partsPageSearch.read(new URLSearchParams('')).sort).toBe('newest');
    expect(canonical('/part', 'q=brake&sort=relevance')).toBe('q=brake');
    expect(canonical('/part', 'q=brake&sort=newest')).toBe('q=brake&sort=newest');
    expect(canonical('/part', 'sort=relevance')).toBe('');
    expect(canonical('/part', 'q=brake&sort=bogus')).toBe('q=brake');
  });

  it('keys /part by its category, vehicle or make, and year, in one order', () => {
    expect(canonical('/part', 'inStock=true&year=2015&vehicle=v1&category=brake-pads&q=pad&page=2')).toBe(
      'q=pad&category=brake-pads&vehicle=v1&year=2015&inStock=true&page=2',
    );
    expect(canonical('/part', 'make=Ford&year=2015')).toBe('make=Ford&year=2015');
    expect(canonical('/part', 'category=%20brake-pads%20&make=')).toBe('category=brake-pads');
    // A vehicle names its make: the picker's make and vehicle and a garage's vehicle are one address.
    expect(canonical('/part', 'make=Ford&vehicle=v1&year=2015')).toBe('vehicle=v1&year=2015');
    // A name the shop does not have stays, so the list can say so.
    expect(canonical('/part', 'category=no-such-thing')).toBe('category=no-such-thing');
  });

  it('drops a year the API would refuse and a name longer than it reads', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(canonical('/part', 'vehicle=v1&year=1800')).toBe('vehicle=v1');
    expect(canonical('/part', 'vehicle=v1&year=1949')).toBe('vehicle=v1');
    expect(canonical('/part', 'vehicle=v1&year=1950')).toBe('vehicle=v1&year=1950');
    expect(canonical('/part', `year=${nextYear}`)).toBe(`year=${nextYear}`);
    expect(canonical('/part', `year=${nextYear + 1}`)).toBe('');
    expect(canonical('/part', 'year=abc')).toBe('');
    expect(canonical('/part', 'year=2015.5')).toBe('');
    expect(canonical('/part', 'year=%202015%20')).toBe('year=2015');
    expect(canonical('/part', `category=${'x'.repeat(61)}`)).toBe('');
    expect(canonical('/part', `vehicle=${'x'.repeat(65)}&make=Ford`)).toBe('make=Ford');
    expect(canonical('/part', `make=${'x'.repeat(61)}`)).toBe('');
  });

  it('keys the sign-in pages by the reason a Google sign-in failed, one key for every unknown code', () => {
    expect(canonical('/login', 'error=state_mismatch')).toBe('error=expired');
    expect(canonical('/login', 'error=invalid_code')).toBe('error=expired');
    expect(canonical('/login', 'error=provider_not_found')).toBe('error=unavailable');
    expect(canonical('/login', 'error=oauth_provider_not_found')).toBe('error=unavailable');
    expect(canonical('/login', 'error=email_not_verified')).toBe('error=unverified');
    expect(canonical('/signup', 'error=account_not_linked')).toBe('error=accountExists');
    expect(canonical('/signup', 'error=signup_disabled')).toBe('error=signupDisabled');
    expect(canonical('/login', 'error=UNKNOWN')).toBe('error=failed');
    expect(canonical('/login', 'error=unable_to_create_user')).toBe('error=failed');
    expect(canonical('/login', 'error=internal_server_error')).toBe('error=failed');
    expect(canonical('/login', `error=${'x'.repeat(500)}`)).toBe('error=failed');
    expect(canonical('/login', 'error=%3Cscript%3E')).toBe('error=failed');
    expect(canonical('/login', '')).toBe('');
  });

  it('reads back every sign-in error key it writes', () => {
    for (const error of signInErrorReasons) {
      expect(signInPageSearch.read(signInPageSearch.key({ error, next: '' }))).toEqual({ error, next: '' });
    }
    const withReturn = { error: 'expired' as const, next: '/part?q=brake' };
    expect(signInPageSearch.read(signInPageSearch.key(withReturn))).toEqual(withReturn);
  });

  it('keys the sign-in pages by the page to come back to, when it is a page of this shop', () => {
    expect(canonical('/login', 'next=%2Fpart%2Fabc')).toBe('next=%2Fpart%2Fabc');
    expect(canonical('/signup', 'utm_source=mail&next=%2Fcart&error=state_mismatch')).toBe('error=expired&next=%2Fcart');
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(canonical('/login', new URLSearchParams({ next }).toString()), next).toBe('');
    }
  });
});
