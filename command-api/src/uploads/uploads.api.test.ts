import { UploadedImagePath } from '@kainga/contracts';
import type { BlobStore } from '@kainga/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { request as httpRequest } from 'node:http';
import { once } from 'node:events';
import { SESSION_COOKIE } from '../plugins/sessions';
import { multipartBody, noisyPng, postImage, solidImage } from './testing';
import { UPLOADS_PER_HOUR } from './upload-routes';

let t: TestApp;
let cookie: string;
/** Every key the routes stored, in order (the real store, watched). */
const puts: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, (base) => {
    const blobStore = base.stores.blobStore;
    const watched: BlobStore = {
      describe: blobStore.describe,
      put: (key, bytes, contentType) => (puts.push(key), blobStore.put(key, bytes, contentType)),
      get: (key) => blobStore.get(key),
      stat: (key) => blobStore.stat(key),
      delete: (key) => blobStore.delete(key),
    };
    return { stores: { ...base.stores, blobStore: watched } };
  });
  const c = client(t.app);
  await c.register('uploader@example.nz');
  cookie = c.cookie!;
});
afterAll(() => t.close());

const profileImage = (bytes: Buffer, filename = 'me.jpg', contentType = 'image/jpeg') => ({ field: 'profileImage', filename, contentType, bytes });
const companyImage = (bytes: Buffer, filename = 'logo.png', contentType = 'image/png') => ({ field: 'companyImage', filename, contentType, bytes });

/** The app's address on loopback, listening from the first call on (for clients other than inject). */
async function listening(): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

