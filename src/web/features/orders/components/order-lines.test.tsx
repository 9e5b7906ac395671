import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { fakeOrder, fakeOrderLine } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { OrderLines } from './order-lines';

describe('OrderLines', () => {
  it('shows the number a line was ordered by under its SKU when it was a replaced one', () => {
    const order = fakeOrder({
      lines: [
        fakeOrderLine({ partId: 'p1', sku: 'GH-BRK-2042', orderedNumber: 'GH-BRK-1042' }),
        fakeOrderLine({ partId: 'p2', sku: 'GH-FLT-0980' }),
      ],
    });
    renderWithApp(<OrderLines order={order} />, { path: '/dashboard' });
    expect(screen.getByText(copy.supersessions.orderedAs('GH-BRK-1042'))).toBeTruthy();
    expect(screen.getAllByText(/^Ordered as/)).toHaveLength(1);
  });
});
