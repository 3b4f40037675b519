import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../plugins/sessions';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----kainga-test-boundary-7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts one file to an upload route as the signed-in holder of `cookie` (none: signed out). */
export function postImage(
  app: FastifyInstance,
  url: string,
  cookie: string | undefined,
  file: { field: string; filename: string; contentType: string; bytes: Buffer },
) {
  const { payload, contentType } = multipartBody(file.field, file.filename, file.contentType, file.bytes);
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType }, cookies: cookie ? { [SESSION_COOKIE]: cookie } : {} });
}

/** A small image of one colour in the given format. */
export const solidImage = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG of noise (it does not compress), about width × height × 3 bytes. */
export const noisyPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
