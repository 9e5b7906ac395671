import { lettering } from './lettering';
import { colors, n, obliqueFace, obliquePoint, points, polar, ringPath, shade, type Point, type SvgCanvas } from './svg-kit';

/** Engine, filtration, cooling and exhaust parts. Every drawing is centred on the origin. */

export interface ConeFilterLook {
  media: string;
  rotate: number;
}

export function coneFilter(c: SvgCanvas, look: ConeFilterLook): string {
  const pleats = 18;
  const strips = Array.from({ length: pleats }, (_, k) => {
    const base = (i: number) => -160 + (320 * i) / pleats;
    const tip = (i: number) => -112 + (224 * i) / pleats;
    const quad: Point[] = [
      [-235, base(k)],
      [190, tip(k)],
      [190, tip(k + 1)],
      [-235, base(k + 1)],
    ];
    return `<polygon points="${points(quad)}" fill="${k % 2 === 0 ? look.media : shade(look.media, -0.28)}"/>`;
  }).join('');
  const body: Point[] = [
    [-235, -160],
    [190, -112],
    [190, 112],
    [-235, 160],
  ];
  const roundness = c.linear([
    [0, colors.slate900, 0.35],
    [0.22, colors.white, 0.3],
    [0.45, colors.white, 0],
    [1, colors.slate900, 0.45],
  ]);
  const mesh = c.clip(`<polygon points="${points(body)}"/>`);
  const meshLines = Array.from({ length: 40 }, (_, i) => {
    const x = -420 + i * 22;
    return `<line x1="${x}" y1="-170" x2="${x + 340}" y2="170"/><line x1="${x + 340}" y1="-170" x2="${x}" y2="170"/>`;
  }).join('');
  const rubber = c.cylinder('#3f3f46', 'horizontal');
  return (
    `<g transform="rotate(${look.rotate}) translate(30 0)">` +
    `<rect x="-335" y="-94" width="110" height="188" rx="10" fill="${rubber}"/>` +
    `<rect x="-312" y="-100" width="34" height="200" rx="6" fill="${c.cylinder(colors.slate300, 'horizontal')}"/>` +
    `<rect x="-272" y="-80" width="14" height="40" rx="3" fill="${colors.slate500}" transform="translate(0 -36)"/>` +
    `<ellipse cx="-235" rx="34" ry="168" fill="${c.cylinder(colors.rubber, 'horizontal')}"/>` +
    strips +
    `<g clip-path="${mesh}" stroke="${colors.slate900}" stroke-width="1.5" opacity="0.18">${meshLines}</g>` +
    `<polygon points="${points(body)}" fill="${roundness}"/>` +
    `<ellipse cx="190" rx="34" ry="118" fill="${c.cylinder(colors.rubber, 'horizontal')}"/>` +
    `<ellipse cx="198" rx="26" ry="96" fill="${c.steel([0, 0], [1, 1])}"/>` +
    `<ellipse cx="198" rx="10" ry="34" fill="${look.media}"/>` +
    `</g>`
  );
}

export interface PanelFilterLook {
  frame: string;
  media: string;
}

export function panelFilter(c: SvgCanvas, look: PanelFilterLook): string {
  const w = 260;
  const d = 190;
  const h = 48;
  const inset = 26;
  const pleatCount = 22;
  const pleatWidth = (2 * (w - inset)) / pleatCount;
  const pleats = Array.from({ length: pleatCount }, (_, k) => {
    const x0 = -w + inset + k * pleatWidth;
    return `<polygon points="${obliqueFace([
      [x0, h - 6, -d + inset],
      [x0 + pleatWidth, h - 6, -d + inset],
      [x0 + pleatWidth, h - 6, d - inset],
      [x0, h - 6, d - inset],
    ])}" fill="${k % 2 === 0 ? look.media : shade(look.media, -0.22)}"/>`;
  }).join('');
  const zigzag = Array.from({ length: pleatCount * 2 + 1 }, (_, i) =>
    obliquePoint(-w + inset + (i * pleatWidth) / 2, i % 2 === 0 ? 10 : h - 10, -d),
  );
  return (
    `<g transform="translate(-40 30) scale(1.08)">` +
    `<polygon points="${obliqueFace([
      [w, 0, -d],
      [w, 0, d],
      [w, h, d],
      [w, h, -d],
    ])}" fill="${shade(look.frame, -0.45)}"/>` +
    `<polygon points="${obliqueFace([
      [-w, 0, -d],
      [w, 0, -d],
      [w, h, -d],
      [-w, h, -d],
    ])}" fill="${shade(look.frame, -0.2)}"/>` +
    `<polyline points="${points(zigzag)}" fill="none" stroke="${look.media}" stroke-width="4" stroke-linejoin="round"/>` +
    `<polygon points="${obliqueFace([
      [-w, h, -d],
      [w, h, -d],
      [w, h, d],
      [-w, h, d],
    ])}" fill="${look.frame}"/>` +
    `<polygon points="${obliqueFace([
      [-w + inset, h, -d + inset],
      [w - inset, h, -d + inset],
      [w - inset, h, d - inset],
      [-w + inset, h, d - inset],
    ])}" fill="${shade(look.frame, -0.35)}"/>` +
    pleats +
    Array.from({ length: pleatCount }, (_, k) => {
      const x = -w + inset + (k + 0.5) * pleatWidth;
      const [x1, y1] = obliquePoint(x, h - 6, -d + inset);
      const [x2, y2] = obliquePoint(x, h - 6, d - inset);
      return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${colors.white}" stroke-width="1.5" opacity="0.35"/>`;
    }).join('') +
    `</g>`
  );
}

