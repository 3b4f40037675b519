import type { Stores } from '@kainga/platform';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { exportFiles } from './export-files';
import { imageBytes, imagesOf } from './export-images';
import { exportReadme } from './export-readme';
import type { ExportScope } from './export-scope';

export type ExportStores = Pick<Stores, 'readStore' | 'eventStore' | 'blobStore' | 'credentials'>;

/**
 * The zip of a person's data, streamed: yazl writes each entry as it is reached and each JSON
 * file is made by a generator that reads a page at a time, so only a page (and yazl's small
 * buffers) is ever in memory, however many leads a partner holds. The caller pipes the stream
 * to the reply; an error part way destroys it (the client sees a failed download, never a short
 * archive that looks whole).
 */
export async function exportArchive(stores: ExportStores, scope: ExportScope, at: Date, by: 'self' | 'admin'): Promise<Readable> {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  const fail = (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error)));
  const files = exportFiles(stores, scope);
  // Images are small (≤ 500 KB each, a handful a person): only those the store still has are named.
  const images = (await Promise.all(imagesOf(scope).map(async (image) => ({ image, bytes: await imageBytes(stores.blobStore, image) })))).filter((i) => i.bytes !== null);
  const options = { mtime: at };
  zip.addBuffer(Buffer.from(exportReadme(scope, files, images.length, at, by)), 'README.txt', options);
  for (const file of files) {
    // Lazy: the file's reads start only when the archive reaches it.
    zip.addReadStreamLazy(file.name, options, (done) => {
      const text = file.text();
      const stream = typeof text === 'string' ? Readable.from([text]) : Readable.from(text);
      stream.on('error', fail);
      done(null, stream);
    });
  }
  // Already compressed formats (JPEG, PNG, WebP): stored as they are.
  for (const { image, bytes } of images) zip.addBuffer(bytes!, image.name, { ...options, compress: false });
  zip.end();
  return out;
}
