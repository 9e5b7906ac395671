import { lettering } from './lettering';
import { colors, shade, SvgCanvas } from './svg-kit';

export type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'bald' | 'cap';

export interface FaceLook {
  skin: string;
  hair: string;
  style: HairStyle;
  shirt: string;
  beard?: boolean;
}

/** A person gets an abstract face; a company (no face) gets its initials. */
export interface AvatarLook {
  background: string;
  face?: FaceLook;
}

const SIZE = 256;
const MIDDLE = SIZE / 2;

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[a-z]/i.test(word));
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

export function avatarSvg(name: string, look: AvatarLook): string {
  const canvas = new SvgCanvas(SIZE, SIZE);
  const disc = canvas.radial(
    [
      [0, shade(look.background, 0.25)],
      [1, shade(look.background, -0.1)],
    ],
    { cx: 0.4, cy: 0.3, r: 0.8 },
  );
  const round = canvas.clip(`<circle cx="${MIDDLE}" cy="${MIDDLE}" r="${MIDDLE}"/>`);
  const content = look.face
    ? face(look.face)
    : lettering(initialsOf(name), MIDDLE, MIDDLE + 34, 68, { color: colors.white, anchor: 'middle', weight: 0.17 });
  return canvas.document(
    `<rect width="${SIZE}" height="${SIZE}" fill="${colors.slate100}"/>` +
      `<circle cx="${MIDDLE}" cy="${MIDDLE}" r="${MIDDLE}" fill="${disc}"/>` +
      `<g clip-path="${round}">${content}</g>`,
  );
}

function face(look: FaceLook): string {
  return (
    hairBehind(look) +
    `<path d="M36,256C36,196 80,174 128,174C176,174 220,196 220,256Z" fill="${look.shirt}"/>` +
    `<path d="M104,176Q128,204 152,176" fill="none" stroke="${shade(look.shirt, -0.25)}" stroke-width="5"/>` +
    `<rect x="110" y="146" width="36" height="34" fill="${shade(look.skin, -0.12)}"/>` +
    `<ellipse cx="84" cy="116" rx="9" ry="13" fill="${shade(look.skin, -0.06)}"/>` +
    `<ellipse cx="172" cy="116" rx="9" ry="13" fill="${shade(look.skin, -0.06)}"/>` +
    `<ellipse cx="128" cy="110" rx="44" ry="52" fill="${look.skin}"/>` +
    (look.beard ? `<path d="M84,112C84,178 172,178 172,112C164,150 92,150 84,112Z" fill="${look.hair}"/>` : '') +
    `<circle cx="112" cy="112" r="4.5" fill="${colors.slate900}"/><circle cx="144" cy="112" r="4.5" fill="${colors.slate900}"/>` +
    `<path d="M114,136Q128,148 142,136" fill="none" stroke="${look.beard ? shade(look.skin, 0.5) : colors.slate800}" stroke-width="4" stroke-linecap="round"/>` +
    hairOnTop(look)
  );
}

function hairBehind(look: FaceLook): string {
  if (look.style === 'long') return `<path d="M76,110C68,22 188,22 180,110L188,196L68,196Z" fill="${shade(look.hair, -0.15)}"/>`;
  if (look.style === 'bun') return `<circle cx="128" cy="52" r="22" fill="${look.hair}"/>`;
  return '';
}

function hairOnTop(look: FaceLook): string {
  switch (look.style) {
    case 'short':
    case 'long':
    case 'bun':
      return `<path d="M82,114C72,26 184,26 174,114C166,84 134,72 100,80C92,88 86,98 82,114Z" fill="${look.hair}"/>`;
    case 'curly':
      return [
        [92, 80, 18],
        [112, 66, 19],
        [136, 62, 20],
        [158, 72, 18],
        [170, 92, 14],
        [84, 98, 13],
      ]
        .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${look.hair}"/>`)
        .join('');
    case 'cap':
      return (
        `<path d="M80,102C78,30 178,30 176,102Z" fill="${colors.orange}"/>` +
        `<path d="M120,96Q188,86 208,104Q172,110 120,104Z" fill="${shade(colors.orange, -0.25)}"/>` +
        `<circle cx="128" cy="52" r="5" fill="${shade(colors.orange, -0.3)}"/>`
      );
    case 'bald':
      return (
        `<path d="M84,108C84,96 88,90 92,88L92,112Z" fill="${look.hair}"/>` +
        `<path d="M172,108C172,96 168,90 164,88L164,112Z" fill="${look.hair}"/>`
      );
  }
}