export interface OilFilterLook {
  body: string;
  rotate: number;
}

export function oilFilter(c: SvgCanvas, look: OilFilterLook): string {
  const body = c.cylinder(look.body);
  const holes = Array.from({ length: 8 }, (_, i) => {
    const [x, y] = polar(58, i * 45 + 22);
    return `<ellipse cx="${n(x)}" cy="${n(-190 + y * 0.29)}" rx="11" ry="4" fill="${colors.slate800}"/>`;
  }).join('');
  const flutes = Array.from({ length: 14 }, (_, i) => {
    const x = -104 + i * 16;
    return `<rect x="${x}" y="156" width="7" height="62" rx="3.5" fill="${shade(look.body, -0.4)}" opacity="0.55"/>`;
  }).join('');
  return (
    `<g transform="rotate(${look.rotate}) translate(0 -10)">` +
    `<ellipse cy="212" rx="120" ry="36" fill="${body}"/>` +
    `<rect x="-120" y="-190" width="240" height="402" fill="${body}"/>` +
    flutes +
    `<rect x="-120" y="-40" width="240" height="130" fill="${c.cylinder(colors.slate100)}"/>` +
    `<rect x="-120" y="-40" width="240" height="10" fill="${shade(look.body, -0.3)}" opacity="0.6"/>` +
    lettering('GEARHOUSE', 0, 22, 22, { color: colors.slate800, anchor: 'middle', weight: 0.16 }) +
    lettering('OIL', 0, 70, 28, { color: look.body, anchor: 'middle', weight: 0.2 }) +
    `<ellipse cy="-190" rx="120" ry="36" fill="${c.steel([0, 0], [1, 0.4])}"/>` +
    `<ellipse cy="-190" rx="112" ry="32" fill="none" stroke="${colors.slate500}" stroke-width="3"/>` +
    `<ellipse cy="-190" rx="92" ry="26" fill="none" stroke="${colors.rubber}" stroke-width="12"/>` +
    holes +
    `<ellipse cy="-190" rx="26" ry="8" fill="${colors.slate900}"/>` +
    `<ellipse cy="-192" rx="26" ry="8" fill="none" stroke="${colors.slate500}" stroke-width="2" stroke-dasharray="4 3"/>` +
    `</g>`
  );
}

function sparkPlug(c: SvgCanvas, accent: string): string {
  const ceramic = c.cylinder(colors.slate100);
  const steel = c.cylinder(colors.slate300);
  const ribs = [-206, -184, -162, -140]
    .map((y) => `<rect x="-29" y="${y}" width="58" height="14" rx="7" fill="${ceramic}"/>`)
    .join('');
  const threads = Array.from({ length: 14 }, (_, i) => {
    const y = 48 + i * 9;
    return `<line x1="-33" y1="${y}" x2="33" y2="${y + 5}" stroke="${colors.slate500}" stroke-width="2.5"/>`;
  }).join('');
  return (
    `<rect x="-14" y="-250" width="28" height="40" rx="7" fill="${steel}"/>` +
    `<rect x="-14" y="-234" width="28" height="4" fill="${colors.slate500}"/>` +
    `<path d="M-24,-214L24,-214L24,-62L36,-40L-36,-40L-24,-62Z" fill="${ceramic}"/>` +
    ribs +
    `<rect x="-24" y="-112" width="48" height="10" fill="${accent}"/>` +
    `<rect x="-54" y="-42" width="108" height="64" rx="6" fill="${colors.slate400}"/>` +
    `<rect x="-54" y="-42" width="32" height="64" rx="6" fill="${colors.slate500}"/>` +
    `<rect x="-20" y="-42" width="40" height="64" fill="${colors.slate200}"/>` +
    `<rect x="-40" y="22" width="80" height="14" fill="${steel}"/>` +
    `<rect x="-46" y="36" width="92" height="8" rx="3" fill="${colors.slate500}"/>` +
    `<rect x="-33" y="44" width="66" height="130" fill="${steel}"/>` +
    threads +
    `<rect x="-11" y="174" width="22" height="14" rx="4" fill="${colors.slate100}"/>` +
    `<rect x="-3" y="186" width="6" height="18" fill="${colors.slate400}"/>` +
    `<path d="M27,172L27,212Q27,220 19,220L-9,220" fill="none" stroke="${colors.slate400}" stroke-width="10" stroke-linejoin="round"/>`
  );
}

