import { lettering } from './lettering';
import { colors, SvgCanvas } from './svg-kit';

/** A drawing of one product, centred on the origin and about 640 × 480 units large. */
export type Drawing = (canvas: SvgCanvas) => string;

export const PART_PICTURE_SIZE = { width: 960, height: 720 } as const;

export interface PartPictureStyle {
  /** The colour the light background fades to at its edges. */
  backdrop?: string;
}

/** The studio look every catalogue picture shares: soft light backdrop, floor shadow, brand mark. */
export function partPictureSvg(draw: Drawing, style: PartPictureStyle = {}): string {
  const { width, height } = PART_PICTURE_SIZE;
  const canvas = new SvgCanvas(width, height);
  const backdrop = canvas.radial(
    [
      [0, colors.white],
      [0.55, colors.slate50],
      [1, style.backdrop ?? colors.slate200],
    ],
    { cx: 0.5, cy: 0.42, r: 0.78 },
  );
  const floor = canvas.blur(16);
  const product = draw(canvas);
  return canvas.document(
    `<rect width="${width}" height="${height}" fill="${backdrop}"/>` +
      `<ellipse cx="480" cy="622" rx="310" ry="26" fill="${colors.slate900}" opacity="0.16" filter="${floor}"/>` +
      `<g transform="translate(480 350)">${product}</g>` +
      brandMark(28, height - 28),
  );
}

/** A small gear and the shop's name in a corner, as on the company's own product photos. */
export function brandMark(x: number, baseline: number): string {
  const teeth = Array.from(
    { length: 8 },
    (_, i) => `<rect x="-2.6" y="-11" width="5.2" height="5" rx="1" transform="rotate(${i * 45})"/>`,
  ).join('');
  return (
    `<g transform="translate(${x + 9} ${baseline - 7})" fill="${colors.orange}">${teeth}` +
    `<circle r="7.5"/><circle r="3" fill="${colors.white}"/></g>` +
    lettering('GEARHOUSE', x + 26, baseline - 1, 12, { color: colors.slate500, weight: 0.16 })
  );
}
