import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { ReorderToast } from './reorder-toast';

describe('ReorderToast', () => {
  it('says which lines went in as the part replacing theirs, and which parts are no longer sold', () => {
    const replaced = copy.supersessions.replacedByTimes('GH-OLD-1', 'GH-NEW-1', 2);
    render(
      <ReorderToast added={2} unavailable={['Old Radiator']} replaced={[replaced]} cartHref="/cart" onOpenCart={() => {}} />,
    );
    expect(screen.getByText(copy.orders.reordered(2))).toBeTruthy();
    expect(screen.getByText(replaced)).toBeTruthy();
    expect(screen.getByText(copy.orders.reorderUnavailable(['Old Radiator']))).toBeTruthy();
  });
});
