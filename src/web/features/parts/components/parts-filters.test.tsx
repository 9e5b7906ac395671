import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { PartFacets } from '#shared/schemas/parts';
import { renderWithApp } from '../../../testing/render-with-app';
import { ActiveFilters } from './active-filters';
import { PartsFacets } from './parts-facets';
import { PartsNoResults } from './parts-no-results';

const c = copy.partsList;

const facets: PartFacets = {
  categories: [
    { slug: 'brake-pads', name: 'Brake pads', count: 4 },
    { slug: 'oil-filters', name: 'Oil filters', count: 1 },
  ],
  inStock: 3,
};

/** Where the links led: the router's address after a click. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}
const address = () => screen.getByTestId('address').textContent;

describe('PartsFacets', () => {
  const render = (props: Partial<Parameters<typeof PartsFacets>[0]> = {}) => {
    const onInStockChange = vi.fn<(value: boolean) => void>();
    renderWithApp(
      <>
        <PartsFacets
          facets={facets}
          category=""
          inStock={false}
          categoryTo={(slug) => ({ search: slug ? `category=${slug}` : '' })}
          onInStockChange={onInStockChange}
          {...props}
        />
        <Address />
      </>,
      { path: '/part' },
    );
    return { onInStockChange };
  };
  const categoryLinks = () => within(screen.getByRole('navigation', { name: c.categories })).getAllByRole('link');

  it('lists every category with its number of parts, "All categories" first and current', () => {
    render();
    expect(categoryLinks().map((link) => link.textContent)).toEqual([
      c.allCategories,
      'Brake pads 4 parts',
      'Oil filters 1 part',
    ]);
    expect(screen.getByRole('link', { name: c.allCategories }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Brake pads 4 parts' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the chosen category, leads to the others, and keeps the chosen one listed when nothing else matches in it', () => {
    render({ category: 'wipers', categoryName: 'Wipers' });
    expect(screen.getByRole('link', { name: c.allCategories }).getAttribute('aria-current')).toBeNull();
    const wipers = screen.getByRole('link', { name: 'Wipers 0 parts' });
    expect(wipers.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Oil filters 1 part' }));
    expect(address()).toBe('/part?category=oil-filters');
  });

  it('offers "In stock only" with how many parts can be booked, and says when it is changed', () => {
    const { onInStockChange } = render();
    const inStock = screen.getByRole('checkbox', { name: `${copy.part.inStockOnly} 3 parts` }) as HTMLInputElement;
    expect(inStock.checked).toBe(false);
    fireEvent.click(inStock);
    expect(onInStockChange).toHaveBeenCalledWith(true);
  });
});

describe('ActiveFilters', () => {
  it('shows each filter as a chip that removes it, and "Clear all filters"', () => {
    renderWithApp(
      <>
        <ActiveFilters
          filters={[
            { label: 'Ford Focus 1.6 Ti-VCT 92 kW (2015)', removeTo: { search: 'category=brake-pads' } },
            { label: 'Brake pads', removeTo: { search: 'vehicle=v-focus&year=2015' } },
          ]}
          clearTo={{ search: 'q=pad' }}
        />
        <Address />
      </>,
      { path: '/part?q=pad&category=brake-pads&vehicle=v-focus&year=2015' },
    );
    const chip = screen.getByRole('link', { name: c.removeFilter('Ford Focus 1.6 Ti-VCT 92 kW (2015)') });
    expect(chip.textContent).toBe('Ford Focus 1.6 Ti-VCT 92 kW (2015)');
    fireEvent.click(chip);
    expect(address()).toBe('/part?category=brake-pads');
    fireEvent.click(screen.getByRole('link', { name: c.clearAll }));
    expect(address()).toBe('/part?q=pad');
  });

  it('shows nothing when no filter is on', () => {
    renderWithApp(<ActiveFilters filters={[]} clearTo={{ search: '' }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(c.clearAll)).toBeNull();
  });
});

describe('PartsNoResults', () => {
  it('names the search and the filters, and clears either', () => {
    renderWithApp(
      <>
        <PartsNoResults
          q="pad"
          filters={['Ford Focus 1.6 Ti-VCT 92 kW (2015)', 'Brake pads', copy.part.inStockOnly]}
          unknown={[]}
          clearFiltersTo={{ search: 'q=pad' }}
          clearSearchTo={{ search: 'category=brake-pads' }}
        />
        <Address />
      </>,
      { path: '/part?q=pad&category=brake-pads' },
    );
    expect(screen.getByRole('heading').textContent).toBe(
      'No parts match “pad” with Ford Focus 1.6 Ti-VCT 92 kW (2015), Brake pads and In stock only.',
    );
    fireEvent.click(screen.getByRole('link', { name: c.clearFilters }));
    expect(address()).toBe('/part?q=pad');
    fireEvent.click(screen.getByRole('link', { name: copy.part.clearSearch }));
    expect(address()).toBe('/part?category=brake-pads');
  });

  it('offers only the way out that exists: no "Clear filters" without a filter, no "Clear search" without a search', () => {
    renderWithApp(<PartsNoResults q="zzz" filters={[]} unknown={[]} clearSearchTo={{ search: '' }} />);
    expect(screen.getByRole('heading').textContent).toBe(c.noMatch('zzz', []));
    expect(screen.queryByRole('link', { name: c.clearFilters })).toBeNull();
    expect(screen.getByRole('link', { name: copy.part.clearSearch })).toBeTruthy();
  });

  it('names each filter the shop does not know, with a link that removes it', () => {
    renderWithApp(
      <>
        <PartsNoResults
          q=""
          filters={['xyz']}
          unknown={[{ message: c.unknownCategory('xyz'), removeLabel: c.showAllCategories, removeTo: { search: '' } }]}
          clearFiltersTo={{ search: '' }}
        />
        <Address />
      </>,
      { path: '/part?category=xyz' },
    );
    expect(screen.getByText(c.unknownCategory('xyz'))).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: c.showAllCategories }));
    expect(address()).toBe('/part');
  });

  it('offers the search the shop suggests as a link: "Did you mean brake pads?"', () => {
    renderWithApp(
      <>
        <PartsNoResults
          q="break pads"
          filters={['Brake pads']}
          unknown={[]}
          clearFiltersTo={{ search: 'q=break+pads' }}
          clearSearchTo={{ search: 'category=brake-pads' }}
          suggestion={{ text: 'brake pads', to: { search: 'q=brake+pads&category=brake-pads' } }}
        />
        <Address />
      </>,
      { path: '/part?q=break+pads&category=brake-pads' },
    );
    const link = screen.getByRole('link', { name: 'brake pads' });
    expect(link.closest('p')?.textContent).toBe(`${c.didYouMean.before} brake pads${c.didYouMean.after}`);
    expect(link.closest('p')?.textContent).toBe('Did you mean brake pads?');
    fireEvent.click(link);
    expect(address()).toBe('/part?q=brake+pads&category=brake-pads');
  });

  it('suggests nothing when the shop has no suggestion', () => {
    renderWithApp(<PartsNoResults q="zzzqqq" filters={[]} unknown={[]} clearSearchTo={{ search: '' }} />);
    expect(screen.queryByText(c.didYouMean.before, { exact: false })).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([copy.part.clearSearch]);
  });

  it('says the shop has no parts yet when nothing was asked', () => {
    renderWithApp(<PartsNoResults q="" filters={[]} unknown={[]} />);
    expect(screen.getByRole('heading').textContent).toBe(copy.part.noResults);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
