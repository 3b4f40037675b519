import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmtpEmailSender } from './smtp-email-sender';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

const FROM = 'Kāinga <no-reply@kainga.example>';
const message = { id: 'evt-42', to: 'mere@example.nz', subject: 'Kia ora', text: 'Kāinga\n' };

describe('SmtpEmailSender', () => {
  let server: SmtpTestServer;
  const senders: SmtpEmailSender[] = [];
  const sender = (url = server.url) => {
    const s = new SmtpEmailSender(url, FROM, { timeoutMs: 5_000 });
    senders.push(s);
    return s;
  };
  beforeAll(async () => {
    server = await startSmtpTestServer();
  });
  beforeEach(() => {
    server.received.length = 0;
    server.refuseRecipients = false;
  });
  afterAll(async () => {
    await Promise.all(senders.map((s) => s.close()));
    await server.close();
  });

  it('sends plain UTF-8 text over an authenticated session, with the envelope of sender and recipient', async () => {
    await sender().send(message);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ envelope: { from: 'no-reply@kainga.example', to: ['mere@example.nz'] }, contentType: 'text/plain; charset=utf-8', text: 'Kāinga\n', user: 'kainga' });
  });

  it("says which message failed and the server's own reply when a recipient is refused", async () => {
    server.refuseRecipients = true;
    const error = await sender()
      .send(message)
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error?.message).toMatch(/^Email evt-42 to mere@example\.nz was not sent: .*550.*Mailbox mere@example\.nz unavailable/);
    expect(error?.cause).toBeInstanceOf(Error);
    expect(server.received).toEqual([]);
  });

  it('fails on wrong credentials, saying so', async () => {
    const wrong = server.url.replace(':test-password@', ':nope@');
    await expect(sender(wrong).send(message)).rejects.toThrow(/^Email evt-42 to mere@example\.nz was not sent: .*Invalid username or password/);
    expect(server.received).toEqual([]);
  });

  it('fails, saying why, when the server is not there', async () => {
    const gone = await startSmtpTestServer();
    await gone.close();
    const s = sender(gone.url);
    await expect(s.send(message)).rejects.toThrow(/^Email evt-42 to mere@example\.nz was not sent: .*ECONNREFUSED/);
  });

  it('names the server for logs without its credentials, and refuses a URL that is not SMTP', () => {
    expect(new SmtpEmailSender('smtp://user:secret@mail.example:587', FROM).describe).toBe('smtp mail.example:587');
    expect(new SmtpEmailSender('smtps://mail.example', FROM).describe).toBe('smtp mail.example');
    expect(() => new SmtpEmailSender('http://mail.example', FROM)).toThrow('SMTP_URL must be smtp://');
    expect(() => new SmtpEmailSender('smtp://mail.example', 'a@b.nz\r\nBcc: x@y.nz')).toThrow('Email sender must be one line.');
  });
});
