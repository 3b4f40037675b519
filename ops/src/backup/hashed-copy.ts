import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Owner-only: a backup and a restored DATA_DIR hold personal data and secrets, as DATA_DIR does. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Copies `src` to `dest` (folders made owner-only), hashing the bytes as they pass: answers their
 * count and sha256, so what was written is what is checked, with one read of the file.
 */
export async function hashedCopy(src: string, dest: string, onBytes: (bytes: number) => void = () => undefined): Promise<{ bytes: number; sha256: string }> {
  mkdirSync(dirname(dest), { recursive: true, mode: PRIVATE_DIR_MODE });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(src), tap, createWriteStream(dest, { mode: PRIVATE_FILE_MODE, flags: 'wx', flush: true }));
  return { bytes, sha256: hash.digest('hex') };
}

/** A file's size and sha256, read once. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