describe('POST /api/upload/profile-image and /company-image', () => {
  it.each([
    ['jpeg', 'jpg', 'image/jpeg'],
    ['png', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
  ] as const)('stores a %s image and answers its address', async (format, ext, contentType) => {
    const res = await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(await solidImage(format), `me.${ext}`, contentType));
    expect(res.statusCode).toBe(201);
    const { filePath } = res.json() as { filePath: string };
    expect(filePath).toMatch(new RegExp(`^/api/uploads/profile-images/[0-9a-f-]{36}\\.${ext}$`));
    expect(UploadedImagePath.parse(filePath)).toBe(filePath);
    const key = filePath.replace('/api/uploads/', '');
    expect(await t.stores.blobStore.stat(key)).toMatchObject({ key, contentType });
  });

  it('goes by the bytes, not the name or the type the client gave: a PNG named .jpg is a PNG', async () => {
    const res = await postImage(t.app, '/api/upload/company-image', cookie, companyImage(await solidImage('png'), 'logo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    expect(res.json().filePath).toMatch(/^\/api\/uploads\/company-images\/[0-9a-f-]{36}\.png$/);
  });

  it('refuses an HTML page named .png (415), and stores nothing', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/auth/user")</script></body></html>');
    const stored = puts.length;
    const res = await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(html, 'cat.png', 'image/png'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Please choose a JPEG, PNG or WebP image.' });
    expect(puts.length).toBe(stored);
  });

  it('refuses a GIF and a file that only starts like a PNG', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).gif().toBuffer();
    expect((await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(gif, 'a.gif', 'image/gif'))).json()).toEqual({ message: 'Please choose a JPEG, PNG or WebP image.' });
    const fake = Buffer.concat([(await solidImage('png')).subarray(0, 8), Buffer.from('not really a png at all')]);
    const res = await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(fake, 'a.png', 'image/png'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'The image could not be read. Please choose a JPEG, PNG or WebP image.' });
  });

  it('holds each form to its size limit, with its own message (413)', async () => {
    const big = await noisyPng(280, 300); // ~250 KB: within the editor's 300KB, over 200KB
    expect(big.length).toBeGreaterThan(200 * 1024);
    expect(big.length).toBeLessThan(300 * 1024);
    expect((await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(big, 'me.png', 'image/png'))).statusCode).toBe(201);

    const enquiry = await postImage(t.app, '/api/upload/profile-image?form=enquiry', cookie, profileImage(big, 'me.png', 'image/png'));
    expect([enquiry.statusCode, enquiry.json()]).toEqual([413, { message: 'Profile image must be under 200KB' }]);
    const company = await postImage(t.app, '/api/upload/company-image', cookie, companyImage(big));
    expect([company.statusCode, company.json()]).toEqual([413, { message: 'Company image must be under 200KB' }]);

    const huge = await noisyPng(330, 320); // ~310 KB
    expect(huge.length).toBeGreaterThan(300 * 1024);
    const editor = await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(huge, 'me.png', 'image/png'));
    expect([editor.statusCode, editor.json()]).toEqual([413, { message: 'Please select an image smaller than 300KB.' }]);
  });

  it('refuses a 10 MB body by its declared length, before reading it', async () => {
    const res = await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(Buffer.alloc(10 * 1024 * 1024, 0xff)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Please select an image smaller than 300KB.' });
    expect(res.headers.connection).toBe('close');
    // The server is still well: the next upload goes through.
    expect((await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(await solidImage('jpeg')))).statusCode).toBe(201);
  });

  it('answers a 10 MB upload without a declared length as soon as the file passes the limit, and keeps serving', async () => {
    const origin = await listening();
    const total = 10 * 1024 * 1024;
    const { payload, contentType } = multipartBody('profileImage', 'big.jpg', 'image/jpeg', Buffer.alloc(0));
    // The part's headers only: the file's bytes follow, and the closing boundary is never reached.
    const head = payload.subarray(0, payload.indexOf('\r\n\r\n') + 4);
    const req = httpRequest(`${origin}/api/upload/profile-image`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked', cookie: `${SESSION_COOKIE}=${encodeURIComponent(cookie)}` },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
    });
    let answered = false;
    void answer.finally(() => (answered = true)).catch(() => undefined);
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    let sent = 0;
    while (sent < total && !answered) {
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer.catch(() => undefined)]);
      sent += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The answer came while the body was still being sent: the server never waited for all of it.
    expect(answered).toBe(true);
    expect(sent).toBeLessThan(total);
    expect(await answer).toEqual({ status: 413, body: JSON.stringify({ message: 'Please select an image smaller than 300KB.' }) });
    req.destroy();
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
  });

  it('reads a too-large body to its end before answering, so a sender that writes it all first sees the 413 (not EPIPE)', async () => {
    const origin = await listening();
    // As Node's fetch sends a body over a real network: all of it, in pieces, before it reads.
    const sendWhole = (url: string, field: string, size: number) => {
      const { payload, contentType } = multipartBody(field, 'big.png', 'image/png', Buffer.alloc(size, 0xff));
      return new Promise<{ status: number; connection?: string; body: string; written: number }>((resolve, reject) => {
        const req = httpRequest(`${origin}${url}`, {
          method: 'POST',
          headers: { 'content-type': contentType, 'content-length': payload.length, cookie: `${SESSION_COOKIE}=${encodeURIComponent(cookie)}` },
        });
        let written = 0;
        req.on('error', reject);
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body, written }));
        });
        void (async () => {
          for (let at = 0; at < payload.length; at += 16 * 1024) {
            const piece = payload.subarray(at, at + 16 * 1024);
            if (!req.write(piece)) await once(req, 'drain');
            written += piece.length;
            // A network's pace: the server has had its chance to answer and close before the rest.
            await new Promise((r) => setTimeout(r, 1));
          }
          req.end();
        })().catch(reject);
      });
    };
    const profile = await sendWhole('/api/upload/profile-image', 'profileImage', 400 * 1024);
    expect([profile.status, JSON.parse(profile.body)]).toEqual([413, { message: 'Please select an image smaller than 300KB.' }]);
    const company = await sendWhole('/api/upload/company-image', 'companyImage', 250 * 1024);
    expect([company.status, JSON.parse(company.body)]).toEqual([413, { message: 'Company image must be under 200KB' }]);
    expect(profile.written).toBeGreaterThan(400 * 1024);
    expect(company.written).toBeGreaterThan(250 * 1024);
    // Read to its end, the body leaves the connection fit for the next request.
    expect(company.connection).not.toBe('close');
  });

  it('strips EXIF and GPS, and bakes the orientation into the pixels', async () => {
    const tagged = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Snapper 9' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '36/1 50/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '174/1 45/1 55/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif?.includes(Buffer.from('Snapper 9'))).toBe(true);
    expect(before.orientation).toBe(6);

    const res = await postImage(t.app, '/api/upload/profile-image', cookie, profileImage(tagged));
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().filePath });
    expect(served.statusCode).toBe(200);
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the stored pixels are upright, 48 wide and 64 high.
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(served.rawPayload.includes(Buffer.from('Snapper 9'))).toBe(false);
  });

  it('answers 401 to a signed-out upload', async () => {
    const res = await postImage(t.app, '/api/upload/profile-image', undefined, profileImage(await solidImage('jpeg')));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('says what is wrong with a body that is not the expected form', async () => {
    const wrongField = await postImage(t.app, '/api/upload/profile-image', cookie, { ...profileImage(await solidImage('jpeg')), field: 'file' });
    expect([wrongField.statusCode, wrongField.json()]).toEqual([400, { message: 'Send the image in the form field "profileImage".' }]);
    const fieldOnly = Buffer.from('--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n');
    const noFile = await t.app.inject({ method: 'POST', url: '/api/upload/profile-image', payload: fieldOnly, headers: { 'content-type': 'multipart/form-data; boundary=b' }, cookies: { [SESSION_COOKIE]: cookie } });
    expect([noFile.statusCode, noFile.json()]).toEqual([400, { message: 'Please choose an image to upload.' }]);
    const json = await t.app.inject({ method: 'POST', url: '/api/upload/company-image', payload: { companyImage: 'x' }, cookies: { [SESSION_COOKIE]: cookie } });
    expect([json.statusCode, json.json()]).toEqual([415, { message: 'Send the image as multipart/form-data in the field "companyImage".' }]);
    const raw = await t.app.inject({ method: 'POST', url: '/api/upload/company-image', payload: await solidImage('png'), headers: { 'content-type': 'image/png' }, cookies: { [SESSION_COOKIE]: cookie } });
    expect([raw.statusCode, raw.json()]).toEqual([415, { message: 'Send the image as multipart/form-data.' }]);
  });

  it(`limits each user to ${UPLOADS_PER_HOUR} uploads an hour per route (429)`, async () => {
    const c = client(t.app);
    await c.register('busy-uploader@example.nz');
    const image = profileImage(await solidImage('jpeg', 8, 8));
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await postImage(t.app, '/api/upload/profile-image', c.cookie, image)).statusCode).toBe(201);
    const refused = await postImage(t.app, '/api/upload/profile-image', c.cookie, image);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Another user from the same address is not held back.
    expect((await postImage(t.app, '/api/upload/profile-image', cookie, image)).statusCode).toBe(201);
  });
});

