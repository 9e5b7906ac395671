import { describe, expect, it } from 'vitest';
import { scrollDelta } from './bring-into-view';

/** A 390×844 phone under a 65 px navbar. */
const phone = { coveredTop: 65, viewportHeight: 844 };

describe('how far the results are scrolled', () => {
  it('brings the target to just under the navbar when nothing keeps the focus', () => {
    expect(scrollDelta({ ...phone, targetTop: 947 })).toBe(947 - 65 - 16);
  });

  it('stops where the control that keeps the focus would slide under the navbar', () => {
    // The phone's search box at 713 px: the list comes up as far as the box lets it.
    expect(scrollDelta({ ...phone, targetTop: 947, keep: { top: 713, bottom: 761 } })).toBe(713 - 65 - 16);
  });

  it('scrolls up to a target above the view, keeping a control below it in view', () => {
    expect(scrollDelta({ ...phone, targetTop: -1500 })).toBe(-1500 - 65 - 16);
    // The page buttons under the list at 700 px stay on screen: up only as far as they allow.
    expect(scrollDelta({ ...phone, targetTop: -1500, keep: { top: 700, bottom: 740 } })).toBe(740 - 844);
  });

  it('leaves the page still when the target is already where it would go', () => {
    expect(scrollDelta({ ...phone, targetTop: 81 })).toBe(0);
    expect(scrollDelta({ ...phone, targetTop: 81.4 })).toBe(0);
  });

  it('ignores a control too tall to keep in view with the target', () => {
    expect(scrollDelta({ ...phone, targetTop: 947, keep: { top: 0, bottom: 2000 } })).toBe(947 - 65 - 16);
  });
});
