import sharp from 'sharp';
import type { ImageFormat } from './image-format';

/**
 * Most pixels an upload may decode to. Profile and company images are a few hundred KB at most,
 * but a small PNG of one flat colour can claim 30,000 × 30,000 pixels and decode to gigabytes;
 * 25 megapixels is more than any sensible photo within the size limits.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

export class UnreadableImage extends Error {}

/**
 * The image re-encoded in its own format without any metadata: EXIF (camera, GPS position,
 * time), XMP, IPTC and ICC are dropped because sharp keeps none unless asked (no
 * `withMetadata`/`keepExif`). `.rotate()` first bakes the EXIF orientation into the pixels, so
 * a portrait photo stays upright once its orientation tag is gone. Throws UnreadableImage when
 * the bytes carry a valid signature but are not a decodable image (or are too many pixels).
 */
export async function stripMetadata(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const encoded = format.format === 'jpeg' ? image.jpeg({ quality: 90 }) : format.format === 'png' ? image.png() : image.webp({ quality: 90 });
  try {
    return await encoded.toBuffer();
  } catch (error) {
    throw new UnreadableImage('The image could not be read.', { cause: error });
  }
}
