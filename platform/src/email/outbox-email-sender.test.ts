import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatEml, OutboxEmailSender, readOutbox } from './outbox-email-sender';

const outbox = () => join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox');
const date = new Date('2026-11-22T09:30:00.000Z');
const message = { id: 'msg-1', to: 'mere@example.nz', subject: 'Confirm your Kāinga admin address', text: 'Kia ora,\n\nOpen this link:\nhttps://kainga.example/api/auth/admin-email?token=abc\n' };

describe('OutboxEmailSender', () => {
  it('writes an RFC 5322 message with CRLF line ends, encoded non-ASCII subject and plain UTF-8 text', async () => {
    const dir = outbox();
    await new OutboxEmailSender(dir, 'Kāinga <no-reply@kainga.example>', () => date).send(message);
    expect(readdirSync(dir)).toEqual(['msg-1.eml']);
    const raw = readFileSync(join(dir, 'msg-1.eml'), 'utf8');
    expect(raw).toBe(
      [
        `From: =?UTF-8?B?${Buffer.from('Kāinga <no-reply@kainga.example>').toString('base64')}?=`,
        'To: mere@example.nz',
        `Subject: =?UTF-8?B?${Buffer.from('Confirm your Kāinga admin address').toString('base64')}?=`,
        'Date: Sun, 22 Nov 2026 09:30:00 +0000',
        'Message-ID: <msg-1@kainga.example>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Kia ora,',
        '',
        'Open this link:',
        'https://kainga.example/api/auth/admin-email?token=abc',
        '',
      ].join('\r\n'),
    );
  });

  it('reads the outbox back, oldest first, decoding what it encoded', async () => {
    const dir = outbox();
    const sender = new OutboxEmailSender(dir, 'Kāinga <no-reply@kainga.example>', () => date);
    await sender.send(message);
    await sender.send({ ...message, id: 'msg-2', to: 'other@example.nz', subject: 'Second' });
    const read = await readOutbox(dir);
    expect(read.map((m) => [m.to, m.subject])).toEqual([
      ['mere@example.nz', 'Confirm your Kāinga admin address'],
      ['other@example.nz', 'Second'],
    ]);
    expect(read[0]).toMatchObject({ from: 'Kāinga <no-reply@kainga.example>', date, text: `${message.text}` });
    expect(await readOutbox(join(dir, 'missing'))).toEqual([]);
  });

  it('leaves out a message deleted while the folder is read (an erasure and its reactor at once)', async () => {
    const dir = outbox();
    await new OutboxEmailSender(dir, 'Kāinga <no-reply@kainga.example>', () => date).send(message);
    // Listed, but gone by the time it is opened: what a concurrent unlink leaves readdir showing.
    symlinkSync(join(dir, 'no-such-file'), join(dir, 'vanished.eml'));
    expect((await readOutbox(dir)).map((m) => m.to)).toEqual(['mere@example.nz']);
  });

  it('sends a message once however often it is sent (idempotent by id)', async () => {
    const dir = outbox();
    const sender = new OutboxEmailSender(dir, 'no-reply@kainga.example');
    await sender.send(message);
    await sender.send({ ...message, text: 'changed' });
    expect(readdirSync(dir)).toEqual(['msg-1.eml']);
    expect((await readOutbox(dir))[0]!.text).toContain('Open this link');
  });

  it('refuses header injection, a bad recipient, an unsafe id or an over-long line, writing nothing', async () => {
    const dir = outbox();
    const sender = new OutboxEmailSender(dir, 'no-reply@kainga.example');
    await expect(sender.send({ ...message, subject: 'Hi\r\nBcc: all@example.nz' })).rejects.toThrow('Email subject must be one line.');
    await expect(sender.send({ ...message, to: 'mere@example.nz\nBcc: x@y.nz' })).rejects.toThrow('Email recipient must be one line.');
    await expect(sender.send({ ...message, to: 'not an address' })).rejects.toThrow('Not an email address');
    await expect(sender.send({ ...message, id: '../escape' })).rejects.toThrow('plain file name');
    await expect(sender.send({ ...message, text: 'x'.repeat(999) })).rejects.toThrow('longer than 998');
    expect(await readOutbox(dir)).toEqual([]);
  });

  it('formats bare ASCII headers as they are', () => {
    expect(formatEml({ ...message, subject: 'Plain', from: 'no-reply@kainga.example', date })).toMatch(/^From: no-reply@kainga\.example\r\nTo: mere@example\.nz\r\nSubject: Plain\r\n/);
  });
});
