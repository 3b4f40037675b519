/** One plain-text message. `id` makes sending idempotent: the same id is delivered once. */
export interface EmailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * The port for outgoing email. Embedded: `.eml` files in an outbox folder of DATA_DIR (an
 * operator or admin reads them until SMTP is configured); distributed: SMTP (`SMTP_URL`).
 */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  /** Where messages go, for logs: "outbox /data/outbox", "smtp mail.example". */
  readonly describe: string;
}

/** CR or LF in a header value would let text inject headers of its own. */
export function assertHeaderSafe(name: string, value: string) {
  if (/[\r\n]/.test(value)) throw new Error(`Email ${name} must be one line.`);
}

/** A bare address (no display name): enough to refuse nonsense before anything is written. */
export function assertAddress(value: string) {
  assertHeaderSafe('recipient', value);
  if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(value)) throw new Error(`Not an email address: ${JSON.stringify(value)}`);
}
