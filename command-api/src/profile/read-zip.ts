import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/** Every entry of a zip, by name (tests and the bench read an export with it). */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) => fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** One JSON entry of a zip, parsed. */
export function jsonEntry<T = unknown>(entries: Map<string, Buffer>, name: string): T {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`the archive has no ${name} (it has ${[...entries.keys()].join(', ')})`);
  return JSON.parse(bytes.toString('utf8')) as T;
}
