/** An accepted image format, with the extension and content type it is stored under. */
export interface ImageFormat {
  format: 'jpeg' | 'png' | 'webp';
  ext: 'jpg' | 'png' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

const JPEG: ImageFormat = { format: 'jpeg', ext: 'jpg', contentType: 'image/jpeg' };
const PNG: ImageFormat = { format: 'png', ext: 'png', contentType: 'image/png' };
const WEBP: ImageFormat = { format: 'webp', ext: 'webp', contentType: 'image/webp' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format of these bytes from their signature (magic bytes), or null when they are none of
 * the accepted ones. The file name and the client's content type are never consulted: both are
 * whatever the sender chose, so an HTML page named `.png` must not pass as an image.
 */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return PNG;
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return WEBP;
  return null;
}
