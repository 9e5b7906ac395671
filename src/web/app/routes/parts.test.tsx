import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Part, PartList } from '#shared/schemas/parts';
import { type FakeApi, fakeApi, ok } from '../../testing/fake-api';
import { fakePart, focus, golf } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-with-app';
import PartsPage from './parts';

const c = copy.partsList;
const picker = copy.vehiclePicker;
let api: FakeApi;

function list(items: Part[], overrides: Partial<PartList> = {}): PartList {
  return {
    items,
    total: items.length,
    page: 1,
    limit: 12,
    facets: {
      categories: [
        { slug: 'brake-pads', name: 'Brake pads', count: 2 },
        { slug: 'oil-filters', name: 'Oil filters', count: 1 },
      ],
      inStock: 2,
    },
    unknownFilters: [],
    ...overrides,
  };
}

const pads = [fakePart({ id: 'p1', name: 'Front brake pads' }), fakePart({ id: 'p2', name: 'Rear brake pads' })];

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

afterEach(() => {
  vi.mocked(Element.prototype.getBoundingClientRect).mockRestore();
});

/** The query strings the page asked GET /api/parts with, in order. */
function partsRequests(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/parts')
    .map((url) => url.searchParams);
}

function render(path: string) {
  return renderWithApp(
    <>
      <PartsPage />
      <Address />
    </>,
    { path },
  );
}

/** Where things are on a 1280×800 screen: the list's count far below the first screen, the controls above it. */
const RESULTS_TOP = 900;
const CONTROL_TOP = 500;
/** A field's label sits just above it, and is kept in view with it. */
const LABEL_TOP = CONTROL_TOP - 24;
let scrollBy: ReturnType<typeof vi.fn>;
let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  scrollBy = vi.fn();
  vi.stubGlobal('scrollBy', scrollBy);
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reducedMotion,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top =
      this.getAttribute('role') === 'status'
        ? RESULTS_TOP
        : this.tagName === 'LABEL'
          ? LABEL_TOP
          : /^(SELECT|INPUT|BUTTON|A)$/.test(this.tagName)
            ? CONTROL_TOP
            : 0;
    return { top, bottom: top + 48, left: 0, right: 0, width: 0, height: 48, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
  api = fakeApi();
  api.on('GET /api/vehicles/makes', ok({ items: ['Ford', 'Volkswagen'] }));
  api.on('GET /api/vehicles', ok({ items: [focus, golf] }));
  api.on('GET /api/session', ok(null));
});

