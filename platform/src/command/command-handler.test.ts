import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { handleCommand } from './command-handler';
import type { Decider } from './decider';
import { CommandError } from './errors';

type Ev = { type: 'Deposited'; data: { amount: number } };
type Cmd = { type: 'Deposit'; amount: number; max: number };
const account: Decider<{ balance: number }, Cmd, Ev> = {
  initialState: () => ({ balance: 0 }),
  evolve: (s, e) => ({ balance: s.balance + e.data.amount }),
  decide: (c, s) => {
    if (s.balance + c.amount > c.max) throw new CommandError('conflict', 'Over the limit.');
    return [{ type: 'Deposited', data: { amount: c.amount } }];
  },
};
const store = () => new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'handler-')), 'e.sqlite'));
const ctx = (key: string) => ({ idempotencyKey: key, metadata: { actorId: 'u', actorRoles: [], correlationId: key, causationId: null, occurredAt: '' } });

describe('handleCommand', () => {
  it('reads, decides and appends with the expected revision', async () => {
    const es = store();
    const r1 = await handleCommand(es, account, 'account-1', { type: 'Deposit', amount: 5, max: 100 }, ctx('k1'));
    const r2 = await handleCommand(es, account, 'account-1', { type: 'Deposit', amount: 7, max: 100 }, ctx('k2'));
    expect([r1.revision, r2.revision, r2.state.balance]).toEqual([0, 1, 12]);
  });

  it('appends nothing twice for the same idempotency key and answers as the first time', async () => {
    const es = store();
    const first = await handleCommand(es, account, 'account-2', { type: 'Deposit', amount: 5, max: 100 }, ctx('same'));
    const again = await handleCommand(es, account, 'account-2', { type: 'Deposit', amount: 5, max: 100 }, ctx('same'));
    expect(again.events).toEqual(first.events);
    expect(again.position).toBe(first.position);
    expect([first.alreadyApplied, again.alreadyApplied]).toEqual([false, true]);
    expect(await es.readStream('account-2')).toHaveLength(1);
  });

  it('retries on a concurrent write and decides again on the fresh state', async () => {
    const es = store();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => handleCommand(es, account, 'account-3', { type: 'Deposit', amount: 10, max: 30 }, ctx(`c${i}`))),
    );
    // Every command saw the latest balance: three fit under the limit, the fourth is refused by the rule.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as CommandError).message).toBe('Over the limit.');
    expect((await es.readStream('account-3')).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('takes more attempts when asked, so every one of many concurrent writers is decided rather than told to retry', async () => {
    const es = store();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => handleCommand(es, account, 'account-5', { type: 'Deposit', amount: 1, max: 100 }, ctx(`m${i}`), { maxAttempts: 12 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(12);
    expect(await es.readStream('account-5')).toHaveLength(12);
  });

  it('propagates a refusal and appends nothing', async () => {
    const es = store();
    await expect(handleCommand(es, account, 'account-4', { type: 'Deposit', amount: 500, max: 100 }, ctx('x'))).rejects.toThrow('Over the limit.');
    expect(await es.readStream('account-4')).toEqual([]);
  });
});
