import { describe, expect, it } from 'vitest';
import { vatId as text } from './copy/vat-id';
import { EU_COUNTRIES, type EuCountry, isEuCountry, normaliseVatId, vatIdPrefix, vatIdProblem } from './vat-id';

/** VAT IDs published as valid, written as companies print them (spaces, dots, dashes, any case). */
const PUBLISHED: Record<EuCountry, readonly string[]> = {
  AT: ['ATU 142 43 102', 'ATU 57194903', 'ATU61195628'],
  BE: ['BE 0202.239.951', 'BE 0441.928.931', 'BE0428759497'],
  BG: ['BG 103873594', 'BG 200182590', 'Bg 200442771'],
  CY: ['CY 10246672X', 'CY-10008489 A', 'CY00632993 F'],
  CZ: ['CZ 25123891', 'CZ00023205', 'CZ7652046248', 'CZ 682127228'],
  DE: ['DE - 113866163', 'DE 213 806 597', 'DE812847601', 'DE136695976'],
  DK: ['DK 10 50 32 80', 'DK 30 06 09 46', 'DK36149213'],
  EE: ['EE 100 931 558', 'EE 100832107', 'EE101256753'],
  ES: ['ES - Q0818001J', 'ES U99216632', 'Es-a58951310', 'ES 54362315K', 'ES X5277343Q', 'ES Y5277343F'],
  FI: ['FI 02459042', 'FI 24416318', 'FI18261444'],
  FR: ['FR 04409414364', 'FR 84 323 140 392', 'FR96000110899', 'FR K 7399859412', 'FR 4Z123456782'],
  GR: ['EL 039868210', 'EL 998386804', 'El 800 179 925', 'EL094259216'],
  HR: ['HR 33392005961'],
  HU: ['HU -12509403', 'HU 23157653', 'HU13852467'],
  IE: ['IE 0005306C', 'IE 8223200u', 'IE9Y71814N', 'IE6433435OA', 'IE 6599001W'],
  IT: ['IT - 01404480202', 'IT 02359210354', 'IT02087050155'],
  LT: ['LT 100001354118', 'LT 119511515', 'LT290068995116'],
  LU: ['LU 10059929', 'LU 19406747', 'Lu 19980500'],
  LV: ['LV 4000 3521 600', 'LV 40103157009', 'LV-42103048183'],
  MT: ['MT 1039-6417', 'MT 18740407', 'MT 20630321'],
  NL: ['NL 001241 643 B01', 'NL002455799B11', 'NL813411786B01'],
  PL: ['PL 5211355116', 'PL 764-23-05-578', 'PL6772135826'],
  PT: ['PT 500 019 720', 'PT 506835669', 'PT503038083'],
  RO: ['RO 11358544', 'RO 24736200', 'Ro 15071875'],
  SE: ['SE 202 100-5000 01', 'SE 556728341001', 'Se 556250398601'],
  SI: ['SI 26808498', 'SI 68297530', 'SI-89036999'],
  SK: ['SK 1078449064', 'SK 2021 6858 20', 'SK2022193459'],
};

/** The same IDs with one check character changed: each must be refused for its check. */
const CHECK_CHANGED: Partial<Record<EuCountry, readonly string[]>> = {
  AT: ['ATU14243103', 'ATU57194904'],
  BE: ['BE0202239952', 'BE0428759496'],
  CZ: ['CZ25123892', 'CZ7652046249', 'CZ682127229'],
  DE: ['DE113866164', 'DE136695975'],
  DK: ['DK10503281', 'DK36149214'],
  EE: ['EE100931559', 'EE101256754'],
  ES: ['ESQ0818001A', 'ESU99216633', 'ES54362315L', 'ESX5277343R'],
  FI: ['FI02459043', 'FI18261445'],
  FR: ['FR14409414364', 'FR85323140392', 'FRL7399859412'],
  GR: ['EL039868211', 'EL094259217'],
  HR: ['HR33392005962'],
  HU: ['HU12509404', 'HU13852468'],
  IE: ['IE0005306D', 'IE9Y71814M', 'IE6433435PA'],
  IT: ['IT01404480203', 'IT02087050156'],
  LU: ['LU10059928', 'LU19980501'],
  MT: ['MT10396418', 'MT20630322'],
  NL: ['NL001241644B01', 'NL813411787B01'],
  PL: ['PL5211355117', 'PL6772135827'],
  PT: ['PT500019721', 'PT503038084'],
  RO: ['RO11358545', 'RO15071876'],
  SE: ['SE202100500101', 'SE556728341101'],
  SI: ['SI26808499', 'SI89036998'],
  SK: ['SK1078449065', 'SK2022193458'],
};

