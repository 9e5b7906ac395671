import { describe, expect, it } from 'vitest';
import { vin as text } from './copy/vin';
import { decodeVin, normaliseVin, vinCheckDigit } from './vin';
import { WMI_MAKES } from './vin-wmi';

const NOW = new Date('2026-06-01T00:00:00Z');
const decode = (input: string) => decodeVin(input, NOW);

/** The VIN with its 9th character made right. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

describe('decodeVin', () => {
  it('checks the examples of 49 CFR 565 and a real Honda', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(decode('1M8GDM9AXKP042788')).toMatchObject({ ok: true, wmi: '1M8', make: null, makes: [], year: 1989 });
    expect(decode('1HGCM82633A004352')).toMatchObject({ ok: true, make: 'Honda', year: 2003 });
  });

  it('reads a VIN as people type it: spaces, hyphens, lower case', () => {
    expect(normaliseVin(' 1hg-cm826 33a004352 ')).toBe('1HGCM82633A004352');
    expect(decode(' 1hg-cm826 33a004352 ')).toMatchObject({ ok: true, vin: '1HGCM82633A004352' });
  });

  it.each([
    ['', 'required', text.required],
    ['   ', 'required', text.required],
    ['1HGCM82633A00435.', 'characters', text.characters],
    ['1HGCM82633A00435É', 'characters', text.characters],
    ['1HGCM82633AO04352', 'forbiddenLetters', text.forbiddenLetters],
    ['1HGCM82633A0043521', 'length', text.length(18)],
    ['1HGCM8263', 'length', text.length(9)],
    ['1HGCM82643A004352', 'checkDigit', text.checkDigit],
  ])('refuses %j (%s)', (input, reason, message) => {
    expect(decode(input)).toEqual({ ok: false, reason, message });
  });

  it('refuses a North American VIN whose 10th character is no year, even with a right check digit', () => {
    const vin = withCheckDigit('1HGCM826X0A004352');
    expect(decode(vin)).toEqual({ ok: false, reason: 'yearCode', message: text.yearCode });
  });

  it('checks no check digit outside North America, and reads no year where position 10 holds none', () => {
    expect(decode('WVWZZZAUZGW000001')).toMatchObject({ ok: true, make: 'Volkswagen', year: 2016 });
    expect(decode('WDD2050420A000001')).toMatchObject({ ok: true, make: 'Mercedes-Benz', year: null });
  });

  it('tells the 30-year cycles apart by the 7th character in North America', () => {
    // "G": 1986 or 2016; a letter at 7 means the later cycle.
    expect(decode(withCheckDigit('1FAHP3K20GL000001'))).toMatchObject({ make: 'Ford', year: 2016 });
    expect(decode(withCheckDigit('1FAHP37N0GL000001'))).toMatchObject({ make: 'Ford', year: 1986 });
    // A year after next year cannot be: "Y" with a letter at 7 is 2000, not 2030.
    expect(decode(withCheckDigit('1FAHP3K20YL000001'))).toMatchObject({ year: 2000 });
  });

  it('takes the latest year not after next year elsewhere', () => {
    expect(decode('VF1AAAAA0A0000001')).toMatchObject({ make: 'Renault', year: 2010 });
    expect(decode('VF1AAAAA0T0000001')).toMatchObject({ year: 2026 });
    expect(decode('VF1AAAAA0V0000001')).toMatchObject({ year: 2027 });
    expect(decode('VF1AAAAA0W0000001')).toMatchObject({ year: 1998 });
    expect(decodeVin('VF1AAAAA0W0000001', new Date('2027-03-01T00:00:00Z'))).toMatchObject({ year: 2028 });
  });

  it('names the make by three characters, else by the two a maker owns whole', () => {
    expect(decode('JTDKB20U000000001')).toMatchObject({ wmi: 'JTD', make: 'Toyota' });
    expect(decode('JTHBA30G000000001')).toMatchObject({ wmi: 'JTH', make: 'Lexus' });
    expect(decode('W0LPD6EE1GG000001')).toMatchObject({ make: 'Opel', makes: ['Opel', 'Vauxhall'] });
    expect(decode('ZZZAAAAAAGA000001')).toMatchObject({ ok: true, make: null, makes: [] });
  });

  it('has only keys of two or three VIN characters', () => {
    expect(Object.keys(WMI_MAKES).filter((key) => !/^[A-HJ-NPR-Z0-9]{2,3}$/.test(key))).toEqual([]);
  });
});
