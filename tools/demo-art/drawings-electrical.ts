import { lettering } from './lettering';
import { colors, n, obliqueFace, obliquePoint, polar, shade, type SvgCanvas } from './svg-kit';

/** Charging, starting, lighting and wipers. Every drawing is centred on the origin. */

export interface AlternatorLook {
  accent: string;
}

export function alternator(c: SvgCanvas, look: AlternatorLook): string {
  const aluminium = c.radial(
    [
      [0, colors.slate100],
      [0.7, colors.slate300],
      [1, colors.slate400],
    ],
    { fx: 0.38, fy: 0.32 },
  );
  const slots = Array.from({ length: 10 }, (_, i) => {
    const angle = i * 36 + 18;
    return `<rect x="104" y="-9" width="50" height="18" rx="9" fill="${colors.slate800}" transform="rotate(${angle})"/>`;
  }).join('');
  const ear = (angle: number) => {
    const [x, y] = polar(214, angle);
    return (
      `<line x1="0" y1="0" x2="${n(x)}" y2="${n(y)}" stroke="${colors.slate400}" stroke-width="58" stroke-linecap="round"/>` +
      `<circle cx="${n(x)}" cy="${n(y)}" r="14" fill="${colors.slate800}"/>`
    );
  };
  const grooves = [64, 56, 48, 40]
    .map((r) => `<circle r="${r}" fill="none" stroke="${colors.slate800}" stroke-width="3" opacity="0.7"/>`)
    .join('');
  const hex = Array.from({ length: 6 }, (_, i) => polar(24, i * 60));
  return (
    `<g transform="translate(-20 0)">` +
    `<rect x="130" y="-150" width="86" height="70" rx="10" fill="${colors.slate800}"/>` +
    `<rect x="150" y="-186" width="46" height="44" rx="14" fill="${c.cylinder(look.accent)}"/>` +
    `<rect x="140" y="-120" width="66" height="28" rx="4" fill="${colors.slate100}"/>` +
    lettering('120A', 173, -99, 14, { color: colors.slate800, anchor: 'middle', weight: 0.2 }) +
    ear(-140) +
    ear(40) +
    `<circle cx="30" cy="24" r="172" fill="${colors.slate500}"/>` +
    `<circle r="172" fill="${aluminium}"/>` +
    `<circle r="168" fill="none" stroke="${colors.slate400}" stroke-width="4"/>` +
    slots +
    `<circle cx="6" cy="6" r="94" fill="${colors.slate500}"/>` +
    `<circle r="92" fill="${c.radial([
      [0, colors.slate200],
      [1, colors.slate400],
    ])}"/>` +
    `<circle cx="8" cy="8" r="72" fill="${colors.slate900}" opacity="0.5"/>` +
    `<circle r="70" fill="${c.radial([
      [0, colors.slate500],
      [1, colors.slate700],
    ])}"/>` +
    grooves +
    `<polygon points="${hex.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${c.steel()}"/>` +
    `<circle r="8" fill="${colors.slate800}"/>` +
    `</g>`
  );
}

export interface StarterLook {
  accent: string;
}

