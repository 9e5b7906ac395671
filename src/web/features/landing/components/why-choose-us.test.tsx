import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { renderWithApp } from '../../../testing/render-with-app';
import { deliveryText, WhyChooseUs } from './why-choose-us';

describe('Why choose us: the free-delivery line', () => {
  it("is made from the settings' threshold: whole amounts without cents, 0 for every order", () => {
    expect(deliveryText(10_000)).toBe('Free home delivery on orders of $100 or more.');
    expect(deliveryText(4_950)).toBe('Free home delivery on orders of $49.50 or more.');
    expect(deliveryText(0)).toBe(copy.landing.whyDeliveryAlwaysFree);
    expect(deliveryText(undefined)).toBe(copy.landing.whyDeliveryUnknown);
  });

  it('shows the threshold the page passes', async () => {
    // The section fades in unless the visitor prefers reduced motion.
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderWithApp(<WhyChooseUs freeDeliveryThresholdCents={25_000} />);
    expect(await screen.findByText('Free home delivery on orders of $250 or more.')).toBeTruthy();
  });
});
