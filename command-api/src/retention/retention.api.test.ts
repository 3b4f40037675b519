import { OutboxEmailSender, outboxDirOf, readOutbox } from '@kainga/platform';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VISITOR_KEY_PREFIX, utcDayOf } from '../advertising/activity/visitor-day-keys';
import { buildApp } from '../app';
import { ReadStoreSessionStore, SESSIONS } from '../plugins/session-store';
import { client, startTestApp, type TestApp } from '../testing/test-app';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('what the running service keeps about visitors only for a while', () => {
  it('is dropped when an API process starts: expired sessions, visitor keys past two days, mail past its period; what is current stays', async () => {
    const now = Date.now();
    const keys = t.stores.personalKeys;
    const [old, yesterday, today] = [now - 2 * DAY, now - DAY, now].map((ms) => `${VISITOR_KEY_PREFIX}${utcDayOf(ms)}`);
    for (const scope of [old!, yesterday!]) await keys.keyFor(scope, null);
    const todayKey = await keys.keyFor(today!, null);

    const outbox = outboxDirOf(t.deps.config);
    const sender = new OutboxEmailSender(outbox, 'Kāinga <no-reply@kainga.nz>');
    await sender.send({ id: 'old-mail', to: 'old@example.nz', subject: 'Old', text: 'Old news' });
    await sender.send({ id: 'new-mail', to: 'new@example.nz', subject: 'New', text: 'News' });
    const aged = new Date(now - 31 * DAY);
    utimesSync(join(outbox, 'old-mail.eml'), aged, aged);

    // A signed-in person's session, and one whose time is up.
    const person = client(t.app);
    await person.register('kept-session@example.nz');
    const sessions = new ReadStoreSessionStore(t.stores.readStore, 1000);
    await new Promise<void>((resolve, reject) => sessions.set('expired-sid', { cookie: { expires: new Date(now - 1000) } } as never, (err) => (err ? reject(err) : resolve())));

    // Another API process starts (a restart, or a replica of a distributed run).
    const second = await buildApp(t.deps);
    try {
      await second.ready();
      await vi.waitFor(async () => {
        expect(await keys.vault.keyOf(old!)).toBeNull();
        expect(await t.stores.readStore.collection(SESSIONS).findOne({ _id: 'expired-sid' })).toBeNull();
        expect((await readOutbox(outbox)).map((m) => m.to)).toEqual(['new@example.nz']);
      });
      expect(await keys.vault.keyOf(yesterday!)).not.toBeNull();
      expect(await keys.vault.keyOf(today!)).toEqual(todayKey);
      expect((await keys.vault.tombstones()).map((s) => s.scope)).toContain(old);
      expect((await person.get('/api/auth/user')).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps mail for OUTBOX_RETENTION_DAYS, as configured', async () => {
    const short = await startTestApp({ OUTBOX_RETENTION_DAYS: '2' });
    try {
      const outbox = outboxDirOf(short.deps.config);
      const sender = new OutboxEmailSender(outbox, 'Kāinga <no-reply@kainga.nz>');
      await sender.send({ id: 'three-days', to: 'three@example.nz', subject: 'Three days', text: 'Old' });
      await sender.send({ id: 'one-day', to: 'one@example.nz', subject: 'One day', text: 'New' });
      utimesSync(join(outbox, 'three-days.eml'), new Date(Date.now() - 3 * DAY), new Date(Date.now() - 3 * DAY));
      utimesSync(join(outbox, 'one-day.eml'), new Date(Date.now() - DAY), new Date(Date.now() - DAY));
      const second = await buildApp(short.deps);
      await second.ready();
      await vi.waitFor(async () => expect((await readOutbox(outbox)).map((m) => m.to)).toEqual(['one@example.nz']));
      await second.close();
    } finally {
      await short.close();
    }
  });
});
