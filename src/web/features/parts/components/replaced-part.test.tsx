import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, ok } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render-with-app';
import { ReplacedPart } from './replaced-part';

const s = copy.supersessions;
let api: FakeApi;

describe('ReplacedPart', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('sends the buyer of a replaced part to the part replacing it', async () => {
    api.on(
      'GET /api/parts/p-old/supersessions',
      ok({
        items: [],
        replacedBy: {
          partId: 'p-new',
          sku: 'GH-BRK-2042',
          name: 'Ceramic brake pad set',
          resolvedFrom: { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 1 },
        },
      }),
    );
    renderWithApp(<ReplacedPart partId="p-old" notFound={<p>gone</p>} />, { path: '/part/p-old' });
    expect(await screen.findByRole('heading', { level: 1, name: s.partReplaced('GH-BRK-2042') })).toBeTruthy();
    expect(screen.getByText(s.partReplacedText('GH-BRK-1042', 'GH-BRK-2042'))).toBeTruthy();
    expect(screen.getByRole('link', { name: s.seeReplacement('GH-BRK-2042') }).getAttribute('href')).toBe('/part/p-new');
  });

  it('is the page not found for a part that was not replaced', async () => {
    api.on('GET /api/parts/p-gone/supersessions', ok({ items: [], replacedBy: null }));
    renderWithApp(<ReplacedPart partId="p-gone" notFound={<p>gone</p>} />, { path: '/part/p-gone' });
    expect(await screen.findByText('gone')).toBeTruthy();
  });
});
