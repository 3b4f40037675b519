import type { SMTPTransportOptions, Transporter } from 'nodemailer';
import { assertAddress, assertHeaderSafe, type EmailMessage, type EmailSender } from './email-sender';

/** Ids remembered as sent; the oldest are forgotten past this (a reactor never resends old ones). */
const REMEMBERED_IDS = 10_000;

export interface SmtpOptions {
  /** Connecting, the greeting and each reply must come within this, so a stuck server fails a send (and a reactor retries) instead of hanging it. */
  timeoutMs?: number;
}

/**
 * Email through an SMTP server (`SMTP_URL`, e.g. `smtp://user:pass@mail.example:587`) with
 * nodemailer: plain UTF-8 text, RFC 2047 subject, `Message-ID: <id@sender's domain>` like the
 * outbox's, so a mail server's logs and a recipient's client name the same message.
 *
 * SMTP cannot deduplicate, so `send` remembers the ids it delivered and sends an id again only
 * after a failure; two concurrent sends of one id deliver once. That record lives in this
 * process only: the durable guard is the caller's, a reactor keyed by event id whose checkpoint
 * moves past the event once `send` resolved. A crash between delivery and that checkpoint sends
 * the message again at the next start: at-least-once, as SMTP itself is.
 */
export class SmtpEmailSender implements EmailSender {
  readonly describe: string;
  private transporter: Promise<Transporter> | undefined;
  /** id → the delivery in flight or done; a failed delivery is forgotten, so a retry sends. */
  private readonly deliveries = new Map<string, Promise<void>>();
  private readonly domain: string;

  constructor(
    private readonly url: string,
    private readonly from: string,
    private readonly options: SmtpOptions = {},
  ) {
    assertHeaderSafe('sender', from);
    const parsed = new URL(url);
    if (!['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname) throw new Error('SMTP_URL must be smtp://host[:port] or smtps://host[:port].');
    // Never the credentials: this string goes to logs.
    this.describe = `smtp ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
    this.domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';
  }

  send(message: EmailMessage): Promise<void> {
    if (!/^[\w.-]{1,200}$/.test(message.id)) return Promise.reject(new Error(`Email id must be 1-200 letters, digits, ".", "_" or "-": ${JSON.stringify(message.id)}`));
    try {
      assertAddress(message.to);
      assertHeaderSafe('subject', message.subject);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const known = this.deliveries.get(message.id);
    if (known) return known;
    const delivery = this.deliver(message).catch((error: unknown) => {
      this.deliveries.delete(message.id);
      throw error;
    });
    this.deliveries.set(message.id, delivery);
    if (this.deliveries.size > REMEMBERED_IDS) this.deliveries.delete(this.deliveries.keys().next().value!);
    return delivery;
  }

  /** Closes the server connections nodemailer keeps. */
  async close(): Promise<void> {
    (await this.transporter)?.close();
  }

  private async deliver(message: EmailMessage): Promise<void> {
    const transporter = await this.connect();
    try {
      const info = await transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: `<${message.id}@${this.domain}>`,
      });
      const rejected = (info as { rejected?: unknown[] }).rejected ?? [];
      if (rejected.length) throw new Error(`the server refused the recipient (${String(rejected[0])})`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Email ${message.id} to ${message.to} was not sent: ${reason}`, { cause: error });
    }
  }

  private connect(): Promise<Transporter> {
    // Imported at the first send, so a process that never mails does not load nodemailer.
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
      const timeout = this.options.timeoutMs ?? 30_000;
      const options: SMTPTransportOptions = {
        url: this.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        // Our messages are text we wrote: no attachment may read a file or fetch a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      };
      return nodemailer.createTransport(options);
    });
    return this.transporter;
  }
}