const countryName = (country: EuCountry) => text.countryNames[country];

describe('vatIdProblem: published VAT IDs', () => {
  it.each(EU_COUNTRIES)('accepts those published for %s, however they are spaced and cased', (country) => {
    for (const id of PUBLISHED[country]) expect(vatIdProblem(country, id), id).toBeNull();
  });

  it.each(EU_COUNTRIES)('gives a valid ID from %s as its example', (country) => {
    expect(vatIdProblem(country, text.examples[country])).toBeNull();
    expect(text.examples[country].startsWith(vatIdPrefix(country))).toBe(true);
  });
});

describe('vatIdProblem: check characters', () => {
  it.each(Object.entries(CHECK_CHANGED))('refuses an ID from %s whose check character was changed', (country, ids) => {
    const euCountry = country as EuCountry;
    for (const id of ids) {
      expect(vatIdProblem(euCountry, id), id).toBe(text.wrongCheck(countryName(euCountry), text.examples[euCountry]));
    }
  });

  it('covers the member states whose published IDs carry check characters', () => {
    const formOnly = EU_COUNTRIES.filter((country) => CHECK_CHANGED[country] === undefined);
    expect(formOnly).toEqual(['BG', 'CY', 'LT', 'LV']);
  });
});

describe('vatIdProblem: the form', () => {
  it.each(EU_COUNTRIES)('refuses an ID from %s a character too long or too short, naming the expected form', (country) => {
    const valid = normaliseVatId(text.examples[country]);
    const expected = text.wrongForm(countryName(country), text.forms[country], text.examples[country]);
    for (const id of [`${valid}00000`, valid.slice(0, vatIdPrefix(country).length + 1)]) {
      expect(vatIdProblem(country, id), id).toBe(expected);
    }
  });

  it('says what a German VAT ID looks like', () => {
    expect(vatIdProblem('DE', 'DE12345678')).toBe('A VAT ID from Germany is DE and 9 digits, like DE136695976.');
  });

  it("wants the country's prefix: EL for Greece, not its ISO code", () => {
    expect(vatIdPrefix('GR')).toBe('EL');
    expect(vatIdProblem('GR', 'GR094259216')).toBe('A VAT ID from Greece is EL and 9 digits, like EL094259216.');
    expect(vatIdProblem('DE', '136695976')).toContain('DE and 9 digits');
    expect(vatIdProblem('FR', 'DE136695976')).toContain('A VAT ID from France is FR');
  });

  it('refuses letters where digits belong, and other countries', () => {
    expect(vatIdProblem('PL', 'PL52113551A6')).toContain('PL and 10 digits');
    expect(vatIdProblem('NL', 'NL806753742C01')).toContain('the letter B');
    expect(vatIdProblem('US', 'US123456789')).toBe(text.notEu('US'));
    expect(vatIdProblem('GB', 'GB123456789')).toBe(text.notEu('GB'));
    expect(vatIdProblem('DE', ' - ')).toBe(text.required);
  });
});

describe('normaliseVatId', () => {
  it('writes an ID upper-case without spaces, dots or dashes', () => {
    expect(normaliseVatId(' de 136.695-976 ')).toBe('DE136695976');
    expect(normaliseVatId('BE 0202.239.951')).toBe('BE0202239951');
    expect(normaliseVatId('es-x-2482300w')).toBe('ESX2482300W');
  });
});

describe('isEuCountry', () => {
  it('knows the 27 member states by their ISO codes', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(EU_COUNTRIES.every(isEuCountry)).toBe(true);
    for (const code of ['GB', 'CH', 'NO', 'US', 'EL', 'EU', 'de']) expect(isEuCountry(code), code).toBe(false);
  });
});
