import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT_MS: '200' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `bytes` on a raw socket, then nothing; resolves with everything the server said once it closes. */
function sendAndStall(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('a request that stalls on a real listening server', () => {
  it('headers that promise a body that never comes → 408 {message}, and the connection ends', async () => {
    const answer = await sendAndStall('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(bodyOf(answer)).toEqual({ message: 'The request took too long to arrive.' });
  });

  it('headers that never finish → 408 {message}, and the connection ends', async () => {
    const answer = await sendAndStall('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({ message: 'The request took too long to arrive.' });
  });

  it('bytes that are not HTTP → 400 {message}', async () => {
    const answer = await sendAndStall('HELLO\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ message: 'The request is not valid HTTP.' });
  });

  it('a request that arrives whole is answered as usual', async () => {
    const answer = await sendAndStall('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyOf(answer)).toEqual({ status: 'ok' });
  });
});
