import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { fakeApi, ok } from '../../../testing/fake-api';
import { fakePart } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-with-app';
import { YourPrice } from './your-price';

const pads = fakePart({ id: 'pads', priceCents: 5000, priceTiers: [{ minQuantity: 24, unitPriceCents: 4500 }] });

describe('YourPrice', () => {
  it('shows a member of an active company the tier price less the discount, priced in the browser', async () => {
    const api = fakeApi();
    api.on(
      'GET /api/me/prices',
      ok({ discountPercent: 10, items: [{ partId: 'pads', contractPriceCents: null, yourPriceCents: 4500 }] }),
    );
    renderWithApp(<YourPrice part={pads} quantity={24} active />);
    const price = await screen.findByTestId('your-price');
    // The 24+ tier's $45.00 less 10 %.
    expect(price.textContent).toContain('$40.50');
    expect(price.textContent).toContain(copy.memberPrices.companyDiscount(10));
    expect(api.callsTo('GET /api/me/prices')[0]!.query).toEqual({ parts: 'pads' });
  });

  it('names a contract price when it is the lower one', async () => {
    const api = fakeApi();
    api.on(
      'GET /api/me/prices',
      ok({ discountPercent: 10, items: [{ partId: 'pads', contractPriceCents: 4200, yourPriceCents: 4200 }] }),
    );
    renderWithApp(<YourPrice part={pads} active />);
    const price = await screen.findByTestId('your-price');
    expect(price.textContent).toContain('$42.00');
    expect(price.textContent).toContain(copy.memberPrices.contractPrice);
  });

  it('asks nothing unless the session lists an active company', async () => {
    const api = fakeApi();
    const rotor = fakePart({ id: 'rotor', priceCents: 5000 });
    api.on(
      'GET /api/me/prices',
      ok({ discountPercent: 10, items: [{ partId: 'rotor', contractPriceCents: null, yourPriceCents: 4500 }] }),
    );
    renderWithApp(<YourPrice part={pads} active={false} />);
    renderWithApp(<YourPrice part={rotor} active />);
    expect((await screen.findByTestId('your-price')).textContent).toContain('$45.00');
    expect(screen.getAllByTestId('your-price')).toHaveLength(1);
    expect(api.callsTo('GET /api/me/prices').map((call) => call.query)).toEqual([{ parts: 'rotor' }]);
  });
});