export interface SparkPlugLook {
  count: 1 | 4;
  accent: string;
}

export function sparkPlugs(c: SvgCanvas, look: SparkPlugLook): string {
  if (look.count === 1) return `<g transform="rotate(38) scale(1.05)">${sparkPlug(c, look.accent)}</g>`;
  return [-195, -65, 65, 195]
    .map(
      (x, i) =>
        `<g transform="translate(${x} ${i % 2 === 0 ? 0 : 16}) rotate(${(i - 1.5) * 4})">${sparkPlug(c, look.accent)}</g>`,
    )
    .join('');
}

interface Pulley {
  x: number;
  y: number;
  r: number;
}

/**
 * A belt wrapped clockwise around pulleys listed in clockwise order (all on the outside of the belt
 * loop): straight runs along the outer common tangents, arcs around each pulley. `offset` grows
 * every radius, which traces the belt's centre line or its edges.
 */
function beltPath(pulleys: readonly Pulley[], offset: number): string {
  const grown = pulleys.map((p) => ({ ...p, r: p.r + offset }));
  const count = grown.length;
  const tangents = grown.map((a, i) => {
    const b = grown[(i + 1) % count] ?? a;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const distance = Math.hypot(dx, dy);
    const ux = dx / distance;
    const uy = dy / distance;
    const along = (a.r - b.r) / distance;
    const across = Math.sqrt(1 - along * along);
    const nx = ux * along + uy * across;
    const ny = uy * along - ux * across;
    return {
      from: [a.x + a.r * nx, a.y + a.r * ny] as Point,
      to: [b.x + b.r * nx, b.y + b.r * ny] as Point,
      angle: Math.atan2(ny, nx),
    };
  });
  const first = tangents[0];
  if (!first) return '';
  let d = `M${n(first.from[0])},${n(first.from[1])}`;
  tangents.forEach((tangent, i) => {
    const next = tangents[(i + 1) % count] ?? first;
    const pulley = grown[(i + 1) % count] ?? grown[0];
    const sweep = (((next.angle - tangent.angle) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    d += `L${n(tangent.to[0])},${n(tangent.to[1])}`;
    d += `A${n(pulley?.r ?? 0)},${n(pulley?.r ?? 0)} 0 ${sweep > Math.PI ? 1 : 0},1 ${n(next.from[0])},${n(next.from[1])}`;
  });
  return `${d}Z`;
}

function sprocket(c: SvgCanvas, p: Pulley, faded: boolean): string {
  const holes = Array.from({ length: 4 }, (_, i) => {
    const [x, y] = polar(p.r * 0.55, i * 90 + 45, p.x, p.y);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(p.r * 0.16)}" fill="${colors.slate500}"/>`;
  }).join('');
  return (
    `<g opacity="${faded ? 0.55 : 1}">` +
    `<circle cx="${p.x}" cy="${p.y}" r="${p.r}" fill="${c.radial([
      [0, colors.slate100],
      [1, colors.slate300],
    ])}"/>` +
    `<circle cx="${p.x}" cy="${p.y}" r="${p.r - 5}" fill="none" stroke="${colors.slate400}" stroke-width="10" stroke-dasharray="6 5"/>` +
    holes +
    `<circle cx="${p.x}" cy="${p.y}" r="${n(p.r * 0.22)}" fill="${colors.slate400}"/>` +
    `<circle cx="${p.x}" cy="${p.y}" r="${n(p.r * 0.1)}" fill="${colors.slate700}"/></g>`
  );
}

function idlerPulley(c: SvgCanvas, p: Pulley, color: string): string {
  return (
    `<circle cx="${p.x}" cy="${p.y}" r="${p.r}" fill="${c.radial(
      [
        [0, shade(color, 0.4)],
        [0.7, color],
        [1, shade(color, -0.35)],
      ],
      { fx: 0.4, fy: 0.35 },
    )}"/>` +
    `<path d="${ringPath(p.x, p.y, p.r * 0.55, p.r * 0.38)}" fill-rule="evenodd" fill="${colors.slate700}"/>` +
    `<circle cx="${p.x}" cy="${p.y}" r="${n(p.r * 0.36)}" fill="${c.steel()}"/>` +
    `<circle cx="${p.x}" cy="${p.y}" r="${n(p.r * 0.14)}" fill="${colors.slate800}"/>`
  );
}

function belt(pulleys: readonly Pulley[], width: number, ribbed: boolean): string {
  const half = width / 2;
  const detail = ribbed
    ? [0.3, 0.5, 0.7]
        .map((f) => `<path d="${beltPath(pulleys, width * f)}" fill="none" stroke="#374151" stroke-width="2"/>`)
        .join('')
    : `<path d="${beltPath(pulleys, 2)}" fill="none" stroke="${colors.slate900}" stroke-width="5" stroke-dasharray="7 6"/>`;
  return (
    `<path d="${beltPath(pulleys, half)}" fill="none" stroke="#1f2937" stroke-width="${width}" stroke-linejoin="round"/>` +
    detail +
    `<path d="${beltPath(pulleys, width - 1.5)}" fill="none" stroke="${colors.slate500}" stroke-width="2" opacity="0.8"/>`
  );
}

export interface BeltKitLook {
  accent: string;
}

/** The belt, tensioner and idler of a timing kit, shown on faded cam and crank sprockets. */
export function timingBeltKit(c: SvgCanvas, look: BeltKitLook): string {
  const cam1 = { x: -150, y: -150, r: 92 };
  const cam2 = { x: 150, y: -150, r: 92 };
  const tensioner = { x: 208, y: 70, r: 44 };
  const crank = { x: 0, y: 196, r: 58 };
  const idler = { x: -205, y: 70, r: 42 };
  const arm = `<path d="M${tensioner.x},${tensioner.y}L${tensioner.x - 80},${tensioner.y + 20}" stroke="${colors.slate500}" stroke-width="40" stroke-linecap="round"/>`;
  return (
    `<g transform="translate(0 -10)">` +
    sprocket(c, cam1, true) +
    sprocket(c, cam2, true) +
    sprocket(c, crank, true) +
    arm +
    idlerPulley(c, tensioner, look.accent) +
    idlerPulley(c, idler, colors.slate300) +
    belt([cam1, cam2, tensioner, crank, idler], 26, false) +
    `</g>`
  );
}

export interface SerpentineBeltLook {
  accent: string;
}

/** A ribbed belt lying loose, seen from above at an angle, with its paper sleeve label. */
export function serpentineBelt(_c: SvgCanvas, look: SerpentineBeltLook): string {
  const loop: Pulley[] = [
    { x: -240, y: -40, r: 110 },
    { x: 40, y: -170, r: 90 },
    { x: 270, y: -20, r: 100 },
    { x: 120, y: 180, r: 80 },
    { x: -160, y: 170, r: 90 },
  ];
  return (
    `<g transform="translate(0 20) scale(1 0.62) rotate(-6)">` +
    `<g transform="translate(0 16)"><path d="${beltPath(loop, 22)}" fill="none" stroke="${colors.rubber}" stroke-width="44"/></g>` +
    belt(loop, 44, true) +
    `<g transform="translate(-40 -268) rotate(-12)"><rect x="-44" y="-30" width="88" height="86" rx="4" fill="${look.accent}"/>` +
    `<g transform="scale(1 1.6)">${lettering('6PK', 0, 17, 18, { color: colors.white, anchor: 'middle', weight: 0.2 })}</g></g>` +
    `</g>`
  );
}

export interface RadiatorLook {
  accent: string;
}

export function radiator(c: SvgCanvas, look: RadiatorLook): string {
  const left = -240;
  const right = 200;
  const top = -175;
  const bottom = 155;
  const fins = Array.from(
    { length: Math.floor((right - left) / 5) },
    (_, i) => `<line x1="${left + i * 5}" y1="${top}" x2="${left + i * 5}" y2="${bottom}"/>`,
  ).join('');
  const tubes = Array.from(
    { length: Math.floor((bottom - top) / 22) + 1 },
    (_, i) => `<rect x="${left}" y="${top + i * 22 - 2}" width="${right - left}" height="5"/>`,
  ).join('');
  const tank = c.cylinder(colors.slate800);
  const pipe = c.cylinder(colors.slate700, 'horizontal');
  return (
    `<g transform="translate(0 10)">` +
    `<polygon points="${points([
      [right, top],
      [right + 36, top - 26],
      [right + 36, bottom - 26],
      [right, bottom],
    ])}" fill="${colors.slate500}"/>` +
    `<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="${colors.slate300}"/>` +
    `<g stroke="${colors.slate400}" stroke-width="1.6">${fins}</g>` +
    `<g fill="${colors.slate500}">${tubes}</g>` +
    `<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="${c.linear(
      [
        [0, colors.white, 0.35],
        [0.5, colors.white, 0],
        [1, colors.slate900, 0.2],
      ],
      [0, 0],
      [1, 1],
    )}"/>` +
    `<rect x="-360" y="-170" width="110" height="46" fill="${pipe}"/>` +
    `<rect x="${right + 30}" y="96" width="104" height="46" fill="${pipe}"/>` +
    `<rect x="${left - 52}" y="${top - 30}" width="56" height="${bottom - top + 60}" rx="16" fill="${tank}"/>` +
    `<rect x="${right - 4}" y="${top - 30}" width="56" height="${bottom - top + 60}" rx="16" fill="${tank}"/>` +
    `<rect x="${right + 6}" y="${top - 62}" width="36" height="40" fill="${c.cylinder(colors.slate300)}"/>` +
    `<rect x="${right - 4}" y="${top - 80}" width="56" height="24" rx="8" fill="${c.cylinder(look.accent)}"/>` +
    [left - 24, right + 24]
      .map((x) => `<rect x="${x - 8}" y="${bottom + 28}" width="16" height="30" rx="5" fill="${colors.slate600}"/>`)
      .join('') +
    `</g>`
  );
}

export interface WaterPumpLook {
  accent: string;
}

function lobedOutline(radius: number, lobe: number, lobes: number, stretch: number): Point[] {
  return Array.from({ length: 180 }, (_, i) => {
    const angle = i * 2;
    const bulge = Math.max(0, Math.cos(((angle + 90) * lobes * Math.PI) / 180)) ** 4;
    const [x, y] = polar(radius + lobe * bulge, angle);
    return [x * stretch, y];
  });
}

export function waterPump(c: SvgCanvas, look: WaterPumpLook): string {
  const flange = lobedOutline(150, 46, 5, 1.25);
  const holes = Array.from({ length: 5 }, (_, i) => {
    const [x, y] = polar(176, i * 72 - 90);
    return `<circle cx="${n(x * 1.25)}" cy="${n(y)}" r="13" fill="${colors.slate800}"/>`;
  }).join('');
  const hubHoles = Array.from({ length: 4 }, (_, i) => {
    const [x, y] = polar(44, i * 90 + 45, 30, -10);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="9" fill="${colors.slate700}"/>`;
  }).join('');
  const aluminium = c.linear(
    [
      [0, colors.slate100],
      [0.5, colors.slate300],
      [1, colors.slate400],
    ],
    [0, 0],
    [1, 1],
  );
  return (
    `<g transform="rotate(-8) translate(-10 0)">` +
    `<polygon points="${points(flange.map(([x, y]) => [x - 14, y + 12] as const))}" fill="${look.accent}"/>` +
    `<polygon points="${points(flange)}" fill="${aluminium}" stroke="${colors.slate400}" stroke-width="3"/>` +
    holes +
    `<g transform="rotate(35 0 0)"><rect x="-40" y="60" width="80" height="170" rx="10" fill="${c.cylinder(colors.slate300)}"/>` +
    `<ellipse cx="0" cy="230" rx="40" ry="14" fill="${colors.slate600}"/><ellipse cx="0" cy="230" rx="28" ry="9" fill="${colors.slate900}"/></g>` +
    `<circle cx="14" cy="10" r="104" fill="${colors.slate500}"/>` +
    `<circle r="100" fill="${c.radial(
      [
        [0, colors.slate100],
        [1, colors.slate400],
      ],
      { fx: 0.35, fy: 0.3 },
    )}"/>` +
    `<rect x="0" y="-32" width="40" height="44" fill="${c.cylinder(colors.slate400)}" transform="rotate(-30)"/>` +
    `<circle cx="36" cy="-6" r="70" fill="${colors.slate600}"/>` +
    `<circle cx="30" cy="-10" r="70" fill="${c.steel()}"/>` +
    hubHoles +
    `<circle cx="30" cy="-10" r="18" fill="${colors.slate500}"/><circle cx="30" cy="-10" r="8" fill="${colors.slate800}"/>` +
    `</g>`
  );
}