describe('the parts list', () => {
  it('asks for the vehicle and year in the address, and says on every card that the part fits it', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part?vehicle=v-focus&year=2015');
    await waitFor(() => expect(screen.getAllByTestId('fit-badge')).toHaveLength(2));
    for (const badge of screen.getAllByTestId('fit-badge')) {
      expect(badge.textContent).toBe('Fits Ford Focus 1.6 Ti-VCT 92 kW (2015)');
    }
    const asked = partsRequests().at(-1)!;
    expect(asked.get('vehicle')).toBe('v-focus');
    expect(asked.get('year')).toBe('2015');
    expect(screen.getByRole('link', { name: c.removeFilter('Ford Focus 1.6 Ti-VCT 92 kW (2015)') })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(picker.make) as HTMLSelectElement).value).toBe('Ford'));
    expect((screen.getByLabelText(picker.model) as HTMLSelectElement).value).toBe('v-focus');
    expect((screen.getByLabelText(picker.year) as HTMLSelectElement).value).toBe('2015');
  });

  it('names the vehicle’s years on the badge when no year is chosen', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part?vehicle=v-focus');
    await waitFor(() =>
      expect(screen.getAllByTestId('fit-badge')[0]!.textContent).toBe('Fits Ford Focus 1.6 Ti-VCT 92 kW (2011–2018)'),
    );
  });

  it('shows no badge without a vehicle', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part');
    await waitFor(() => expect(screen.getAllByTestId('part-card')).toHaveLength(2));
    expect(screen.queryByTestId('fit-badge')).toBeNull();
  });

  it('says which part replaces a replaced number searched for', async () => {
    const successor = { ...fakePart({ id: 'p9', name: 'Ceramic pads', sku: 'GH-BRK-2042' }) };
    const resolvedFrom = { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 1 };
    api.on('GET /api/parts', ok(list([{ ...successor, resolvedFrom } as Part])));
    render('/part?q=GH-BRK-1042');
    expect((await screen.findByTestId('search-replaced')).textContent).toBe(
      copy.supersessions.replacedBy('GH-BRK-1042', 'GH-BRK-2042'),
    );
  });

  it('writes each choice of the picker into the address, back on page 1, the make left out once a vehicle is chosen', async () => {
    api.on('GET /api/parts', ok(list(pads, { total: 30, page: 2 })));
    render('/part?page=2&category=brake-pads');
    const make = await screen.findByLabelText(picker.make);
    await waitFor(() => expect((make as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(make, { target: { value: 'Ford' } });
    await waitFor(() => expect(address().toString()).toBe('category=brake-pads&make=Ford'));
    const model = screen.getByLabelText(picker.model) as HTMLSelectElement;
    await waitFor(() => expect(model.disabled).toBe(false));
    fireEvent.change(model, { target: { value: 'v-focus' } });
    await waitFor(() => expect(address().toString()).toBe('category=brake-pads&vehicle=v-focus'));
    fireEvent.change(screen.getByLabelText(picker.year), { target: { value: '2015' } });
    await waitFor(() => expect(address().toString()).toBe('category=brake-pads&vehicle=v-focus&year=2015'));
    await waitFor(() => expect(partsRequests().at(-1)!.get('year')).toBe('2015'));
  });

  it('narrows to a category from the facets and "In stock only", and removes each filter from its chip', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part?q=pad');
    await waitFor(() => expect(screen.getAllByTestId('part-card')).toHaveLength(2));
    fireEvent.click(screen.getByRole('link', { name: 'Brake pads 2 parts' }));
    await waitFor(() => expect(address().toString()).toBe('q=pad&category=brake-pads'));
    fireEvent.click(screen.getByRole('checkbox', { name: `${copy.part.inStockOnly} 2 parts` }));
    await waitFor(() => expect(address().toString()).toBe('q=pad&category=brake-pads&inStock=true'));
    fireEvent.click(screen.getByRole('link', { name: c.removeFilter('Brake pads') }));
    await waitFor(() => expect(address().toString()).toBe('q=pad&inStock=true'));
    fireEvent.click(screen.getByRole('link', { name: c.clearAll }));
    await waitFor(() => expect(address().toString()).toBe('q=pad'));
  });

  it('offers "Best match" only while there is a search, and orders a search by it unless told otherwise', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part');
    const sort = (await screen.findByLabelText(copy.part.sortLabel)) as HTMLSelectElement;
    const sorts = () => Array.from(sort.options).map((option) => option.textContent);
    expect(sorts()).not.toContain(copy.part.sort.relevance);
    fireEvent.change(screen.getByLabelText(copy.part.searchLabel), { target: { value: 'pad' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(address().toString()).toBe('q=pad'));
    expect(sorts()).toContain(copy.part.sort.relevance);
    expect(sort.value).toBe('relevance');
    expect(partsRequests().at(-1)!.get('sort')).toBeNull();
  });

  it('says what matched nothing and clears the filters, keeping the search', async () => {
    api.on('GET /api/parts', ok(list([], { facets: { categories: [], inStock: 0 } })));
    api.on('GET /api/categories', ok({ items: [{ id: 'cat-pads', slug: 'brake-pads', name: 'Brake pads', partCount: 2 }] }));
    render('/part?q=pad&vehicle=v-golf&category=brake-pads&inStock=true');
    const heading = await screen.findByRole('heading', { name: /^No parts match/ });
    await waitFor(() =>
      expect(heading.textContent).toBe(
        c.noMatch('pad', ['Volkswagen Golf VII 1.4 TSI 90 kW (2012–2019)', 'Brake pads', c.inStockPhrase]),
      ),
    );
    fireEvent.click(within(heading.parentElement!).getByRole('link', { name: c.clearFilters }));
    await waitFor(() => expect(address().toString()).toBe('q=pad'));
  });

  it('names a category the shop does not have, with a link that removes it', async () => {
    api.on('GET /api/parts', ok(list([], { unknownFilters: ['category'], facets: { categories: [], inStock: 0 } })));
    api.on('GET /api/categories', ok({ items: [] }));
    render('/part?category=xyz');
    expect(await screen.findByText(c.unknownCategory('xyz'))).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: c.showAllCategories }));
    await waitFor(() => expect(address().toString()).toBe(''));
  });

  it('shows the list without a year the API would refuse', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part?vehicle=v-focus&year=1800');
    await waitFor(() => expect(screen.getAllByTestId('fit-badge')).toHaveLength(2));
    expect(partsRequests().every((asked) => !asked.has('year'))).toBe(true);
  });
});

