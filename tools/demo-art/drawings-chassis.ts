import { lettering } from './lettering';
import { arcSegmentPath, colors, n, points, polar, ringPath, seededRandom, shade, type Point, type SvgCanvas } from './svg-kit';

/** Brakes, suspension and driveline. Every drawing is centred on the origin. */

export interface BrakeDiscLook {
  drilled?: boolean;
  slotted?: boolean;
  /** Draws a caliper of this colour gripping the disc. */
  caliper?: string;
  /** Horizontal squash that turns the disc away from the viewer (1 = face on). */
  turn?: number;
  rotate?: number;
}

const DISC_RADIUS = 232;
const DISC_THICKNESS = 40;
/** How far the hat (the centre that bolts to the hub) stands out of the braking face. */
const HAT_HEIGHT = 34;

export function brakeDisc(c: SvgCanvas, look: BrakeDiscLook = {}): string {
  const r = DISC_RADIUS;
  const t = DISC_THICKNESS;
  const edge = c.linear([
    [0, colors.slate500],
    [0.35, colors.slate200],
    [1, colors.slate600],
  ]);
  const face = c.radial([
    [0, colors.slate400],
    [0.55, colors.slate400],
    [0.6, colors.slate300],
    [0.75, '#aab6c6'],
    [0.88, colors.slate300],
    [1, colors.slate500],
  ]);
  const sheen = c.linear(
    [
      [0, colors.white, 0.5],
      [0.4, colors.white, 0],
      [0.65, colors.slate900, 0],
      [1, colors.slate900, 0.18],
    ],
    [0, 0],
    [1, 1],
  );
  const hat = c.radial([
    [0, colors.slate500],
    [0.8, colors.slate700],
    [1, colors.slate800],
  ]);
  const hatWall = c.linear([
    [0, colors.slate500],
    [0.4, colors.slate600],
    [1, colors.slate800],
  ]);
  const bore = c.radial([
    [0, colors.slate900],
    [0.8, colors.slate900],
    [1, colors.slate500],
  ]);
  const machining = [0.62, 0.68, 0.74, 0.8, 0.86, 0.92]
    .map((f) => `<circle r="${n(r * f)}" fill="none" stroke="${colors.slate500}" stroke-width="1" opacity="0.22"/>`)
    .join('');
  const edgeClip = c.clip(`<circle cx="${t}" r="${r}"/><rect y="${-r}" width="${t}" height="${2 * r}"/>`);
  const lugs = Array.from({ length: 5 }, (_, i) => {
    const [x, y] = polar(r * 0.3, i * 72 - 90);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="13" fill="${colors.slate900}" stroke="${colors.slate400}" stroke-width="2"/>`;
  }).join('');
  return (
    `<g transform="rotate(${look.rotate ?? 0}) scale(${look.turn ?? 0.86} 1)">` +
    `<circle cx="${t}" r="${r}" fill="${edge}"/><rect y="${-r}" width="${t}" height="${2 * r}" fill="${edge}"/>` +
    `<g clip-path="${edgeClip}" fill="none"><circle cx="${t / 2}" r="${r}" stroke="${colors.slate800}" stroke-width="12"/>` +
    `<circle cx="${t / 2}" r="${r}" stroke="${colors.slate400}" stroke-width="12" stroke-dasharray="9 6"/></g>` +
    `<circle r="${r}" fill="${face}"/><circle r="${r}" fill="${sheen}"/>` +
    `<circle r="${r - 1}" fill="none" stroke="${colors.slate500}" stroke-width="2"/>` +
    machining +
    `<circle r="${r * 0.55}" fill="none" stroke="${colors.slate500}" stroke-width="3"/>` +
    (look.drilled ? drilledHoles(r) : '') +
    (look.slotted ? slots(r) : '') +
    `<circle r="${r * 0.5}" fill="${colors.slate700}"/>` +
    `<rect x="${-HAT_HEIGHT}" y="${-r * 0.48}" width="${HAT_HEIGHT}" height="${r * 0.96}" fill="${hatWall}"/>` +
    `<g transform="translate(${-HAT_HEIGHT} 0)">` +
    `<circle r="${r * 0.48}" fill="${hat}"/>` +
    `<circle r="${r * 0.42}" fill="none" stroke="${colors.slate400}" stroke-width="3" opacity="0.8"/>` +
    lugs +
    `<circle r="${r * 0.15}" fill="${bore}"/></g>` +
    (look.caliper ? discCaliper(c, r, look.caliper) : '') +
    `</g>`
  );
}

function drilledHoles(r: number): string {
  const holes: string[] = [];
  for (let spoke = 0; spoke < 12; spoke += 1) {
    [0.67, 0.77, 0.87].forEach((radius, step) => {
      const [x, y] = polar(r * radius, spoke * 30 + step * 7);
      holes.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="8.5" fill="${colors.slate800}" stroke="${colors.slate100}" stroke-width="2.5"/>`,
      );
    });
  }
  return holes.join('');
}

