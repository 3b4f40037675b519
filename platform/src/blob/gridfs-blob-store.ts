import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, MongoServerError, type Db, type GridFSFile } from 'mongodb';
import { assertBlobKey, assertContentType, type BlobStore, type StoredBlob } from './blob-store';

const BUCKET = 'blobs';
const DUPLICATE_KEY = 11000;

const toStored = (file: GridFSFile): StoredBlob => ({
  key: file.filename,
  contentType: typeof file.metadata?.contentType === 'string' ? file.metadata.contentType : 'application/octet-stream',
  size: file.length,
  createdAt: file.uploadDate.toISOString(),
});

/**
 * Blobs in the GridFS bucket `blobs` (collections `blobs.files` and `blobs.chunks`): filename =
 * key, metadata `{ contentType }`. GridFS writes the file document only after every chunk, so a
 * blob appears whole or not at all.
 *
 * A unique index on `blobs.files.filename` makes "the first write of a key is kept" hold across
 * processes: a second upload of the key fails on its file document, its chunks are removed and
 * the first blob is answered. Reads still take the newest file of a name, as GridFS does, so a
 * bucket filled by other tools before the index still reads sensibly.
 */
export class GridFsBlobStore implements BlobStore {
  readonly describe: string;
  private readonly bucket: GridFSBucket;
  private indexed: Promise<void> | undefined;

  /** On a database the caller owns; `client` is closed by `close()` only when given. */
  constructor(
    private readonly db: Db,
    private readonly client?: MongoClient,
  ) {
    this.bucket = new GridFSBucket(db, { bucketName: BUCKET });
    this.describe = `gridfs ${db.databaseName}.${BUCKET}`;
  }

  /** Connects its own client; the database is `dbName`, else the one named in the URL's path. */
  static async connect(url: string, dbName?: string): Promise<GridFsBlobStore> {
    const client = await MongoClient.connect(url);
    return new GridFsBlobStore(client.db(dbName), client);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<StoredBlob> {
    assertBlobKey(key);
    assertContentType(contentType);
    const existing = await this.stat(key);
    if (existing) return existing;
    await this.ensureUniqueNames();
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
    try {
      await pipeline(Readable.from([bytes]), upload);
    } catch (error) {
      // The chunks went in before the file document failed: they belong to no file now.
      await this.db.collection(`${BUCKET}.chunks`).deleteMany({ files_id: upload.id });
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const first = await this.stat(key);
      if (!first) throw error;
      return first;
    }
    // The driver sets gridFSFile at 'finish'; reading it back is the fallback should it not.
    const file = upload.gridFSFile ?? (await this.newest(key));
    if (!file) throw new Error(`Blob ${key} was uploaded but cannot be found.`);
    return toStored(file);
  }

  async get(key: string): Promise<{ blob: StoredBlob; bytes: Buffer } | null> {
    assertBlobKey(key);
    const file = await this.newest(key);
    if (!file) return null;
    const parts: Buffer[] = [];
    try {
      for await (const chunk of this.bucket.openDownloadStream(file._id)) parts.push(chunk as Buffer);
    } catch (error) {
      // Deleted between finding and reading it: absent, as a read a moment later would say.
      if (!(await this.newest(key))) return null;
      throw error;
    }
    return { blob: toStored(file), bytes: Buffer.concat(parts) };
  }

  async stat(key: string): Promise<StoredBlob | null> {
    assertBlobKey(key);
    const file = await this.newest(key);
    return file ? toStored(file) : null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    for (const file of await this.bucket.find({ filename: key }).toArray()) {
      try {
        await this.bucket.delete(file._id);
      } catch (error) {
        // A concurrent delete removed it first; the driver has removed the chunks either way.
        if (await this.bucket.find({ _id: file._id }).hasNext()) throw error;
      }
    }
  }

  async close(): Promise<void> {
    await this.client?.close();
  }

  private async newest(key: string): Promise<GridFSFile | null> {
    const [file] = await this.bucket.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 }, limit: 1 }).toArray();
    return file ?? null;
  }

  private ensureUniqueNames(): Promise<void> {
    this.indexed ??= this.db
      .collection(`${BUCKET}.files`)
      .createIndex({ filename: 1 }, { unique: true, name: 'filename_unique' })
      .then(
        () => undefined,
        (error: unknown) => {
          this.indexed = undefined;
          throw error;
        },
      );
    return this.indexed;
  }
}