export interface IgnitionCoilLook {
  accent: string;
}

function ignitionCoil(c: SvgCanvas, accent: string): string {
  const head = c.linear([
    [0, colors.slate600],
    [1, colors.slate900],
  ]);
  return (
    `<rect x="-124" y="-232" width="60" height="54" rx="8" fill="${colors.slate900}"/>` +
    `<rect x="-114" y="-246" width="36" height="16" rx="4" fill="${accent}"/>` +
    `<rect x="60" y="-214" width="80" height="44" rx="22" fill="${colors.slate700}"/>` +
    `<circle cx="114" cy="-192" r="15" fill="${c.steel()}"/><circle cx="114" cy="-192" r="7" fill="${colors.slate900}"/>` +
    `<rect x="-74" y="-256" width="148" height="110" rx="18" fill="${head}"/>` +
    `<rect x="-60" y="-244" width="120" height="8" rx="4" fill="${accent}"/>` +
    `<rect x="-32" y="-150" width="64" height="290" fill="${c.cylinder(colors.slate700)}"/>` +
    `<rect x="-32" y="-60" width="64" height="56" fill="${c.cylinder(colors.slate100)}"/>` +
    `<g transform="translate(0 -32) rotate(-90)">${lettering('GH', 0, 8, 16, { color: colors.slate800, anchor: 'middle', weight: 0.2 })}</g>` +
    `<path d="M-42,140L42,140L32,250Q30,262 18,262L-18,262Q-30,262 -32,250Z" fill="${c.cylinder('#27272a')}"/>` +
    [160, 184, 208].map((y) => `<rect x="-40" y="${y}" width="80" height="8" rx="4" fill="#3f3f46"/>`).join('')
  );
}