function slots(r: number): string {
  return Array.from({ length: 6 }, (_, i) => {
    const [x1, y1] = polar(r * 0.62, i * 60 + 15);
    const [qx, qy] = polar(r * 0.8, i * 60 + 22);
    const [x2, y2] = polar(r * 0.93, i * 60 + 36);
    return `<path d="M${n(x1)},${n(y1)}Q${n(qx)},${n(qy)} ${n(x2)},${n(y2)}" fill="none" stroke="${colors.slate700}" stroke-width="7" stroke-linecap="round"/>`;
  }).join('');
}

function discCaliper(c: SvgCanvas, r: number, accent: string): string {
  const body = c.linear([
    [0, shade(accent, 0.25)],
    [0.5, accent],
    [1, shade(accent, -0.35)],
  ]);
  const bolts = [polar(r * 0.86, -28), polar(r * 0.86, 28)];
  return (
    `<path d="${arcSegmentPath(10, 10, r * 1.1, r * 0.6, -36, 36)}" fill="${colors.slate900}" opacity="0.25"/>` +
    `<path d="${arcSegmentPath(0, 0, r * 1.1, r * 0.6, -36, 36)}" fill="${body}"/>` +
    `<path d="${arcSegmentPath(0, 0, r * 1.02, r * 0.7, -22, 22)}" fill="none" stroke="${shade(accent, 0.4)}" stroke-width="3" opacity="0.7"/>` +
    bolts
      .map(
        ([x, y]) =>
          `<circle cx="${n(x)}" cy="${n(y)}" r="11" fill="${colors.slate300}" stroke="${colors.slate600}" stroke-width="3"/>`,
      )
      .join('') +
    `<g transform="translate(${n(r * 0.86)} 0) rotate(90)">${lettering('GH', 0, 10, 20, { color: colors.white, anchor: 'middle', weight: 0.2 })}</g>`
  );
}

export interface CaliperLook {
  accent: string;
}

export function brakeCaliper(c: SvgCanvas, look: CaliperLook): string {
  const cy = 300;
  const body = c.linear([
    [0, shade(look.accent, 0.3)],
    [0.45, look.accent],
    [1, shade(look.accent, -0.4)],
  ]);
  const bracket = c.linear([
    [0, colors.slate300],
    [1, colors.slate600],
  ]);
  const padFace = c.linear([
    [0, colors.slate700],
    [1, colors.slate900],
  ]);
  const bolt = (angle: number) => {
    const [x, y] = polar(300, angle, 0, cy);
    const hex = Array.from({ length: 6 }, (_, i) => polar(17, i * 60 + 30, x, y));
    return `<polygon points="${points(hex)}" fill="${colors.slate300}" stroke="${colors.slate600}" stroke-width="3"/><circle cx="${n(x)}" cy="${n(y)}" r="6" fill="${colors.slate500}"/>`;
  };
  const [nx, ny] = polar(372, -112, 0, cy);
  return (
    `<g transform="translate(0 -30)">` +
    `<path d="M150,40C230,30 300,10 330,-40" fill="none" stroke="${colors.rubber}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="${arcSegmentPath(0, cy + 24, 330, 170, -146, -34)}" fill="${bracket}"/>` +
    [-150, -30]
      .map((angle) => {
        const [x, y] = polar(250, angle, 0, cy + 24);
        return `<circle cx="${n(x)}" cy="${n(y)}" r="17" fill="${colors.slate800}"/>`;
      })
      .join('') +
    `<path d="${arcSegmentPath(12, cy + 14, 392, 200, -138, -42)}" fill="${colors.slate900}" opacity="0.25"/>` +
    `<path d="${arcSegmentPath(0, cy, 392, 200, -138, -42)}" fill="${body}"/>` +
    `<path d="${arcSegmentPath(0, cy, 384, 208, -136, -44)}" fill="none" stroke="${shade(look.accent, 0.45)}" stroke-width="3" opacity="0.6"/>` +
    `<path d="${arcSegmentPath(0, cy, 356, 286, -116, -64)}" fill="${colors.slate900}"/>` +
    `<path d="${arcSegmentPath(0, cy, 346, 300, -112, -68)}" fill="${padFace}"/>` +
    bolt(-128) +
    bolt(-52) +
    `<rect x="${n(nx - 9)}" y="${n(ny - 34)}" width="18" height="34" rx="4" fill="${colors.slate400}" transform="rotate(-22 ${n(nx)} ${n(ny)})"/>` +
    `<circle cx="${n(nx - 6)}" cy="${n(ny - 30)}" r="9" fill="${colors.slate300}"/>` +
    lettering('GEARHOUSE', 0, 60, 22, { color: colors.white, anchor: 'middle', weight: 0.18 }) +
    `</g>`
  );
}

