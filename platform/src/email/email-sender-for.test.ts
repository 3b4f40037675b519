import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MeteredEmailSender } from '../metrics/email-metrics';
import { emailFrom, emailSenderFor } from './email-sender-for';
import { OutboxEmailSender, readOutbox } from './outbox-email-sender';
import { SmtpEmailSender } from './smtp-email-sender';

const config = (over: Partial<Parameters<typeof emailSenderFor>[0]> = {}) => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'kainga-mail-')),
  SMTP_URL: undefined,
  EMAIL_FROM: undefined,
  PUBLIC_URL: undefined,
  ...over,
});

describe('emailSenderFor', () => {
  it('writes to DATA_DIR/outbox without SMTP_URL, from no-reply at PUBLIC_URL’s host', async () => {
    const c = config({ PUBLIC_URL: 'https://kainga.nz' });
    const sender = emailSenderFor(c);
    expect(sender).toBeInstanceOf(MeteredEmailSender);
    expect((sender as MeteredEmailSender).inner).toBeInstanceOf(OutboxEmailSender);
    expect(sender.describe).toBe(`outbox ${join(c.DATA_DIR, 'outbox')}`);
    await sender.send({ id: 'm1', to: 'a@example.nz', subject: 'Hi', text: 'Hi' });
    expect((await readOutbox(join(c.DATA_DIR, 'outbox')))[0]).toMatchObject({ from: 'Kāinga <no-reply@kainga.nz>', messageId: '<m1@kainga.nz>' });
  });

  it('sends through SMTP_URL when it is set', () => {
    const sender = emailSenderFor(config({ SMTP_URL: 'smtp://u:p@mail.example:587', EMAIL_FROM: 'Kāinga <hello@kainga.nz>' }));
    expect(sender).toBeInstanceOf(MeteredEmailSender);
    expect((sender as MeteredEmailSender).inner).toBeInstanceOf(SmtpEmailSender);
    expect(sender.describe).toBe('smtp mail.example:587');
  });

  it('gives one configuration one sender for the process, so its record of sent ids is shared', () => {
    const c = config({ SMTP_URL: 'smtp://mail.example' , EMAIL_FROM: 'a@kainga.nz' });
    expect(emailSenderFor({ ...c })).toBe(emailSenderFor({ ...c }));
    expect(emailSenderFor({ ...c, EMAIL_FROM: 'b@kainga.nz' })).not.toBe(emailSenderFor(c));
  });

  it('takes EMAIL_FROM as it is, else no-reply at localhost', () => {
    expect(emailFrom({ EMAIL_FROM: 'Mere <mere@kainga.nz>', PUBLIC_URL: 'https://kainga.nz' })).toBe('Mere <mere@kainga.nz>');
    expect(emailFrom({ EMAIL_FROM: undefined, PUBLIC_URL: undefined })).toBe('Kāinga <no-reply@localhost>');
  });
});