describe('the results after a change made on the page', () => {
  const results = () => screen.getAllByRole('status').find((element) => element.textContent === copy.part.results(2))!;

  it('brings them into view after a submitted search, keeping the search box in view and focused; not while typing', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part');
    await waitFor(() => expect(results()).toBeTruthy());
    const box = screen.getByLabelText(copy.part.searchLabel);
    box.focus();
    fireEvent.change(box, { target: { value: 'pad' } });
    await waitFor(() => expect(address().toString()).toBe('q=pad'));
    expect(scrollBy).not.toHaveBeenCalled();

    fireEvent.submit(screen.getByRole('search'));
    // As far as the list can come while the box and its label stay under the navbar's edge (16 px of room).
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: LABEL_TOP - 16, behavior: 'smooth' }));
    expect(document.activeElement).toBe(box);

    scrollBy.mockClear();
    reducedMotion = true;
    fireEvent.change(box, { target: { value: 'rear pad' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(address().toString()).toBe('q=rear+pad'));
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: LABEL_TOP - 16, behavior: 'instant' }));
  });

  it('brings them into view after a vehicle is chosen, the picker keeping the focus', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part');
    const make = await screen.findByLabelText(picker.make);
    await waitFor(() => expect((make as HTMLSelectElement).disabled).toBe(false));
    make.focus();
    fireEvent.change(make, { target: { value: 'Ford' } });
    await waitFor(() => expect(address().toString()).toBe('make=Ford'));
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: LABEL_TOP - 16, behavior: 'smooth' }));
    expect(document.activeElement).toBe(make);
  });

  it('brings them into view after a category is chosen in the facets', async () => {
    api.on('GET /api/parts', ok(list(pads)));
    render('/part');
    await waitFor(() => expect(results()).toBeTruthy());
    fireEvent.click(screen.getByRole('link', { name: 'Brake pads 2 parts' }));
    await waitFor(() => expect(address().toString()).toBe('category=brake-pads'));
    await waitFor(() => expect(scrollBy).toHaveBeenCalledTimes(1));
  });

  it('moves the focus to them when another page is chosen, and brings them to the top', async () => {
    api.on('GET /api/parts', ok(list(pads, { total: 30 })));
    render('/part');
    await waitFor(() => expect(screen.getByRole('button', { name: copy.pagination.page(2) })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: copy.pagination.page(2) }));
    await waitFor(() => expect(address().toString()).toBe('page=2'));
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: RESULTS_TOP - 16, behavior: 'smooth' }));
    expect(document.activeElement?.getAttribute('role')).toBe('status');
  });
});
