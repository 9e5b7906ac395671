import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { fakePart } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { PartCard } from './part-card';

const card = () => screen.getByTestId('part-card');
const linksTo = (href: string) => Array.from(card().querySelectorAll('a')).filter((link) => link.getAttribute('href') === href);

describe('a part card', () => {
  it('opens the part from its name and its picture, and books from "Book Now"', () => {
    renderWithApp(<PartCard part={fakePart()} />);
    const heading = screen.getByRole('heading', { name: 'Vented brake disc 300 mm' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/part/p-disc');
    const picture = card().querySelector('img')!.closest('a');
    expect(picture?.getAttribute('href')).toBe('/part/p-disc');
    // One link for the keyboard and screen readers per destination beside "Book Now": the picture's is a pointer's.
    expect(picture?.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('link', { name: copy.part.bookNow }).getAttribute('href')).toBe('/part/p-disc');
    expect(linksTo('/part/p-disc')).toHaveLength(3);
  });

  it('opens a sold-out part from its name and picture too, with no "Book Now"', () => {
    renderWithApp(<PartCard part={fakePart({ stock: 5 })} />);
    expect(screen.getByTestId('out-of-stock').textContent).toBe(copy.part.outOfStock);
    expect(screen.queryByRole('link', { name: copy.part.bookNow })).toBeNull();
    expect(within(screen.getByRole('heading')).getByRole('link').getAttribute('href')).toBe('/part/p-disc');
    expect(linksTo('/part/p-disc')).toHaveLength(2);
  });

  it('says what is in stock in words that never read as a quantity to order', () => {
    renderWithApp(<PartCard part={fakePart({ stock: 1240 })} />);
    expect(screen.getByTestId('part-card-stock').textContent).toBe('In stock: 1,240');
    expect(card().textContent).not.toMatch(/quantity/i);
  });

  it("says which brand's number a search found the part by, and nothing otherwise", () => {
    const { unmount } = renderWithApp(
      <PartCard part={{ ...fakePart(), matchedReference: { brand: 'Bosch', number: '0 986 479 303' } }} />,
    );
    expect(screen.getByTestId('part-card-matched-reference').textContent).toBe('Matches Bosch 0 986 479 303');
    expect(copy.part.matchedReference('Bosch', '0 986 479 303')).toBe('Matches Bosch 0 986 479 303');
    unmount();
    renderWithApp(<PartCard part={{ ...fakePart(), matchedReference: null }} />);
    expect(screen.queryByTestId('part-card-matched-reference')).toBeNull();
  });
});
