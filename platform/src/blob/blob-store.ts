/** What is known of a stored blob without reading its bytes. */
export interface StoredBlob {
  key: string;
  contentType: string;
  size: number;
  /** ISO 8601, when the first (and kept) write of the key finished. */
  createdAt: string;
}

/**
 * The port for uploaded bytes (profile images, documents). Embedded: files in DATA_DIR/blobs;
 * distributed: MongoDB GridFS (`MONGO_URL`). Blobs are immutable: a changed image is a new key.
 */
export interface BlobStore {
  /** Stores bytes under a new key (the key is chosen by the caller: e.g. `profile-images/<uuid>.webp`). Writing the same key twice keeps the first (idempotent). */
  put(key: string, bytes: Buffer, contentType: string): Promise<StoredBlob>;
  /** null when absent. */
  get(key: string): Promise<{ blob: StoredBlob; bytes: Buffer } | null>;
  stat(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /** Where blobs go, for logs and /api/ready: "files /data/blobs", "gridfs kainga.blobs". */
  readonly describe: string;
}

/**
 * `<area>/<name>`: a lower-case area folder and a plain file name. Two levels exactly, so a key is
 * a safe relative path on every adapter and an area can be listed or purged as a whole.
 */
const KEY = /^[a-z0-9-]{1,64}\/[A-Za-z0-9._-]{1,200}$/;

/** Throws unless `key` is a safe relative path `<area>/<name>` (no `..`, no leading dot or slash). */
export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || !KEY.test(key) || key.includes('..') || key.split('/')[1]!.startsWith('.')) {
    throw new Error(
      `Blob key must be "<area>/<name>": an area of a-z, 0-9 and "-", then a name of letters, digits, ".", "_" and "-" not starting with "." and without ".." (got ${JSON.stringify(key)}).`,
    );
  }
}

/** A MIME type such as `image/webp` or `text/plain; charset=utf-8`, one line, for a Content-Type header. */
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}(?: *; *[A-Za-z0-9!#$&^_.+-]+=(?:[A-Za-z0-9!#$&^_.+-]+|"[ !#-[\]-~]*"))*$/;

/** Throws unless `contentType` is a one-line MIME type, safe to send back as a header. */
export function assertContentType(contentType: string): void {
  if (typeof contentType !== 'string' || contentType.length > 200 || !CONTENT_TYPE.test(contentType)) {
    throw new Error(`Blob content type must be a MIME type such as "image/webp" (got ${JSON.stringify(contentType)}).`);
  }
}