export function ignitionCoils(c: SvgCanvas, look: IgnitionCoilLook): string {
  return (
    `<g transform="translate(-130 10) rotate(-10) scale(0.95)">${ignitionCoil(c, look.accent)}</g>` +
    `<g transform="translate(140 30) rotate(8) scale(0.95)">${ignitionCoil(c, look.accent)}</g>`
  );
}

export interface ClutchKitLook {
  accent: string;
  flywheel?: boolean;
}

function pressurePlate(c: SvgCanvas): string {
  const fingers = Array.from({ length: 18 }, (_, i) => {
    const a = i * 20;
    const quad = [polar(52, a - 4), polar(120, a - 6.5), polar(120, a + 6.5), polar(52, a + 4)];
    return `<polygon points="${points(quad)}" fill="${colors.slate200}" stroke="${colors.slate500}" stroke-width="1.5"/>`;
  }).join('');
  const rivets = Array.from({ length: 6 }, (_, i) => {
    const [x, y] = polar(162, i * 60 + 30);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="9" fill="${colors.slate600}"/>`;
  }).join('');
  return (
    `<circle cx="10" cy="12" r="196" fill="${colors.slate700}"/>` +
    `<circle r="196" fill="${c.steel()}"/>` +
    `<circle r="132" fill="${colors.slate800}"/>` +
    fingers +
    rivets +
    `<circle r="44" fill="${colors.slate900}"/>`
  );
}

function clutchDisc(c: SvgCanvas, accent: string): string {
  const grooves = Array.from({ length: 12 }, (_, i) => {
    const [x1, y1] = polar(104, i * 30 + 8);
    const [x2, y2] = polar(158, i * 30 + 8);
    return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="#44403c" stroke-width="4"/>`;
  }).join('');
  const rivets = [118, 144]
    .flatMap((r, ring) =>
      Array.from({ length: 12 }, (_, i) => {
        const [x, y] = polar(r, i * 30 + 22 + ring * 6);
        return `<circle cx="${n(x)}" cy="${n(y)}" r="4.5" fill="${colors.slate400}"/>`;
      }),
    )
    .join('');
  const springs = Array.from({ length: 6 }, (_, i) => {
    const angle = i * 60;
    const [x, y] = polar(66, angle);
    const coils = [-14, -7, 0, 7, 14]
      .map((dx) => `<line x1="${dx}" y1="-9" x2="${dx + 3}" y2="9" stroke="${shade(accent, -0.4)}" stroke-width="2"/>`)
      .join('');
    return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle + 90})"><rect x="-20" y="-11" width="40" height="22" rx="10" fill="${accent}"/>${coils}</g>`;
  }).join('');
  return (
    `<circle cx="8" cy="10" r="162" fill="${colors.slate800}" opacity="0.5"/>` +
    `<path d="${ringPath(0, 0, 160, 100)}" fill-rule="evenodd" fill="${c.radial([
      [0.6, '#78716c'],
      [1, '#57534e'],
    ])}"/>` +
    grooves +
    rivets +
    `<circle r="100" fill="${c.steel()}"/>` +
    springs +
    `<circle r="36" fill="${colors.slate600}"/>` +
    `<circle r="20" fill="${colors.slate900}" stroke="${colors.slate400}" stroke-width="3" stroke-dasharray="3 3"/>`
  );
}

