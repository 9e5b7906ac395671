import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Part } from '#shared/schemas/parts';
import { fakePart } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { PartCard } from './part-card';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const ENDS_AT = '2026-06-15T12:00:30.000Z';

/** A part in the flash deal, 25% off until ENDS_AT. */
function part(overrides: Partial<Part> = {}): Part {
  return fakePart({ name: 'Ceramic brake pads', deal: { percent: 25, endsAt: ENDS_AT, priceCents: 3667 }, ...overrides });
}

const price = () => within(screen.getByTestId('part-card')).getByRole('definition');

describe('a part card in the flash deal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the deal price beside the old one struck through, which screen readers hear as "was"', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    renderWithApp(<PartCard part={part()} />);
    const struck = within(price()).getByTestId('was-price');
    expect(struck.tagName).toBe('S');
    expect(struck.textContent).toBe('$48.90');
    // The struck figure is hidden from screen readers, which are told in words instead.
    expect(struck.getAttribute('aria-hidden')).toBe('true');
    expect(price().textContent).toBe(`$36.67$48.90, ${copy.deal.was('$48.90')}, ${copy.deal.badge(25)}`);
  });

  it('shows the part’s own price alone the moment the deal ends, with no new data', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    renderWithApp(<PartCard part={part()} />);
    expect(within(price()).queryByTestId('was-price')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(30_001);
    });
    expect(within(price()).queryByTestId('was-price')).toBeNull();
    expect(price().textContent).toBe('$48.90');
  });

  it('shows the own price alone for a part not in the deal, or a deal already over', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { unmount } = renderWithApp(<PartCard part={part({ deal: null })} />);
    expect(price().textContent).toBe('$48.90');
    unmount();
    renderWithApp(<PartCard part={part({ deal: { percent: 25, endsAt: '2026-06-15T11:59:59.000Z', priceCents: 3667 } })} />);
    expect(price().textContent).toBe('$48.90');
  });
});

describe("a part card's minimum order", () => {
  it("shows the part's own minimum", () => {
    renderWithApp(<PartCard part={part({ minOrderQuantity: 1, deal: null })} />);
    expect(screen.getByTestId('part-card-minimum').textContent).toBe(copy.part.minimumOrderShort(1));
    expect(copy.part.minimumOrderShort(1)).toBe('Minimum order: 1');
  });
});