export interface BrakePadLook {
  friction: string;
  shim: string;
  rotate?: number;
  seed: string;
}

const PAD_CENTRE = 330;

function padOutline(): string {
  return arcSegmentPath(0, PAD_CENTRE, 345, 205, -120, -60);
}

function padEar(side: -1 | 1, fill: string): string {
  const angle = -90 + side * 33;
  const [x, y] = polar(272, angle, 0, PAD_CENTRE);
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle + 90})">` +
    `<rect x="-30" y="-24" width="60" height="48" rx="12" fill="${fill}"/>` +
    `<circle r="9" fill="${colors.slate800}"/></g>`
  );
}

function padBacking(c: SvgCanvas): string {
  const plate = c.linear(
    [
      [0, colors.slate200],
      [0.5, colors.slate400],
      [1, colors.slate500],
    ],
    [0, 0],
    [1, 1],
  );
  return (
    `<g transform="translate(8 12)" fill="${colors.slate700}">` +
    `<path d="${padOutline()}"/>${padEar(-1, colors.slate700)}${padEar(1, colors.slate700)}</g>` +
    `<path d="${padOutline()}" fill="${plate}"/>${padEar(-1, colors.slate300)}${padEar(1, colors.slate300)}`
  );
}

/** The friction side of a pad: the block, its groove and a speckled compound texture. */
function padFrictionFace(c: SvgCanvas, look: BrakePadLook): string {
  const block = arcSegmentPath(0, PAD_CENTRE, 332, 218, -115, -65);
  const fill = c.linear([
    [0, shade(look.friction, 0.18)],
    [1, shade(look.friction, -0.3)],
  ]);
  const clip = c.clip(`<path d="${block}"/>`);
  const random = seededRandom(look.seed);
  const specks = Array.from({ length: 140 }, () => {
    const [x, y] = polar(218 + random() * 114, -115 + random() * 50, 0, PAD_CENTRE);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(1 + random() * 2.2)}"/>`;
  }).join('');
  const [g1x, g1y] = polar(218, -90, 0, PAD_CENTRE);
  const [g2x, g2y] = polar(332, -90, 0, PAD_CENTRE);
  const [ix, iy] = polar(300, -117, 0, PAD_CENTRE);
  return (
    `<path d="${block}" fill="${fill}"/>` +
    `<g clip-path="${clip}" fill="${shade(look.friction, 0.45)}" opacity="0.55">${specks}</g>` +
    `<path d="M${n(g1x)},${n(g1y)}L${n(g2x)},${n(g2y)}" stroke="${shade(look.friction, -0.55)}" stroke-width="8"/>` +
    `<path d="${block}" fill="none" stroke="${shade(look.friction, 0.35)}" stroke-width="2" opacity="0.6"/>` +
    `<path d="M${n(ix)},${n(iy)}l-26,-18l-8,14" fill="none" stroke="${look.shim}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** The back of a pad, covered by a coloured anti-noise shim. */
function padShimFace(c: SvgCanvas, look: BrakePadLook): string {
  const shim = c.linear([
    [0, shade(look.shim, 0.25)],
    [1, shade(look.shim, -0.3)],
  ]);
  return (
    `<path d="${arcSegmentPath(0, PAD_CENTRE, 334, 216, -116, -64)}" fill="${shim}"/>` +
    lettering('GEARHOUSE', 0, 74, 17, { color: colors.white, anchor: 'middle', weight: 0.18, opacity: 0.9 })
  );
}

/** A pair of pads: one showing its friction face, the other its shim. */
export function brakePads(c: SvgCanvas, look: BrakePadLook): string {
  const tilt = look.rotate ?? 0;
  return (
    `<g transform="scale(1.15)"><g transform="translate(-60 -150) rotate(${-12 + tilt})">${padBacking(c)}${padShimFace(c, look)}</g>` +
    `<g transform="translate(70 -10) rotate(${10 + tilt})">${padBacking(c)}${padFrictionFace(c, look)}</g></g>`
  );
}

export interface ShockLook {
  body: string;
  accent: string;
  rotate: number;
  /** A strut: coil spring, top mount and knuckle bracket instead of eyes. */
  spring?: boolean;
}

function eye(c: SvgCanvas, y: number): string {
  return (
    `<path d="${ringPath(0, y, 36, 16)}" fill-rule="evenodd" fill="${c.steel()}"/>` +
    `<path d="${ringPath(0, y, 24, 11)}" fill-rule="evenodd" fill="${colors.rubber}"/>`
  );
}

function helixStrokes(radius: number, top: number, bottom: number, turns: number, front: boolean): string {
  const segments: Point[][] = [];
  let current: Point[] = [];
  const steps = turns * 48;
  for (let i = 0; i <= steps; i += 1) {
    const t = (i / steps) * turns * Math.PI * 2;
    const isFront = Math.sin(t) > 0;
    if (isFront === front) {
      current.push([radius * Math.cos(t), top + ((bottom - top) * i) / steps + 22 * Math.sin(t)]);
    } else if (current.length > 0) {
      segments.push(current);
      current = [];
    }
  }
  if (current.length > 0) segments.push(current);
  return segments.map((segment) => `<polyline points="${points(segment)}"/>`).join('');
}

export function shockAbsorber(c: SvgCanvas, look: ShockLook): string {
  const width = look.spring ? 104 : 88;
  const half = width / 2;
  const chrome = c.cylinder(colors.slate200);
  const body = c.cylinder(look.body);
  const band = c.cylinder(look.accent);
  const spring = (front: boolean) =>
    `<g fill="none" stroke="${front ? look.accent : shade(look.accent, -0.45)}" stroke-width="20" stroke-linecap="round">` +
    helixStrokes(112, -190, 50, 5, front) +
    `</g>` +
    (front
      ? `<g fill="none" stroke="${shade(look.accent, 0.45)}" stroke-width="5" stroke-linecap="round" opacity="0.7" transform="translate(-3 -5)">${helixStrokes(112, -190, 50, 5, true)}</g>`
      : '');
  const top = look.spring
    ? `<ellipse cy="-222" rx="128" ry="30" fill="${colors.slate700}"/><ellipse cy="-232" rx="128" ry="30" fill="${c.steel()}"/>` +
      `<ellipse cy="-250" rx="70" ry="18" fill="${colors.rubber}"/>` +
      [-40, 0, 40].map((x) => `<rect x="${x - 5}" y="-300" width="10" height="56" fill="${colors.slate400}"/>`).join('')
    : eye(c, -252);
  const bottom = look.spring
    ? `<rect x="${-half - 40}" y="180" width="70" height="110" rx="12" fill="${c.steel()}"/>` +
      `<circle cx="${-half - 5}" cy="210" r="12" fill="${colors.slate800}"/><circle cx="${-half - 5}" cy="262" r="12" fill="${colors.slate800}"/>`
    : `<rect x="-14" y="220" width="28" height="20" fill="${colors.slate500}"/>${eye(c, 254)}`;
  return (
    `<g transform="rotate(${look.rotate}) scale(1.08)">` +
    (look.spring ? spring(false) : '') +
    `<rect x="-13" y="-236" width="26" height="200" fill="${chrome}"/>` +
    (look.spring ? '' : top) +
    `<rect x="${-half + 4}" y="-62" width="${width - 8}" height="22" rx="6" fill="${c.cylinder(colors.slate400)}"/>` +
    `<rect x="${-half}" y="-44" width="${width}" height="270" rx="10" fill="${body}"/>` +
    `<rect x="${-half}" y="30" width="${width}" height="64" fill="${band}"/>` +
    `<g transform="translate(0 62) rotate(-90)">${lettering('GH', 0, 9, 18, { color: colors.white, anchor: 'middle', weight: 0.2 })}</g>` +
    (look.spring
      ? `<ellipse cy="62" rx="126" ry="28" fill="${colors.slate600}"/><ellipse cy="56" rx="122" ry="26" fill="${c.steel()}"/>`
      : '') +
    bottom +
    (look.spring ? top + spring(true) : '') +
    `</g>`
  );
}

export interface HubLook {
  accent: string;
}

function lobedFlange(radius: number, lobe: number, lobes: number, offset: number): Point[] {
  return Array.from({ length: 180 }, (_, i) => {
    const angle = i * 2;
    const bulge = Math.max(0, Math.cos(((angle - offset) * lobes * Math.PI) / 180)) ** 3;
    return polar(radius + lobe * bulge, angle);
  });
}

export function wheelHub(c: SvgCanvas, look: HubLook): string {
  const ears = [-90, 30, 150].map((a) => polar(205, a));
  const flange = lobedFlange(150, 30, 5, -90);
  const studs = Array.from({ length: 5 }, (_, i) => {
    const [x, y] = polar(124, i * 72 - 90);
    return (
      `<circle cx="${n(x)}" cy="${n(y)}" r="20" fill="${colors.slate500}"/>` +
      `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + 16)}" y2="${n(y - 14)}" stroke="${colors.slate300}" stroke-width="24" stroke-linecap="round"/>` +
      `<circle cx="${n(x + 16)}" cy="${n(y - 14)}" r="12" fill="${colors.slate100}" stroke="${colors.slate400}" stroke-width="2"/>`
    );
  }).join('');
  const hex = Array.from({ length: 6 }, (_, i) => polar(30, i * 60));
  return (
    `<g transform="rotate(8)">` +
    `<polygon points="${points(ears)}" fill="${colors.slate700}" stroke="${colors.slate700}" stroke-width="90" stroke-linejoin="round"/>` +
    ears.map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="15" fill="${colors.slate900}"/>`).join('') +
    `<circle cx="20" cy="16" r="158" fill="${look.accent}"/>` +
    `<polygon points="${points(flange.map(([x, y]) => [x + 12, y + 12] as const))}" fill="${colors.slate600}"/>` +
    `<polygon points="${points(flange)}" fill="${c.steel()}"/>` +
    `<circle r="112" fill="none" stroke="${colors.slate500}" stroke-width="2" opacity="0.6"/>` +
    `<circle cx="8" cy="8" r="66" fill="${colors.slate600}"/>` +
    `<circle r="64" fill="${c.radial([
      [0, colors.slate100],
      [1, colors.slate400],
    ])}"/>` +
    `<polygon points="${points(hex)}" fill="${colors.slate500}" stroke="${colors.slate700}" stroke-width="3"/>` +
    `<circle r="11" fill="${colors.slate800}"/>` +
    studs +
    `</g>`
  );
}

