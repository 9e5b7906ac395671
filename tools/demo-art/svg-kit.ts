/**
 * A small toolkit for the demo pictures: one canvas per SVG document that hands out unique ids for
 * gradients and filters (so drawings can be combined in one picture), plus geometry and colour helpers.
 */

export type Stop = readonly [offset: number, color: string, opacity?: number];
export type Point = readonly [number, number];

export const colors = {
  slate50: '#f8fafc',
  slate100: '#f1f5f9',
  slate200: '#e2e8f0',
  slate300: '#cbd5e1',
  slate400: '#94a3b8',
  slate500: '#64748b',
  slate600: '#475569',
  slate700: '#334155',
  slate800: '#1e293b',
  slate900: '#0f172a',
  rubber: '#18181b',
  white: '#ffffff',
  orange: '#ea580c',
} as const;

/** Accent colours: the brand orange first; the others tell variants of one drawing apart. */
export const accents = {
  orange: '#ea580c',
  amber: '#d97706',
  red: '#dc2626',
  blue: '#2563eb',
  teal: '#0d9488',
  copper: '#b45309',
} as const;

/** Keeps the markup short and deterministic: one decimal is plenty at these sizes. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function polar(radius: number, degrees: number, cx = 0, cy = 0): Point {
  const radians = (degrees * Math.PI) / 180;
  return [cx + radius * Math.cos(radians), cy + radius * Math.sin(radians)];
}

export function points(list: readonly Point[]): string {
  return list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

/** Oblique projection for boxes: x to the right, y up, z into the picture (drawn up and to the right). */
export function obliquePoint(x: number, y: number, z: number): Point {
  return [x + z * 0.5, -y - z * 0.55];
}

export function obliqueFace(corners: readonly (readonly [number, number, number])[]): string {
  return points(corners.map(([x, y, z]) => obliquePoint(x, y, z)));
}

/** A ring (annulus) as one path, filled with the even-odd rule. */
export function ringPath(cx: number, cy: number, outer: number, inner: number): string {
  const circle = (r: number) =>
    `M${n(cx - r)},${n(cy)}a${n(r)},${n(r)} 0 1,0 ${n(2 * r)},0a${n(r)},${n(r)} 0 1,0 ${n(-2 * r)},0Z`;
  return circle(outer) + circle(inner);
}

/** A slice of a ring between two angles (degrees, clockwise from +x), e.g. a brake pad or a caliper. */
export function arcSegmentPath(cx: number, cy: number, outer: number, inner: number, from: number, to: number): string {
  const large = to - from > 180 ? 1 : 0;
  const [ax, ay] = polar(outer, from, cx, cy);
  const [bx, by] = polar(outer, to, cx, cy);
  const [cx2, cy2] = polar(inner, to, cx, cy);
  const [dx, dy] = polar(inner, from, cx, cy);
  return (
    `M${n(ax)},${n(ay)}A${n(outer)},${n(outer)} 0 ${large},1 ${n(bx)},${n(by)}` +
    `L${n(cx2)},${n(cy2)}A${n(inner)},${n(inner)} 0 ${large},0 ${n(dx)},${n(dy)}Z`
  );
}

/** Mixes a #rrggbb colour toward white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const weight = Math.min(1, Math.abs(amount));
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * weight);
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Deterministic pseudo-random numbers, so a drawing (and its stored file name) is the same every run. */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RadialOptions {
  cx?: number;
  cy?: number;
  r?: number;
  fx?: number;
  fy?: number;
}

export class SvgCanvas {
  private readonly defs: string[] = [];
  private counter = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** A gradient across the shape's bounding box, from `from` to `to` (fractions of the box). */
  linear(stops: readonly Stop[], from: Point = [0, 0], to: Point = [0, 1]): string {
    const id = this.nextId('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}">${stopMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], { cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy }: RadialOptions = {}): string {
    const id = this.nextId('r');
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(deviation: number): string {
    const id = this.nextId('f');
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from shape markup in user space. */
  clip(shapes: string): string {
    const id = this.nextId('c');
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  /** Horizontal cylinder shading: dark edges, a bright band above the middle. */
  cylinder(base: string, axis: 'vertical' | 'horizontal' = 'vertical'): string {
    const stops: Stop[] = [
      [0, shade(base, -0.45)],
      [0.22, shade(base, 0.35)],
      [0.38, shade(base, 0.1)],
      [0.75, base],
      [1, shade(base, -0.5)],
    ];
    return axis === 'vertical' ? this.linear(stops, [0, 0], [1, 0]) : this.linear(stops, [0, 0], [0, 1]);
  }

  /** Brushed steel across a face. */
  steel(from: Point = [0, 0], to: Point = [1, 1]): string {
    return this.linear(
      [
        [0, '#f8fafc'],
        [0.3, '#cbd5e1'],
        [0.55, '#94a3b8'],
        [0.75, '#e2e8f0'],
        [1, '#64748b'],
      ],
      from,
      to,
    );
  }

  document(body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}

function stopMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
}
