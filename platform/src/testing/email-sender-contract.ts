import { afterEach, describe, expect, it } from 'vitest';
import type { EmailMessage, EmailSender } from '../email/email-sender';

/** A delivered message as its recipient's client would show it. */
export interface DeliveredEmail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** A sender on a fresh destination, and the means to look at and break that destination. */
export interface EmailSenderFixture {
  sender: EmailSender;
  /** What arrived, oldest first. */
  delivered(): Promise<DeliveredEmail[]>;
  /** Makes the destination refuse every message (a full disk, a server rejecting RCPT) until `heal`. */
  refuse(): Promise<void>;
  heal(): Promise<void>;
  close?(): Promise<void>;
}

export interface EmailSenderFactory {
  /** Senders send as `FROM`; Message-IDs are `<id@kainga.example>`. */
  open(): Promise<EmailSenderFixture>;
}

export const FROM = 'Kāinga <no-reply@kainga.example>';

const message: EmailMessage = {
  id: 'evt-0001',
  to: 'mere@example.nz',
  subject: 'Nau mai ki Kāinga: confirm your address',
  text: 'Kia ora Mere,\n\nWelcome to Kāinga — tō kāinga, tō mana.\nOpen this link:\nhttps://kainga.example/api/auth/admin-email?token=abc\n',
};

/**
 * One contract for every EmailSender adapter: what a recipient gets, idempotency by id, and
 * failures a reactor can retry.
 */
export function emailSenderContract(name: string, factory: EmailSenderFactory | null) {
  describe.skipIf(!factory)(`EmailSender contract: ${name}`, () => {
    const open: EmailSenderFixture[] = [];
    const start = async () => {
      const fixture = await factory!.open();
      open.push(fixture);
      return fixture;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((f) => f.close?.()));
    });

    it('delivers recipient, non-ASCII subject and UTF-8 text as written, from the sender, with the id as Message-ID', async () => {
      const { sender, delivered } = await start();
      await sender.send(message);
      expect(await delivered()).toEqual([{ messageId: '<evt-0001@kainga.example>', from: FROM, to: 'mere@example.nz', subject: message.subject, text: message.text }]);
    });

    it('delivers a message once however often, and however concurrently, its id is sent', async () => {
      const { sender, delivered } = await start();
      await sender.send(message);
      await sender.send({ ...message, subject: 'changed' });
      await Promise.all([1, 2, 3].map(() => sender.send({ ...message, id: 'evt-0002' })));
      expect((await delivered()).map((m) => [m.messageId, m.subject])).toEqual([
        ['<evt-0001@kainga.example>', message.subject],
        ['<evt-0002@kainga.example>', message.subject],
      ]);
    });

    it('refuses a bad recipient, subject or id before anything is sent', async () => {
      const { sender, delivered } = await start();
      await expect(sender.send({ ...message, to: 'not an address' })).rejects.toThrow('Not an email address');
      await expect(sender.send({ ...message, to: '' })).rejects.toThrow('Not an email address');
      await expect(sender.send({ ...message, to: 'mere@example.nz, all@example.nz' })).rejects.toThrow('Not an email address');
      await expect(sender.send({ ...message, to: 'mere@example.nz\r\nBcc: all@example.nz' })).rejects.toThrow('Email recipient must be one line.');
      await expect(sender.send({ ...message, subject: 'Hi\nBcc: all@example.nz' })).rejects.toThrow('Email subject must be one line.');
      await expect(sender.send({ ...message, id: '../escape' })).rejects.toThrow('Email id must be');
      await expect(sender.send({ ...message, id: 'a@b' })).rejects.toThrow('Email id must be');
      expect(await delivered()).toEqual([]);
    });

    it('rejects a send its destination refuses, remembering nothing, so a retry delivers it once', async () => {
      const fixture = await start();
      await fixture.refuse();
      await expect(fixture.sender.send(message)).rejects.toThrow(/^Email evt-0001 to mere@example\.nz was not sent: \S/);
      expect(await fixture.delivered()).toEqual([]);
      await fixture.heal();
      await fixture.sender.send(message);
      await fixture.sender.send(message);
      expect((await fixture.delivered()).map((m) => m.messageId)).toEqual(['<evt-0001@kainga.example>']);
    });

    it('delivers different ids to their own recipients, in the order sent', async () => {
      const { sender, delivered } = await start();
      for (const [i, to] of ['a@example.nz', 'b@example.nz', 'c@example.co.nz'].entries()) await sender.send({ ...message, id: `evt-1${i}`, to, subject: `Message ${i}` });
      expect((await delivered()).map((m) => [m.to, m.subject])).toEqual([
        ['a@example.nz', 'Message 0'],
        ['b@example.nz', 'Message 1'],
        ['c@example.co.nz', 'Message 2'],
      ]);
    });
  });
}
