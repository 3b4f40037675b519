import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertAddress, assertHeaderSafe, type EmailMessage, type EmailSender } from './email-sender';

/** RFC 2047 encoded-word for a header with non-ASCII text (e.g. the macron in Kāinga). */
const encodeWord = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);
const decodeWords = (value: string) => value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

/** RFC 5322 date: "Sun, 22 Nov 2026 09:00:00 +0000". */
const rfc5322Date = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');

/**
 * The message as an RFC 5322 / MIME file: CRLF line ends, UTF-8 text sent 8bit (readable in an
 * editor, and any mail client opens it). Lines longer than SMTP's 998 octets are refused.
 */
export function formatEml(message: EmailMessage & { from: string; date: Date }): string {
  assertHeaderSafe('sender', message.from);
  assertAddress(message.to);
  assertHeaderSafe('subject', message.subject);
  const lines = message.text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  if (lines.some((l) => Buffer.byteLength(l, 'utf8') > 998)) throw new Error('Email text has a line longer than 998 bytes.');
  const domain = /@([^>\s]+)>?$/.exec(message.from)?.[1] ?? 'localhost';
  const headers = [
    `From: ${encodeWord(message.from)}`,
    `To: ${message.to}`,
    `Subject: ${encodeWord(message.subject)}`,
    `Date: ${rfc5322Date(message.date)}`,
    `Message-ID: <${message.id}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${lines.join('\r\n')}\r\n`;
}

/**
 * Email written as `.eml` files into a folder (DATA_DIR/outbox) until SMTP is configured. Each
 * message is named by its id, so sending it again writes nothing new, and appears whole or not
 * at all (written aside, then linked into place).
 */
export class OutboxEmailSender implements EmailSender {
  readonly describe: string;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly now = () => new Date(),
  ) {
    this.describe = `outbox ${dir}`;
  }

  async send(message: EmailMessage): Promise<void> {
    if (!/^[\w.-]{1,200}$/.test(message.id)) throw new Error(`Email id must be a plain file name: ${JSON.stringify(message.id)}`);
    const eml = formatEml({ ...message, from: this.from, date: this.now() });
    const file = join(this.dir, `${message.id}.eml`);
    if (existsSync(file)) return;
    try {
      await mkdir(this.dir, { recursive: true });
      const aside = join(this.dir, `.${message.id}.${randomUUID()}.tmp`);
      await writeFile(aside, eml, { mode: 0o600 });
      // link, unlike rename, fails when the name exists: of two sends of one id, the first stays.
      try {
        await link(aside, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await unlink(aside);
      }
    } catch (error) {
      throw new Error(`Email ${message.id} to ${message.to} was not sent: ${(error as Error).message}`, { cause: error });
    }
  }
}

export interface OutboxMessage {
  file: string;
  /** `<id@domain>`, as in the header. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  date: Date;
  text: string;
}

/**
 * The messages in an outbox folder, oldest first (for admins, operators and tests). A message
 * deleted while the folder is read (an erasure and its reactor both removing a person's mail, the
 * retention schedule pruning old mail) is left out, not an error.
 */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  const read = await Promise.all(
    files.map(async (file) => {
      let raw: string;
      let written: number;
      try {
        [raw, written] = await Promise.all([readFile(join(dir, file), 'utf8'), stat(join(dir, file)).then((s) => s.mtimeMs)]);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const split = raw.indexOf('\r\n\r\n');
      const headers = new Map(
        raw
          .slice(0, split)
          .split('\r\n')
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
      );
      return {
        file,
        messageId: headers.get('message-id') ?? '',
        from: decodeWords(headers.get('from') ?? ''),
        to: headers.get('to') ?? '',
        subject: decodeWords(headers.get('subject') ?? ''),
        date: new Date(headers.get('date') ?? 0),
        text: raw.slice(split + 4).replace(/\r\n/g, '\n'),
        written,
      };
    }),
  );
  const messages = read.filter((m) => m !== null);
  // The Date header counts whole seconds; the file's write time orders messages within one.
  return messages.sort((a, b) => a.written - b.written || a.file.localeCompare(b.file)).map(({ written: _, ...m }) => m);
}
