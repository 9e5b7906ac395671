import { brakeDisc, brakePads, shockAbsorber } from './drawings-chassis';
import { battery, wiperBlades } from './drawings-electrical';
import { brandMark } from './part-pictures';
import { accents, colors, n, polar, SvgCanvas } from './svg-kit';

/** Wide (16:9) scenes for the blog, built from the catalogue drawings. */

export type BlogScene = 'brake-guide' | 'shock-test-bench' | 'winter-fleet';

const WIDTH = 1280;
const HEIGHT = 720;

export function blogPictureSvg(scene: BlogScene): string {
  const canvas = new SvgCanvas(WIDTH, HEIGHT);
  const body = scenes[scene](canvas);
  return canvas.document(body + brandMark(32, HEIGHT - 30));
}

const scenes: Record<BlogScene, (c: SvgCanvas) => string> = {
  'brake-guide': brakeGuide,
  'shock-test-bench': shockTestBench,
  'winter-fleet': winterFleet,
};

/** The scene of every demo blog post, by the post's slug in the seed (src/server/db/seed/blog-posts.ts). */
export const blogPostScenes: Readonly<Record<string, BlogScene>> = {
  'how-to-choose-the-right-brake-pads': 'brake-guide',
  'inside-our-factory-how-we-test-every-shock-absorber': 'shock-test-bench',
  'winter-checklist-for-fleet-vehicles': 'winter-fleet',
};

function backdrop(c: SvgCanvas, inner: string, outer: string): string {
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.radial(
    [
      [0, inner],
      [1, outer],
    ],
    { cx: 0.5, cy: 0.4, r: 0.8 },
  )}"/>`;
}

function floorShadow(c: SvgCanvas, cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${n(rx * 0.09)}" fill="${colors.slate900}" opacity="0.18" filter="${c.blur(14)}"/>`;
}

function brakeGuide(c: SvgCanvas): string {
  return (
    backdrop(c, colors.white, colors.slate200) +
    `<rect x="0" y="0" width="14" height="${HEIGHT}" fill="${colors.orange}"/>` +
    floorShadow(c, 450, 640, 280) +
    floorShadow(c, 930, 600, 220) +
    `<g transform="translate(440 345) scale(1.1)">${brakeDisc(c, { caliper: accents.orange, drilled: true, turn: 0.84 })}</g>` +
    `<g transform="translate(930 360) scale(0.78)">${brakePads(c, { friction: '#78716c', shim: accents.orange, seed: 'blog-brakes' })}</g>`
  );
}

function shockTestBench(c: SvgCanvas): string {
  const column = (x: number) => `<rect x="${x}" y="70" width="40" height="560" rx="6" fill="${c.cylinder(colors.slate300)}"/>`;
  const grid = Array.from({ length: 5 }, (_, i) => `<line x1="930" y1="${250 + i * 50}" x2="1170" y2="${250 + i * 50}"/>`).join(
    '',
  );
  const loop = Array.from({ length: 73 }, (_, i) => {
    const t = (i / 72) * Math.PI * 2;
    return `${n(1050 + 100 * Math.sin(t))},${n(330 - 70 * Math.sin(t) - 38 * Math.cos(t))}`;
  }).join(' ');
  return (
    backdrop(c, colors.slate100, colors.slate300) +
    floorShadow(c, 560, 650, 330) +
    `<rect x="300" y="610" width="520" height="40" rx="8" fill="${colors.slate700}"/>` +
    column(360) +
    column(720) +
    `<rect x="330" y="70" width="460" height="60" rx="8" fill="${colors.slate700}"/>` +
    `<rect x="330" y="70" width="460" height="14" rx="6" fill="${colors.orange}"/>` +
    `<rect x="548" y="130" width="24" height="40" fill="${colors.slate500}"/>` +
    `<rect x="540" y="560" width="40" height="50" fill="${colors.slate500}"/>` +
    `<g transform="translate(560 360) scale(0.82)">${shockAbsorber(c, { body: colors.slate700, accent: accents.orange, rotate: 0 })}</g>` +
    `<rect x="900" y="200" width="300" height="260" rx="18" fill="${colors.slate800}"/>` +
    `<rect x="916" y="216" width="268" height="228" rx="10" fill="${colors.slate900}"/>` +
    `<g stroke="${colors.slate700}" stroke-width="2">${grid}</g>` +
    `<polyline points="${loop}" fill="none" stroke="${colors.orange}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="1030" y="460" width="40" height="90" fill="${colors.slate600}"/>` +
    `<rect x="980" y="540" width="140" height="20" rx="8" fill="${colors.slate700}"/>`
  );
}

function snowflake(x: number, y: number, size: number): string {
  const arms = [0, 60, 120].map((a) => {
    const [x1, y1] = polar(size, a, x, y);
    const [x2, y2] = polar(size, a + 180, x, y);
    return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`;
  });
  const tips = [0, 60, 120, 180, 240, 300].map((a) => {
    const [bx, by] = polar(size * 0.6, a, x, y);
    const [l1x, l1y] = polar(size * 0.3, a + 45, bx, by);
    const [l2x, l2y] = polar(size * 0.3, a - 45, bx, by);
    return `<path d="M${n(l1x)},${n(l1y)}L${n(bx)},${n(by)}L${n(l2x)},${n(l2y)}"/>`;
  });
  return arms.join('') + tips.join('');
}

function winterFleet(c: SvgCanvas): string {
  const flakePlaces: readonly (readonly [number, number, number])[] = [
    [130, 120, 34],
    [300, 70, 20],
    [1120, 110, 40],
    [980, 230, 22],
    [1210, 330, 18],
    [90, 420, 24],
    [640, 90, 26],
    [820, 70, 16],
  ];
  const flakes = flakePlaces.map(([x, y, size]) => snowflake(x, y, size)).join('');
  const ticks = Array.from({ length: 6 }, (_, i) => `<line x1="1128" y1="${250 + i * 40}" x2="1146" y2="${250 + i * 40}"/>`).join(
    '',
  );
  return (
    backdrop(c, '#f8fafc', '#cbd5e1') +
    `<g stroke="${colors.white}" stroke-width="6" stroke-linecap="round" fill="none">${flakes}</g>` +
    `<g stroke="${colors.slate400}" stroke-width="2" stroke-linecap="round" fill="none" opacity="0.6">${flakes}</g>` +
    floorShadow(c, 420, 640, 260) +
    `<g transform="translate(400 380) scale(0.78)">${battery(c, { accent: accents.orange, technology: 'AGM', capacity: '95AH' })}</g>` +
    `<g transform="translate(820 470) scale(0.62)">${wiperBlades(c, { accent: accents.orange })}</g>` +
    `<rect x="1080" y="220" width="40" height="300" rx="20" fill="${colors.white}" stroke="${colors.slate400}" stroke-width="4"/>` +
    `<rect x="1092" y="420" width="16" height="100" rx="8" fill="${colors.orange}"/>` +
    `<circle cx="1100" cy="540" r="36" fill="${colors.orange}" stroke="${colors.white}" stroke-width="6"/>` +
    `<g stroke="${colors.slate500}" stroke-width="4" stroke-linecap="round">${ticks}</g>`
  );
}
