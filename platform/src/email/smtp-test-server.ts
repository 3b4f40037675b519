import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What a mail server received, parsed as a mail client would. */
export interface ReceivedEmail {
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** As `type; charset=…`. */
  contentType: string;
  /** Who the session authenticated as. */
  user: string | null;
}

const contentTypeOf = (header: unknown) => {
  const { value = '', params = {} } = (header ?? {}) as { value?: string; params?: Record<string, string> };
  return [value, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)].join('; ');
};

export interface SmtpTestServer {
  /** `smtp://user:pass@127.0.0.1:<port>`, the credentials the server demands. */
  url: string;
  received: ReceivedEmail[];
  /** While set, every RCPT TO is answered 550, as a server refusing a recipient does. */
  refuseRecipients: boolean;
  close(): Promise<void>;
}

const USER = 'kainga';
const PASS = 'test-password';

/**
 * A real SMTP server in this process (smtp-server, on a free port of 127.0.0.1) for tests: it
 * demands the URL's credentials, refuses recipients on demand and keeps what it received, each
 * message parsed (mailparser) before the client is told 250.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedEmail[] = [];
  const state = { refuseRecipients: false };
  const server = new SMTPServer({
    // Plain text on loopback: STARTTLS would offer smtp-server's published test certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (state.refuseRecipients) callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          const from = mail.from?.value[0];
          received.push({
            envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
            from: from ? (from.name ? `${from.name} <${from.address}>` : (from.address ?? '')) : '',
            to: to?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
            contentType: contentTypeOf(mail.headers.get('content-type')),
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    received,
    get refuseRecipients() {
      return state.refuseRecipients;
    },
    set refuseRecipients(value: boolean) {
      state.refuseRecipients = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
