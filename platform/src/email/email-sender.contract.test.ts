import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FROM, emailSenderContract } from '../testing/email-sender-contract';
import { OutboxEmailSender, readOutbox } from './outbox-email-sender';
import { SmtpEmailSender } from './smtp-email-sender';
import { startSmtpTestServer } from './smtp-test-server';

emailSenderContract('outbox (.eml files)', {
  open: async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kainga-outbox-')), 'outbox');
    return {
      sender: new OutboxEmailSender(dir, FROM),
      // While a file stands where the folder should be, that file is all there is: nothing arrived.
      delivered: async () => (existsSync(dir) && statSync(dir).isFile() ? [] : await readOutbox(dir)).map(({ messageId, from, to, subject, text }) => ({ messageId, from, to, subject, text })),
      // A file where the folder should be: every write fails, as on a full or read-only disk.
      refuse: async () => writeFileSync(dir, ''),
      heal: async () => rmSync(dir),
    };
  },
});

emailSenderContract('SMTP (nodemailer to an in-process smtp-server)', {
  open: async () => {
    const server = await startSmtpTestServer();
    const sender = new SmtpEmailSender(server.url, FROM, { timeoutMs: 5_000 });
    return {
      sender,
      delivered: async () => server.received.map(({ messageId, from, to, subject, text }) => ({ messageId, from, to, subject, text })),
      refuse: async () => {
        server.refuseRecipients = true;
      },
      heal: async () => {
        server.refuseRecipients = false;
      },
      close: async () => {
        await sender.close();
        await server.close();
      },
    };
  },
});