describe('GET /api/uploads/:kind/:file', () => {
  it('serves the image with its type, a year of caching, nosniff, a CSP and an ETag', async () => {
    const png = await solidImage('png');
    const { filePath } = (await postImage(t.app, '/api/upload/company-image', cookie, companyImage(png))).json() as { filePath: string };
    const res = await t.app.inject({ method: 'GET', url: filePath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]+-[0-9a-f]+"$/);

    const again = await t.app.inject({ method: 'GET', url: filePath, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 for an image that is not stored, and for any name we never give out', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/uploads/profile-images/00000000-0000-4000-8000-000000000000.png' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Image not found.' }]);
    for (const url of [
      '/api/uploads/secrets/00000000-0000-4000-8000-000000000000.png',
      '/api/uploads/profile-images/..%2F..%2Fcredentials.sqlite',
      '/api/uploads/profile-images/..%2Fbytes',
      '/api/uploads/profile-images/00000000-0000-4000-8000-000000000000.png.meta.json',
      '/api/uploads/profile-images/00000000-0000-4000-8000-000000000000.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { message: 'Image not found.' }]);
    }
    // Dot segments are resolved before routing: they never reach the route at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/profile-images/%2E%2E/%2E%2E/credentials.sqlite' })).statusCode).toBe(404);
  });
});
