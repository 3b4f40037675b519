import { emailSenderFor } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole as setRoles } from '../leads/test-fixtures';
import { client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';

describe('GET /api/admin/outbox', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz' });
    admin = client(t.app);
    // Registering a listed address mails its owner the admin link: the outbox's first email.
    await registerAdmin(t, admin, 'boss@example.nz');
    const sender = emailSenderFor(t.deps.config);
    for (const n of [1, 2, 3]) await sender.send({ id: `test-${n}`, to: `person${n}@example.nz`, subject: `Kāinga note ${n}`, text: `Kia ora ${n}\nSecond line` });
  });
  afterAll(() => t.close());

  it('answers the outbox newest first, a page at a time, with the total', async () => {
    const res = await admin.get('/api/admin/outbox?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.delivery).toBe('outbox');
    expect(body.total).toBe(4);
    expect(body.messages.map((m: { id: string }) => m.id)).toEqual(['test-3', 'test-2']);
    expect(body.messages[0]).toMatchObject({ to: 'person3@example.nz', subject: 'Kāinga note 3', text: 'Kia ora 3\nSecond line\n' });
    expect(new Date(body.messages[0].date).toString()).not.toBe('Invalid Date');

    const last = (await admin.get('/api/admin/outbox?page=2&pageSize=2')).json();
    expect(last.messages.map((m: { to: string }) => m.to)).toEqual(['person1@example.nz', 'boss@example.nz']);
    expect(last.messages[1].subject).toMatch(/admin/i);
  });

  it('refuses a bad page and anyone but an admin', async () => {
    expect((await admin.get('/api/admin/outbox?pageSize=500')).json().message).toMatch(/pageSize/);
    const someone = client(t.app);
    expect((await someone.get('/api/admin/outbox')).statusCode).toBe(401);
    await someone.register('someone@example.nz');
    const refused = await someone.get('/api/admin/outbox');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Kia ora');
  });

  it('says mail goes to SMTP, with an empty page, when SMTP_URL is set', async () => {
    // Nothing is sent here, so no server need listen.
    const smtp = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', EMAIL_FROM: 'Kāinga <no-reply@example.nz>' });
    try {
      const boss = client(smtp.app);
      const { id } = await boss.register('boss@example.nz');
      await setRoles(smtp.stores, id, ['general', 'admin']);
      const res = await boss.get('/api/admin/outbox');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ delivery: 'smtp', total: 0, messages: [] });
    } finally {
      await smtp.close();
    }
  });
});
