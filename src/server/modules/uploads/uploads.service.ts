import sharp, { type Metadata } from 'sharp';
import * as copy from '#shared/copy';
import type { UploadedImage } from '#shared/schemas/accounts';
import { AppError } from '../../app-error';
import { type EncodedImage, MAX_INPUT_PIXELS, encodeImage, saveImage } from './images';
import type { ObjectStorage } from './storage';

/** What the bytes turn out to be, as libvips reads them: the file's name and declared type are not asked. */
async function decodedFormat(input: Buffer): Promise<Metadata> {
  try {
    // Reading the header decodes no pixels, so no limit here: the size is judged on the answer.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unsupported_media_type', copy.uploads.unsupportedType);
  }
}

// AVIF is read by the HEIF loader; HEIC (the same container with HEVC) is not on the list.
function isAccepted({ format, compression }: Metadata): boolean {
  return ['jpeg', 'png', 'webp', 'gif'].includes(format) || (format === 'heif' && compression === 'av1');
}

export function createUploadsService(storage: ObjectStorage) {
  return {
    async uploadImage(input: Buffer): Promise<UploadedImage> {
      const meta = await decodedFormat(input);
      if (!isAccepted(meta)) throw new AppError('unsupported_media_type', copy.uploads.unsupportedType);
      // Only the header has been read so far; refuse a decompression bomb before decoding it.
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
        throw new AppError('payload_too_large', copy.uploads.tooManyPixels);
      }
      let encoded: EncodedImage;
      try {
        encoded = await encodeImage(input);
      } catch {
        throw new AppError('unsupported_media_type', copy.uploads.unreadable);
      }
      const { url } = await saveImage(storage, encoded);
      return { url };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
