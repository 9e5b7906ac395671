import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render-with-app';
import { ReplacedPart, replacementIn } from './replaced-part';

const s = copy.supersessions;
const replacement = { id: 'p-new', sku: 'GH-BRK-2042', name: 'Ceramic brake pad set', number: 'GH-BRK-1042' };

describe('ReplacedPart', () => {
  it('sends the buyer of a replaced part to the part replacing it', async () => {
    renderWithApp(<ReplacedPart replacement={replacement} />, { path: '/part/p-old' });
    expect(await screen.findByRole('heading', { level: 1, name: s.partReplaced('GH-BRK-2042') })).toBeTruthy();
    expect(screen.getByText(s.partReplacedText('GH-BRK-1042', 'GH-BRK-2042'))).toBeTruthy();
    expect(screen.getByRole('link', { name: s.seeReplacement('GH-BRK-2042') }).getAttribute('href')).toBe('/part/p-new');
  });

  it("reads the replacement from the part's own 404, and none from a plain one", () => {
    const replaced = new ApiError(404, 'not_found', copy.part.notFound, {}, { code: 'not_found', replacedBy: replacement });
    expect(replacementIn(replaced)).toEqual(replacement);
    expect(replacementIn(new ApiError(404, 'not_found', copy.part.notFound, {}, { code: 'not_found' }))).toBeUndefined();
  });
});