export interface AxleLook {
  accent: string;
}

/** Rubber bellows: ribs shrinking from one radius to another along x. */
function boot(fromX: number, toX: number, fromR: number, toR: number): string {
  const ribs = 6;
  const parts: string[] = [
    `<polygon points="${points([
      [fromX, -fromR * 0.8],
      [toX, -toR * 0.8],
      [toX, toR * 0.8],
      [fromX, fromR * 0.8],
    ])}" fill="${colors.rubber}"/>`,
  ];
  for (let i = 0; i < ribs; i += 1) {
    const f = (i + 0.5) / ribs;
    const x = fromX + (toX - fromX) * f;
    const r = fromR + (toR - fromR) * f;
    parts.push(
      `<ellipse cx="${n(x)}" rx="11" ry="${n(r)}" fill="#27272a"/>` +
        `<ellipse cx="${n(x - 3)}" cy="${n(-r * 0.35)}" rx="3" ry="${n(r * 0.45)}" fill="#52525b" opacity="0.8"/>`,
    );
  }
  return parts.join('');
}

function clamp(x: number, r: number, color: string): string {
  return `<rect x="${n(x - 7)}" y="${n(-r)}" width="14" height="${n(2 * r)}" rx="4" fill="${color}"/>`;
}

export function cvAxle(c: SvgCanvas, look: AxleLook): string {
  const steel = c.cylinder(colors.slate300, 'horizontal');
  const spline = (x: number, width: number, r: number) =>
    `<rect x="${x}" y="${-r}" width="${width}" height="${2 * r}" rx="4" fill="${steel}"/>` +
    Array.from(
      { length: Math.floor(width / 8) },
      (_, i) =>
        `<line x1="${x + 4 + i * 8}" y1="${-r + 3}" x2="${x + 4 + i * 8}" y2="${r - 3}" stroke="${colors.slate500}" stroke-width="2"/>`,
    ).join('');
  const tone = Array.from(
    { length: 12 },
    (_, i) => `<line x1="${-306 + i * 3}" y1="-70" x2="${-306 + i * 3}" y2="70" stroke="${colors.slate600}" stroke-width="1.2"/>`,
  ).join('');
  return (
    `<g transform="rotate(-20)">` +
    spline(-400, 70, 22) +
    `<rect x="-310" y="-74" width="40" height="148" rx="6" fill="${c.cylinder(colors.slate400, 'horizontal')}"/>${tone}` +
    `<ellipse cx="-248" rx="62" ry="72" fill="${c.cylinder(colors.slate300, 'horizontal')}"/>` +
    boot(-205, -60, 60, 26) +
    clamp(-205, 58, look.accent) +
    clamp(-66, 28, look.accent) +
    `<rect x="-60" y="-15" width="130" height="30" fill="${steel}"/>` +
    boot(200, 70, 58, 28) +
    clamp(76, 30, look.accent) +
    clamp(200, 56, look.accent) +
    `<rect x="205" y="-62" width="118" height="124" rx="18" fill="${c.cylinder(colors.slate300, 'horizontal')}"/>` +
    `<rect x="226" y="-62" width="6" height="124" fill="${colors.slate500}" opacity="0.5"/>` +
    spline(322, 70, 24) +
    `</g>`
  );
}

