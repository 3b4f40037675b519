import { Counter } from 'prom-client';
import type { EmailMessage, EmailSender } from '../email/email-sender';
import { metricsRegistry } from './registry';

export const emailSends = new Counter({
  name: 'kainga_email_sends_total',
  help: 'Emails handed to the transport (smtp, or outbox: .eml files in DATA_DIR/outbox), by outcome (sent, failed).',
  labelNames: ['transport', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** An EmailSender whose sends are counted by outcome; the sender itself (`inner`) is unchanged. */
export class MeteredEmailSender implements EmailSender {
  readonly describe: string;
  private readonly sent;
  private readonly failed;

  constructor(
    readonly inner: EmailSender,
    transport: 'smtp' | 'outbox',
  ) {
    this.describe = inner.describe;
    this.sent = emailSends.labels(transport, 'sent');
    this.failed = emailSends.labels(transport, 'failed');
  }

  async send(message: EmailMessage): Promise<void> {
    try {
      await this.inner.send(message);
      this.sent.inc();
    } catch (error) {
      this.failed.inc();
      throw error;
    }
  }
}
