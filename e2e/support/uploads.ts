import sharp from 'sharp';

/** A PNG of one colour, as a file chooser or `setInputFiles` takes it. */
export async function photoFile(
  background: { r: number; g: number; b: number },
  { width = 320, height = 240 }: { width?: number; height?: number } = {},
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: 'photo.png', mimeType: 'image/png', buffer };
}