export interface ControlArmLook {
  accent: string;
}

export function controlArm(c: SvgCanvas, look: ControlArmLook): string {
  const arm =
    'M-300,-120C-200,-128 60,-60 235,-40C300,-30 305,70 240,84C120,100 20,120 -70,200' +
    'C-110,236 -190,232 -200,180C-214,110 -180,60 -250,10C-320,-30 -340,-110 -300,-120Z';
  const body = c.linear(
    [
      [0, colors.slate600],
      [0.5, colors.slate700],
      [1, colors.slate900],
    ],
    [0, 0],
    [1, 1],
  );
  const bushing = (x: number, y: number, r: number) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.steel()}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r - 10}" fill="${colors.rubber}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.38}" fill="${c.steel()}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.18}" fill="${colors.slate900}"/>`;
  return (
    `<g transform="translate(0 -20) rotate(-6)">` +
    `<path d="${arm}" fill="${colors.slate900}" transform="translate(8 14)" opacity="0.35"/>` +
    `<path d="${arm}" fill="${body}" stroke="${colors.slate500}" stroke-width="4"/>` +
    `<path d="M-180,-40C-80,-20 40,0 150,20C110,50 0,80 -100,120C-130,60 -150,10 -180,-40Z" fill="${colors.slate900}" stroke="${colors.slate600}" stroke-width="5"/>` +
    bushing(-292, -78, 62) +
    bushing(-160, 178, 56) +
    `<circle cx="250" cy="22" r="62" fill="${c.steel()}"/>` +
    `<ellipse cx="250" cy="4" rx="44" ry="40" fill="${c.radial(
      [
        [0, shade(look.accent, 0.35)],
        [1, shade(look.accent, -0.35)],
      ],
      { cx: 0.4, cy: 0.35 },
    )}"/>` +
    `<polygon points="235,-26 265,-26 258,-110 242,-110" fill="${c.cylinder(colors.slate300)}"/>` +
    Array.from(
      { length: 6 },
      (_, i) =>
        `<line x1="242" y1="${-104 + i * 8}" x2="258" y2="${-100 + i * 8}" stroke="${colors.slate500}" stroke-width="2"/>`,
    ).join('') +
    `<rect x="232" y="-130" width="36" height="26" rx="4" fill="${c.cylinder(colors.slate400)}"/>` +
    `</g>`
  );
}
