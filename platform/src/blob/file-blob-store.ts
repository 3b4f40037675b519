import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-file';
import { assertBlobKey, assertContentType, type BlobStore, type StoredBlob } from './blob-store';

/** Folders of unfinished writes and deletes; keys' areas are `[a-z0-9-]+`, so never these. */
const ASIDE = '.aside';
/** An unfinished write older than this was cut short by a crash: its folder is removed. */
const STALE_MS = 60 * 60 * 1000;

type Meta = Omit<StoredBlob, 'key'>;

const isCode = (error: unknown, ...codes: string[]) => codes.includes((error as NodeJS.ErrnoException | null)?.code ?? '');

/**
 * Blobs as files under one folder (DATA_DIR/blobs): each key is a folder `<area>/<name>/` holding
 * `bytes` (the blob as it was given, so an operator can open it) and `meta.json` (content type,
 * size, createdAt).
 *
 * Both files are written into a fresh folder aside, then that folder is renamed into place. A
 * rename onto an existing non-empty folder fails, so a blob appears whole or not at all, and of
 * two writers of one key (even in two processes) the first keeps it with no lock. A delete
 * renames the folder aside before removing it, so it vanishes at once too. Files are 0600 and
 * folders 0700: uploads are personal data.
 */
export class FileBlobStore implements BlobStore {
  readonly describe: string;
  private swept = false;

  constructor(private readonly dir: string) {
    this.describe = `files ${dir}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<StoredBlob> {
    assertBlobKey(key);
    assertContentType(contentType);
    const existing = await this.stat(key);
    if (existing) return existing;
    await this.sweepOnce();
    const aside = await this.asideFolder();
    const meta: Meta = { contentType, size: bytes.length, createdAt: new Date().toISOString() };
    try {
      await writeFile(join(aside, 'bytes'), bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      await writeFile(join(aside, 'meta.json'), JSON.stringify(meta), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      await mkdir(join(this.dir, areaOf(key)), { recursive: true, mode: PRIVATE_DIR_MODE });
      await rename(aside, this.folder(key));
      return { key, ...meta };
    } catch (error) {
      await rm(aside, { recursive: true, force: true });
      // Another writer's folder is in place: theirs was first, and is the one kept.
      if (!isCode(error, 'ENOTEMPTY', 'EEXIST')) throw error;
      const first = await this.stat(key);
      if (!first) throw error;
      return first;
    }
  }

  async get(key: string): Promise<{ blob: StoredBlob; bytes: Buffer } | null> {
    assertBlobKey(key);
    try {
      const [meta, bytes] = await Promise.all([readFile(join(this.folder(key), 'meta.json'), 'utf8'), readFile(join(this.folder(key), 'bytes'))]);
      return { blob: { key, ...(JSON.parse(meta) as Meta) }, bytes };
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredBlob | null> {
    assertBlobKey(key);
    try {
      return { key, ...(JSON.parse(await readFile(join(this.folder(key), 'meta.json'), 'utf8')) as Meta) };
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    const aside = join(this.dir, ASIDE, `delete-${randomUUID()}`);
    await mkdir(join(this.dir, ASIDE), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      await rename(this.folder(key), aside);
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return;
      throw error;
    }
    await rm(aside, { recursive: true, force: true });
  }

  private folder(key: string) {
    return join(this.dir, key);
  }

  private async asideFolder() {
    const aside = join(this.dir, ASIDE, `put-${randomUUID()}`);
    await mkdir(aside, { recursive: true, mode: PRIVATE_DIR_MODE });
    return aside;
  }

  /** Removes what writes and deletes cut short by a crash left aside (once per process). */
  private async sweepOnce() {
    if (this.swept) return;
    this.swept = true;
    const asideDir = join(this.dir, ASIDE);
    const names = await readdir(asideDir).catch((error: unknown) => (isCode(error, 'ENOENT') ? [] : Promise.reject(error)));
    const now = Date.now();
    for (const name of names) {
      const info = await stat(join(asideDir, name)).catch(() => null);
      if (info && now - info.mtimeMs > STALE_MS) await rm(join(asideDir, name), { recursive: true, force: true });
    }
  }
}

const areaOf = (key: string) => key.slice(0, key.indexOf('/'));