export function clutchKit(c: SvgCanvas, look: ClutchKitLook): string {
  const flywheel = look.flywheel
    ? `<g transform="translate(-70 -30)"><circle r="232" fill="${colors.slate600}"/>` +
      `<circle r="226" fill="none" stroke="${colors.slate400}" stroke-width="14" stroke-dasharray="5 4"/>` +
      `<circle r="212" fill="${c.radial([
        [0, colors.slate300],
        [1, colors.slate500],
      ])}"/></g>`
    : '';
  return (
    flywheel +
    `<g transform="translate(-100 -40) scale(0.92)">${pressurePlate(c)}</g>` +
    `<g transform="translate(150 80) scale(0.92)">${clutchDisc(c, look.accent)}</g>` +
    `<g transform="translate(270 -170)"><circle r="56" fill="${c.steel()}"/><circle r="40" fill="${look.accent}"/><circle r="26" fill="${colors.slate800}"/></g>`
  );
}

export interface SensorLook {
  accent: string;
}

export function oxygenSensor(c: SvgCanvas, look: SensorLook): string {
  const steel = c.cylinder(colors.slate300, 'horizontal');
  const slots = [-290, -262, -234]
    .map((x) => `<rect x="${x}" y="-12" width="16" height="24" rx="6" fill="${colors.slate700}"/>`)
    .join('');
  const threads = Array.from(
    { length: 9 },
    (_, i) => `<line x1="${-196 + i * 9}" y1="-38" x2="${-191 + i * 9}" y2="38" stroke="${colors.slate500}" stroke-width="2.5"/>`,
  ).join('');
  return (
    `<g transform="translate(20 40) rotate(24)">` +
    `<path d="M30,0C170,0 170,-170 60,-180C-40,-190 -40,-300 120,-290C220,-284 250,-240 270,-210" fill="none" stroke="${colors.rubber}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M30,-3C170,-3 166,-170 60,-183" fill="none" stroke="${colors.slate600}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="-310" y="-30" width="112" height="60" rx="12" fill="${steel}"/>` +
    slots +
    `<rect x="-200" y="-38" width="84" height="76" fill="${steel}"/>` +
    threads +
    `<rect x="-120" y="-56" width="62" height="112" rx="6" fill="${colors.slate400}"/>` +
    `<rect x="-120" y="-20" width="62" height="40" fill="${colors.slate200}"/>` +
    `<rect x="-60" y="-34" width="100" height="68" rx="8" fill="${steel}"/>` +
    `<g transform="translate(292 -190) rotate(-30)"><rect x="-52" y="-34" width="104" height="68" rx="12" fill="${c.cylinder(look.accent, 'horizontal')}"/>` +
    `<rect x="-30" y="-44" width="60" height="14" rx="5" fill="${shade(look.accent, -0.35)}"/></g>` +
    `</g>`
  );
}