export function starterMotor(c: SvgCanvas, look: StarterLook): string {
  const aluminium = c.linear([
    [0, colors.slate100],
    [0.5, colors.slate300],
    [1, colors.slate500],
  ]);
  const gearTeeth = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${186 + i * 6}" y="-48" width="3" height="96" fill="${colors.slate500}"/>`,
  ).join('');
  return (
    `<g transform="translate(10 20) rotate(-4)">` +
    `<rect x="-250" y="-90" width="300" height="180" rx="24" fill="${c.cylinder(colors.slate700, 'horizontal')}"/>` +
    `<ellipse cx="-250" rx="34" ry="90" fill="${c.cylinder(colors.slate400, 'horizontal')}"/>` +
    [-46, 46].map((y) => `<circle cx="-262" cy="${y}" r="9" fill="${colors.slate200}"/>`).join('') +
    `<rect x="-150" y="-90" width="16" height="180" fill="${look.accent}"/>` +
    lettering('1.4KW', -50, 14, 28, { color: colors.slate200, anchor: 'middle', weight: 0.16 }) +
    `<path d="M60,-104L150,-62L160,-56L160,56L150,62L60,104Z" fill="${aluminium}"/>` +
    `<rect x="40" y="-146" width="30" height="276" rx="12" fill="${c.cylinder(colors.slate300)}"/>` +
    [-120, 104].map((y) => `<circle cx="55" cy="${y}" r="10" fill="${colors.slate800}"/>`).join('') +
    `<rect x="160" y="-22" width="80" height="44" fill="${c.cylinder(colors.slate300, 'horizontal')}"/>` +
    `<rect x="182" y="-50" width="52" height="100" rx="6" fill="${c.cylinder(colors.slate300, 'horizontal')}"/>` +
    gearTeeth +
    `<rect x="-150" y="-196" width="204" height="100" rx="18" fill="${c.cylinder(colors.slate300, 'horizontal')}"/>` +
    `<ellipse cx="-150" cy="-146" rx="20" ry="50" fill="${colors.slate400}"/>` +
    `<rect x="-196" y="-180" width="40" height="16" rx="4" fill="${colors.slate400}"/>` +
    `<rect x="-220" y="-192" width="38" height="40" rx="12" fill="${c.cylinder(look.accent, 'horizontal')}"/>` +
    `<rect x="-190" y="-126" width="30" height="12" rx="4" fill="${colors.slate400}"/>` +
    `<circle cx="-194" cy="-120" r="10" fill="${colors.slate600}"/>` +
    `</g>`
  );
}

export interface BatteryLook {
  accent: string;
  technology: string;
  capacity: string;
}

export function battery(c: SvgCanvas, look: BatteryLook): string {
  const w = 230;
  const h = 250;
  const d = 120;
  const lid = 26;
  const [frontLeft, frontTop] = obliquePoint(-w, h, -d);
  const front = c.linear([
    [0, colors.slate700],
    [1, colors.slate900],
  ]);
  const post = (x: number, cap: string, sign: string) => {
    const [px, py] = obliquePoint(x, h, -d + 58);
    return (
      `<rect x="${n(px - 22)}" y="${n(py - 40)}" width="44" height="40" fill="${c.cylinder(cap)}"/>` +
      `<ellipse cx="${n(px)}" cy="${n(py)}" rx="22" ry="9" fill="${shade(cap, -0.3)}"/>` +
      `<ellipse cx="${n(px)}" cy="${n(py - 40)}" rx="22" ry="9" fill="${shade(cap, 0.35)}"/>` +
      lettering(sign, px + 48, py + 6, 22, { color: colors.slate200, anchor: 'middle', weight: 0.2 })
    );
  };
  const vents = Array.from({ length: 6 }, (_, i) => {
    const [x, y] = obliquePoint(-w + 70 + i * 64, h, d - 50);
    return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="16" ry="7" fill="${colors.slate700}"/>`;
  }).join('');
  const [h1x, h1y] = obliquePoint(-110, h, 0);
  const [h2x, h2y] = obliquePoint(110, h, 0);
  return (
    `<g transform="translate(-36 150)">` +
    `<polygon points="${obliqueFace([
      [w, 0, -d],
      [w, 0, d],
      [w, h, d],
      [w, h, -d],
    ])}" fill="${colors.slate900}"/>` +
    `<polygon points="${obliqueFace([
      [-w, h, -d],
      [w, h, -d],
      [w, h, d],
      [-w, h, d],
    ])}" fill="${c.linear([
      [0, colors.slate500],
      [1, colors.slate600],
    ])}"/>` +
    `<rect x="${n(frontLeft)}" y="${n(frontTop)}" width="${2 * w}" height="${h}" fill="${front}"/>` +
    `<rect x="${n(frontLeft)}" y="${n(frontTop)}" width="${2 * w}" height="${lid}" fill="${colors.slate600}"/>` +
    vents +
    `<path d="M${n(h1x)},${n(h1y)}Q${n((h1x + h2x) / 2)},${n((h1y + h2y) / 2 - 40)} ${n(h2x)},${n(h2y)}" fill="none" stroke="${colors.slate800}" stroke-width="14" stroke-linecap="round"/>` +
    post(-w + 64, look.accent, '+') +
    post(w - 64, colors.slate500, '-') +
    `<rect x="${n(frontLeft)}" y="${n(frontTop + 70)}" width="${2 * w}" height="120" fill="${look.accent}"/>` +
    `<rect x="${n(frontLeft)}" y="${n(frontTop + 70)}" width="${2 * w}" height="6" fill="${shade(look.accent, 0.3)}"/>` +
    lettering(look.technology, frontLeft + 34, frontTop + 156, 56, { color: colors.white, weight: 0.18 }) +
    lettering(look.capacity, frontLeft + 2 * w - 34, frontTop + 124, 26, { color: colors.white, anchor: 'end', weight: 0.18 }) +
    lettering('12V', frontLeft + 2 * w - 34, frontTop + 160, 22, {
      color: shade(look.accent, 0.6),
      anchor: 'end',
      weight: 0.18,
    }) +
    lettering('GEARHOUSE', frontLeft + 34, frontTop + 226, 18, { color: colors.slate400, weight: 0.16 }) +
    `</g>`
  );
}

