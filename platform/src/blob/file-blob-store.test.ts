import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileBlobStore } from './file-blob-store';

const blobsDir = () => join(mkdtempSync(join(tmpdir(), 'kainga-blobs-')), 'blobs');
const mode = (path: string) => statSync(path).mode & 0o777;

describe('FileBlobStore', () => {
  it('lays a blob out as its own bytes beside a JSON sidecar, owner-only', async () => {
    const dir = blobsDir();
    const stored = await new FileBlobStore(dir).put('profile-images/abc.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const folder = join(dir, 'profile-images', 'abc.webp');
    expect(readdirSync(folder).sort()).toEqual(['bytes', 'meta.json']);
    expect(readFileSync(join(folder, 'bytes'), 'utf8')).toBe('RIFF....WEBP');
    expect(JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8'))).toEqual({ contentType: 'image/webp', size: 12, createdAt: stored.createdAt });
    expect(mode(join(folder, 'bytes'))).toBe(0o600);
    expect(mode(join(folder, 'meta.json'))).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'profile-images'))).toBe(0o700);
  });

  it('leaves nothing aside after racing writes and deletes', async () => {
    const dir = blobsDir();
    const store = new FileBlobStore(dir);
    await Promise.all([1, 2, 3, 4].map((n) => store.put('docs/race.txt', Buffer.from(`writer ${n}`), 'text/plain')));
    await Promise.all([store.delete('docs/race.txt'), store.delete('docs/race.txt')]);
    expect(readdirSync(join(dir, '.aside'))).toEqual([]);
    expect(readdirSync(join(dir, 'docs'))).toEqual([]);
  });

  it('clears writes a crash left aside over an hour ago at its first write, and only those', async () => {
    const dir = blobsDir();
    mkdirSync(join(dir, '.aside', 'put-old'), { recursive: true });
    writeFileSync(join(dir, '.aside', 'put-old', 'bytes'), 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(dir, '.aside', 'put-old'), twoHoursAgo, twoHoursAgo);
    mkdirSync(join(dir, '.aside', 'put-recent'));
    await new FileBlobStore(dir).put('docs/a.txt', Buffer.from('a'), 'text/plain');
    expect(readdirSync(join(dir, '.aside'))).toEqual(['put-recent']);
  });

  it('never shows a write cut short before its rename: the key reads absent and is written anew', async () => {
    const dir = blobsDir();
    const store = new FileBlobStore(dir);
    mkdirSync(join(dir, '.aside', 'put-cut'), { recursive: true });
    writeFileSync(join(dir, '.aside', 'put-cut', 'bytes'), 'half');
    expect(await store.stat('docs/cut.txt')).toBeNull();
    await store.put('docs/cut.txt', Buffer.from('whole'), 'text/plain');
    expect((await store.get('docs/cut.txt'))!.bytes.toString()).toBe('whole');
  });
});