export interface MufflerLook {
  accent: string;
}

export function muffler(c: SvgCanvas, look: MufflerLook): string {
  const shell = c.cylinder(colors.slate300, 'horizontal');
  const pipe = c.cylinder(colors.slate400, 'horizontal');
  return (
    `<g transform="rotate(-6)">` +
    `<rect x="-360" y="26" width="150" height="56" fill="${pipe}"/>` +
    `<ellipse cx="-360" cy="54" rx="12" ry="28" fill="${colors.slate500}"/>` +
    `<ellipse cx="-230" rx="56" ry="136" fill="${shell}"/>` +
    `<rect x="-230" y="-136" width="430" height="272" fill="${shell}"/>` +
    [-190, 160]
      .map((x) => `<path d="M${x},-136A40,136 0 0,1 ${x},136" fill="none" stroke="${colors.slate500}" stroke-width="4"/>`)
      .join('') +
    `<ellipse cx="200" rx="56" ry="136" fill="${c.radial([
      [0, colors.slate100],
      [1, colors.slate400],
    ])}" stroke="${colors.slate500}" stroke-width="8"/>` +
    `<rect x="200" y="-58" width="140" height="64" fill="${pipe}"/>` +
    `<rect x="300" y="-64" width="58" height="76" rx="4" fill="${c.cylinder(colors.slate200, 'horizontal')}"/>` +
    `<rect x="306" y="-64" width="10" height="76" fill="${look.accent}"/>` +
    `<ellipse cx="358" cy="-26" rx="16" ry="38" fill="${colors.slate500}"/><ellipse cx="360" cy="-26" rx="11" ry="31" fill="${colors.slate900}"/>` +
    [-120, 90].map((x) => `<rect x="${x}" y="-176" width="12" height="46" rx="6" fill="${colors.slate500}"/>`).join('') +
    `</g>`
  );
}