export interface HeadlightLook {
  accent: string;
}

const LENS =
  'M-300,-40C-262,-122 -120,-152 40,-142C160,-134 262,-112 302,-82L290,40C240,82 140,112 -20,120C-160,126 -262,110 -300,60Z';

export function headlight(c: SvgCanvas, look: HeadlightLook): string {
  const chrome = c.radial(
    [
      [0, colors.white],
      [0.45, colors.slate300],
      [0.8, colors.slate500],
      [1, colors.slate200],
    ],
    { fx: 0.4, fy: 0.35 },
  );
  const inside = c.clip(`<path d="${LENS}"/>`);
  const glow = c.blur(6);
  const gloss = c.linear(
    [
      [0, colors.white, 0.55],
      [0.35, colors.white, 0.08],
      [1, colors.white, 0],
    ],
    [0, 0],
    [0.4, 1],
  );
  return (
    `<g transform="rotate(-4) scale(1.05)">` +
    `<path d="${LENS}" transform="translate(18 22)" fill="${colors.slate800}"/>` +
    `<path d="${LENS}" transform="translate(9 11)" fill="${colors.slate700}"/>` +
    `<g clip-path="${inside}">` +
    `<path d="${LENS}" fill="${colors.slate700}"/>` +
    `<rect x="160" y="-160" width="160" height="290" fill="${c.linear([
      [0, shade(look.accent, 0.2)],
      [1, shade(look.accent, -0.2)],
    ])}"/>` +
    `<rect x="150" y="-160" width="12" height="290" fill="${colors.slate400}"/>` +
    `<circle cx="-140" cy="-14" r="86" fill="${chrome}"/>` +
    `<circle cx="-140" cy="-14" r="52" fill="${c.radial(
      [
        [0, colors.slate600],
        [0.7, colors.slate800],
        [1, colors.slate900],
      ],
      { fx: 0.35, fy: 0.35 },
    )}"/>` +
    `<ellipse cx="-156" cy="-32" rx="18" ry="11" fill="${colors.white}" opacity="0.75"/>` +
    `<circle cx="50" cy="-24" r="72" fill="${chrome}"/>` +
    [58, 44, 30]
      .map((r) => `<circle cx="50" cy="-24" r="${r}" fill="none" stroke="${colors.slate400}" stroke-width="2"/>`)
      .join('') +
    `<circle cx="50" cy="-24" r="14" fill="${colors.slate100}" stroke="${colors.slate500}" stroke-width="3"/>` +
    `<path d="M-262,68C-120,100 100,90 250,36" fill="none" stroke="${colors.white}" stroke-width="22" filter="${glow}"/>` +
    `<path d="M-262,68C-120,100 100,90 250,36" fill="none" stroke="${colors.white}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="${LENS}" fill="${gloss}"/>` +
    `</g>` +
    `<path d="${LENS}" fill="none" stroke="${colors.slate500}" stroke-width="5"/>` +
    `<path d="M-250,-70C-150,-120 0,-128 150,-112" fill="none" stroke="${colors.white}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>` +
    `</g>`
  );
}

