/**
 * An SVG path for a gear centred on (cx, cy): `teeth` trapezoid teeth between `inner` and `outer`
 * radii, with a round hole of radius `hole` (drawn with the even-odd rule). Used by the logo and the
 * hero illustration, so neither needs a bitmap.
 */
export function gearPath(cx: number, cy: number, teeth: number, outer: number, inner: number, hole: number): string {
  const step = (Math.PI * 2) / teeth;
  const point = (radius: number, angle: number) =>
    `${(cx + radius * Math.cos(angle)).toFixed(2)} ${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  const parts: string[] = [];
  for (let i = 0; i < teeth; i += 1) {
    const a = i * step - Math.PI / 2;
    parts.push(
      `${i === 0 ? 'M' : 'L'}${point(inner, a)}`,
      `L${point(outer, a + step * 0.14)}`,
      `L${point(outer, a + step * 0.36)}`,
      `L${point(inner, a + step * 0.5)}`,
    );
  }
  parts.push('Z');
  if (hole > 0) {
    parts.push(
      `M${cx + hole} ${cy}`,
      `A${hole} ${hole} 0 1 0 ${cx - hole} ${cy}`,
      `A${hole} ${hole} 0 1 0 ${cx + hole} ${cy}`,
      'Z',
    );
  }
  return parts.join(' ');
}
