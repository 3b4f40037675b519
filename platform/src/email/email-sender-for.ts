import type { Config } from '../config/config';
import { MeteredEmailSender } from '../metrics/email-metrics';
import type { EmailSender } from './email-sender';
import { OutboxEmailSender } from './outbox-email-sender';
import { outboxDirOf } from './outbox-retention';
import { SmtpEmailSender } from './smtp-email-sender';

export type EmailConfig = Pick<Config, 'DATA_DIR' | 'SMTP_URL' | 'EMAIL_FROM' | 'PUBLIC_URL'>;

/** EMAIL_FROM, else "Kāinga <no-reply@HOST>" with PUBLIC_URL's host (localhost without one). */
export function emailFrom(config: Pick<Config, 'EMAIL_FROM' | 'PUBLIC_URL'>): string {
  return config.EMAIL_FROM ?? `Kāinga <no-reply@${config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost'}>`;
}

const senders = new Map<string, EmailSender>();

/**
 * SMTP when SMTP_URL is set, else `.eml` files in DATA_DIR/outbox. One sender per configuration
 * for the process, so the SMTP sender's record of ids already sent covers every caller.
 */
export function emailSenderFor(config: EmailConfig): EmailSender {
  const from = emailFrom(config);
  const outbox = outboxDirOf(config);
  const key = JSON.stringify([config.SMTP_URL ?? null, outbox, from]);
  let sender = senders.get(key);
  if (!sender) {
    // Counted (kainga_email_sends_total) whichever transport it is.
    sender = config.SMTP_URL ? new MeteredEmailSender(new SmtpEmailSender(config.SMTP_URL, from), 'smtp') : new MeteredEmailSender(new OutboxEmailSender(outbox, from), 'outbox');
    senders.set(key, sender);
  }
  return sender;
}
