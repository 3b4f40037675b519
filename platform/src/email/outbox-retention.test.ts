import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxEmailSender, readOutbox } from './outbox-email-sender';
import { pruneOutbox } from './outbox-retention';

const DAY = 24 * 60 * 60_000;

describe('the outbox’s retention', () => {
  it('deletes mail written before the period and keeps the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-retention-'));
    const sender = new OutboxEmailSender(dir, 'Kāinga <no-reply@kainga.nz>');
    for (const id of ['old', 'recent']) await sender.send({ id, to: `${id}@example.nz`, subject: 'Hello', text: 'Kia ora' });
    const now = Date.now();
    const aged = new Date(now - 31 * DAY);
    utimesSync(join(dir, 'old.eml'), aged, aged);
    writeFileSync(join(dir, '.crashed.123.tmp'), 'half');
    utimesSync(join(dir, '.crashed.123.tmp'), aged, aged);
    writeFileSync(join(dir, 'notes.txt'), 'not mail');
    utimesSync(join(dir, 'notes.txt'), aged, aged);

    expect(await pruneOutbox(dir, 30 * DAY, now)).toBe(2);
    expect((await readOutbox(dir)).map((m) => m.to)).toEqual(['recent@example.nz']);
    expect(existsSync(join(dir, '.crashed.123.tmp'))).toBe(false);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
    expect(await pruneOutbox(dir, 30 * DAY, now)).toBe(0);
  });

  it('has nothing to do without an outbox', async () => {
    expect(await pruneOutbox(join(tmpdir(), 'no-such-outbox-folder'), DAY, Date.now())).toBe(0);
  });
});