export interface LedBulbLook {
  accent: string;
}

function ledBulb(c: SvgCanvas, accent: string): string {
  const fins = Array.from(
    { length: 11 },
    (_, i) => `<rect x="-52" y="${-44 + i * 15}" width="104" height="8" rx="3" fill="${colors.slate500}" opacity="0.7"/>`,
  ).join('');
  const chips = [-206, -176, -146]
    .map((y) => `<rect x="-9" y="${y}" width="18" height="16" rx="2" fill="#fde68a" stroke="#f59e0b" stroke-width="2"/>`)
    .join('');
  return (
    `<path d="M0,150C0,210 70,220 90,260" fill="none" stroke="${colors.rubber}" stroke-width="12" stroke-linecap="round"/>` +
    `<rect x="-16" y="-244" width="32" height="160" rx="6" fill="${c.cylinder(colors.slate300)}"/>` +
    chips +
    `<rect x="-64" y="-92" width="128" height="14" rx="5" fill="${shade(accent, -0.2)}"/>` +
    `<rect x="-48" y="-100" width="96" height="28" rx="6" fill="${c.cylinder(accent)}"/>` +
    `<rect x="-30" y="-72" width="60" height="22" fill="${c.cylinder(colors.slate300)}"/>` +
    `<rect x="-54" y="-52" width="108" height="176" rx="12" fill="${c.cylinder(colors.slate700)}"/>` +
    fins +
    `<rect x="-42" y="122" width="84" height="30" rx="8" fill="${colors.slate900}"/>`
  );
}

export function ledBulbs(c: SvgCanvas, look: LedBulbLook): string {
  return (
    `<g transform="translate(-125 10) rotate(-14)">${ledBulb(c, look.accent)}</g>` +
    `<g transform="translate(120 -4) rotate(12)">${ledBulb(c, look.accent)}</g>`
  );
}

export interface WiperLook {
  accent: string;
}

function wiperBlade(c: SvgCanvas, length: number, accent: string): string {
  const half = length / 2;
  const beam = `M${-half},-6Q0,-58 ${half},-6L${half},8Q0,-20 ${-half},8Z`;
  return (
    `<path d="M${-half},12Q0,-16 ${half},12" fill="none" stroke="${colors.rubber}" stroke-width="7"/>` +
    `<path d="${beam}" fill="${c.linear([
      [0, colors.slate600],
      [1, colors.slate900],
    ])}"/>` +
    `<path d="M${-half + 10},-8Q0,-56 ${half - 10},-8" fill="none" stroke="${colors.slate500}" stroke-width="3"/>` +
    `<rect x="-56" y="-52" width="112" height="36" rx="10" fill="${c.cylinder(accent, 'horizontal')}"/>` +
    `<rect x="-30" y="-44" width="60" height="10" rx="4" fill="${shade(accent, -0.45)}"/>` +
    [-half, half].map((x) => `<rect x="${x - 10}" y="-10" width="20" height="20" rx="6" fill="${colors.slate800}"/>`).join('')
  );
}

export function wiperBlades(c: SvgCanvas, look: WiperLook): string {
  return (
    `<g transform="translate(0 -70) rotate(-12)">${wiperBlade(c, 720, look.accent)}</g>` +
    `<g transform="translate(50 110) rotate(-12)">${wiperBlade(c, 540, look.accent)}</g>`
  );
}