export interface OilJugLook {
  body: string;
  accent: string;
  grade: string;
}

export function oilJug(c: SvgCanvas, look: OilJugLook): string {
  const outline =
    'M-170,-110Q-170,-150 -130,-156L-130,-196L-70,-196L-70,-160L40,-172L40,-250Q40,-266 56,-266L136,-266Q152,-266 152,-250' +
    'L152,200Q152,230 122,230L-140,230Q-170,230 -170,200Z';
  const handleHole =
    'M68,-236L126,-236Q132,-236 132,-230L132,-178Q132,-172 126,-172L68,-172Q62,-172 62,-178L62,-230Q62,-236 68,-236Z';
  const depth = Array.from({ length: 12 }, (_, i) => {
    const step = 12 - i;
    return `<path d="${outline}${handleHole}" fill-rule="evenodd" fill="${shade(look.body, -0.45)}" transform="translate(${step * 5} ${-step * 3})"/>`;
  }).join('');
  return (
    `<g transform="translate(-20 20)">` +
    depth +
    `<path d="${outline}${handleHole}" fill-rule="evenodd" fill="${c.linear(
      [
        [0, shade(look.body, 0.25)],
        [1, shade(look.body, -0.2)],
      ],
      [0, 0],
      [1, 0],
    )}"/>` +
    `<rect x="-142" y="-236" width="84" height="46" rx="8" fill="${c.cylinder(look.accent)}"/>` +
    [-128, -112, -96, -80]
      .map((x) => `<rect x="${x}" y="-232" width="6" height="38" rx="3" fill="${shade(look.accent, -0.3)}"/>`)
      .join('') +
    `<rect x="-170" y="-40" width="322" height="170" fill="${look.accent}"/>` +
    lettering(look.grade, -9, 58, 58, { color: colors.white, anchor: 'middle', weight: 0.17 }) +
    lettering('GEARHOUSE', -9, 104, 18, { color: colors.white, anchor: 'middle', weight: 0.16 }) +
    lettering('5L', -9, 190, 30, { color: colors.slate300, anchor: 'middle', weight: 0.18 }) +
    `</g>`
  );
}

export interface DrainPlugLook {
  washer: string;
}

export function drainPlug(c: SvgCanvas, look: DrainPlugLook): string {
  const steel = c.cylinder(colors.slate300);
  const washerTop = c.linear([
    [0, shade(look.washer, 0.45)],
    [1, shade(look.washer, -0.1)],
  ]);
  const threads = Array.from({ length: 13 }, (_, i) => {
    const y = -36 + i * 12;
    return `<line x1="-42" y1="${y}" x2="42" y2="${y + 7}" stroke="${colors.slate500}" stroke-width="3"/>`;
  }).join('');
  const washer = (cx: number, cy: number, scale: number) =>
    `<g transform="translate(${cx} ${cy}) scale(${scale})">` +
    `<ellipse cy="8" rx="88" ry="26" fill="${shade(look.washer, -0.35)}"/>` +
    `<path d="${ringPath(0, 0, 88, 52)}" fill-rule="evenodd" fill="${washerTop}" transform="scale(1 0.3)"/></g>`;
  return (
    washer(170, 170, 0.7) +
    `<g transform="translate(-40 -10) rotate(-18) scale(1.2)">` +
    washer(0, -44, 1) +
    `<rect x="-42" y="-50" width="84" height="180" fill="${steel}"/>` +
    threads +
    `<rect x="-32" y="128" width="64" height="24" rx="8" fill="${colors.slate800}"/>` +
    `<path d="M-88,-44A88,26 0 0,0 88,-44L88,-36A88,26 0 0,1 -88,-36Z" fill="${shade(look.washer, -0.2)}"/>` +
    `<rect x="-96" y="-84" width="192" height="26" rx="6" fill="${steel}"/>` +
    `<rect x="-80" y="-170" width="160" height="90" rx="8" fill="${colors.slate400}"/>` +
    `<rect x="-80" y="-170" width="46" height="90" rx="8" fill="${colors.slate500}"/>` +
    `<rect x="-30" y="-170" width="60" height="90" fill="${colors.slate200}"/>` +
    `<rect x="30" y="-170" width="50" height="90" rx="8" fill="${colors.slate400}"/>` +
    `</g>`
  );
}
