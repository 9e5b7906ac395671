import { n } from './svg-kit';

/**
 * Short labels ("70AH", "5W-30", initials) drawn as strokes, so the pictures look the same on a
 * machine without any fonts installed. Glyphs sit on a 4 × 6 grid, y pointing down.
 */
const glyphs: Record<string, string> = {
  '0': 'M1,0L3,0L4,1L4,5L3,6L1,6L0,5L0,1Z',
  '1': 'M0.8,1.2L2.2,0L2.2,6M0.8,6L3.6,6',
  '2': 'M0,1L1,0L3,0L4,1L4,2.2L0,6L4,6',
  '3': 'M0,0L4,0L1.8,2.6L3,2.6L4,3.6L4,5L3,6L1,6L0,5',
  '4': 'M3,6L3,0L0,4.2L4,4.2',
  '5': 'M4,0L0.4,0L0,2.8L3,2.6L4,3.6L4,5L3,6L0,6',
  '6': 'M3.6,0L1.6,0L0,2L0,5L1,6L3,6L4,5L4,3.6L3,2.7L0.2,2.7',
  '7': 'M0,0L4,0L1.4,6',
  '8': 'M1,0L3,0L4,0.9L4,2.1L3,3L1,3L0,2.1L0,0.9ZM1,3L3,3L4,4L4,5L3,6L1,6L0,5L0,4Z',
  '9': 'M4,3.3L1,3.3L0,2.4L0,1L1,0L3,0L4,1L4,4L2.4,6L0.4,6',
  A: 'M0,6L0,2L2,0L4,2L4,6M0,3.6L4,3.6',
  B: 'M0,3L3,3L4,4L4,5L3,6L0,6L0,0L3,0L4,0.9L4,2.1L3,3',
  C: 'M4,1L3,0L1,0L0,1L0,5L1,6L3,6L4,5',
  D: 'M0,0L2.4,0L4,1.6L4,4.4L2.4,6L0,6Z',
  E: 'M4,0L0,0L0,6L4,6M0,3L3,3',
  F: 'M4,0L0,0L0,6M0,3L3,3',
  G: 'M4,1L3,0L1,0L0,1L0,5L1,6L3,6L4,5L4,3.4L2.2,3.4',
  H: 'M0,0L0,6M4,0L4,6M0,3L4,3',
  I: 'M1,0L3,0M2,0L2,6M1,6L3,6',
  J: 'M4,0L4,5L3,6L1,6L0,5',
  K: 'M0,0L0,6M4,0L0,3.6M1.3,2.6L4,6',
  L: 'M0,0L0,6L4,6',
  M: 'M0,6L0,0L2,3L4,0L4,6',
  N: 'M0,6L0,0L4,6L4,0',
  O: 'M1,0L3,0L4,1L4,5L3,6L1,6L0,5L0,1Z',
  P: 'M0,6L0,0L3,0L4,1L4,2L3,3L0,3',
  Q: 'M1,0L3,0L4,1L4,5L3,6L1,6L0,5L0,1ZM2.6,4.6L4.2,6.4',
  R: 'M0,6L0,0L3,0L4,1L4,2L3,3L0,3M2,3L4,6',
  S: 'M4,1L3,0L1,0L0,1L0,2L1,3L3,3L4,4L4,5L3,6L1,6L0,5',
  T: 'M0,0L4,0M2,0L2,6',
  U: 'M0,0L0,5L1,6L3,6L4,5L4,0',
  V: 'M0,0L2,6L4,0',
  W: 'M0,0L0.8,6L2,2.6L3.2,6L4,0',
  X: 'M0,0L4,6M4,0L0,6',
  Y: 'M0,0L2,3L4,0M2,3L2,6',
  Z: 'M0,0L4,0L0,6L4,6',
  '-': 'M1,3.2L3,3.2',
  '.': 'M0.3,6L0.5,6',
  '/': 'M3.6,0L0.4,6',
  '+': 'M2,1.4L2,4.6M0.4,3L3.6,3',
};

const GLYPH_WIDTH = 4;
const GLYPH_GAP = 2;
const SPACE_WIDTH = 3;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Glyphs narrower than the grid, so "1.4KW" does not gape around the point. */
const narrowWidths: Record<string, number> = { '.': 1 };

function glyphAdvance(char: string): number {
  return char === ' ' ? SPACE_WIDTH : (narrowWidths[char] ?? GLYPH_WIDTH) + GLYPH_GAP;
}

/** Width of a label at a given cap height, in user units. */
export function letteringWidth(text: string, capHeight: number): number {
  const units = [...text.toUpperCase()].reduce((sum, char) => sum + glyphAdvance(char), 0) - GLYPH_GAP;
  return (Math.max(0, units) * capHeight) / 6;
}

export interface LetteringOptions {
  color: string;
  /** Stroke thickness as a fraction of the cap height. */
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

/** Draws text with its baseline at y; x is the start, middle or end depending on `anchor`. */
export function lettering(text: string, x: number, y: number, capHeight: number, options: LetteringOptions): string {
  const scale = capHeight / 6;
  const width = letteringWidth(text, capHeight);
  const anchor = options.anchor ?? 'start';
  let cursor = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  const top = y - capHeight;
  const parts: string[] = [];
  for (const char of text.toUpperCase()) {
    const glyph = glyphs[char];
    if (glyph) parts.push(`<path transform="translate(${n(cursor)} ${n(top)}) scale(${round(scale, 3)})" d="${glyph}"/>`);
    cursor += glyphAdvance(char) * scale;
  }
  // The stroke is drawn inside each glyph's scaled space, so it is given in grid units.
  const strokeWidth = 6 * (options.weight ?? 0.13);
  const opacity = options.opacity === undefined ? '' : ` opacity="${options.opacity}"`;
  return (
    `<g fill="none" stroke="${options.color}" stroke-width="${round(strokeWidth, 2)}" stroke-linecap="round" stroke-linejoin="round"${opacity}>` +
    `${parts.join('')}</g>`
  );
}
