import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { Fit } from '#shared/schemas/vehicles';
import { renderWithApp } from '../../../testing/render-with-app';
import { PartFits } from './part-fits';

const f = copy.partFits;

const focus: Fit = {
  vehicle: { id: 'v-focus', make: 'Ford', model: 'Focus', engine: '1.6 Ti-VCT 92 kW' },
  yearFrom: 2011,
  yearTo: 2018,
  note: 'front axle',
};
const golf: Fit = {
  vehicle: { id: 'v golf/7', make: 'Volkswagen', model: 'Golf VII', engine: '1.4 TSI 90 kW' },
  yearFrom: 2015,
  yearTo: 2015,
  note: '',
};

describe('PartFits', () => {
  it('lists each vehicle with its years and note, in the order given, each linking to the parts that fit it', () => {
    renderWithApp(<PartFits fits={[focus, golf]} />);
    const section = screen.getByRole('region', { name: f.title });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Ford Focus 1.6 Ti-VCT 92 kW · 2011–2018 · front axle→',
      'Volkswagen Golf VII 1.4 TSI 90 kW · 2015→',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/part?vehicle=v-focus');
    expect(links[1]!.getAttribute('href')).toBe('/part?vehicle=v+golf%2F7');
    expect(links[0]!.getAttribute('aria-label')).toBe(
      `Ford Focus 1.6 Ti-VCT 92 kW · 2011–2018 · front axle. ${f.showParts('Ford Focus 1.6 Ti-VCT 92 kW')}`,
    );
  });

  it('says "No vehicles listed" when the part fits none', () => {
    renderWithApp(<PartFits fits={[]} />);
    const section = screen.getByRole('region', { name: f.title });
    expect(section.textContent).toContain(f.none);
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
  });
});
