import { adImpressionAllowanceStream } from '@kainga/contracts';
import { SqliteEventStore } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWANCE_BLOCK, ALLOWANCE_BLOCK_MAX, AllowanceHolder } from './allowance-holder';

const now = Date.parse('2026-12-01T00:00:00Z');
const newStore = () => new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'allowance-')), 'e.sqlite'));
const takeMany = (holder: AllowanceHolder, n: number, cap: number) => Promise.all(Array.from({ length: n }, () => holder.take('sub-1', '2026-12', cap, now)));
const taken = async (store: SqliteEventStore) =>
  (await store.readStream(adImpressionAllowanceStream('sub-1', '2026-12'))).reduce((n, e) => n + (e.type === 'AdImpressionsReserved' ? 1 : e.type === 'AdImpressionsReturned' ? -1 : 0) * (e.data as { count: number }).count, 0);

describe('a process’s share of a subscription’s monthly impressions', () => {
  it('lets exactly the cap through when three processes take at once, and reserves a block per hundred, not per impression', async () => {
    const store = newStore();
    const holders = [new AllowanceHolder(store), new AllowanceHolder(store), new AllowanceHolder(store)];
    const answers = (await Promise.all(holders.map((h) => takeMany(h, 400, 1000)))).flat();
    expect(answers.filter(Boolean)).toHaveLength(1000);
    const stream = await store.readStream(adImpressionAllowanceStream('sub-1', '2026-12'));
    expect(stream.length).toBeLessThanOrEqual(Math.ceil(1000 / ALLOWANCE_BLOCK) + 3);
    expect(await taken(store)).toBe(1000);
  });

  it('reserves bigger blocks for a busy advert, up to a limit, and small ones for a quiet one', async () => {
    const store = newStore();
    const busy = new AllowanceHolder(store);
    // Every impression at the same moment: each block is spent at once, so the next doubles.
    for (let i = 0; i < 12_000; i++) expect(await busy.take('sub-1', '2026-12', 100_000, now)).toBe(true);
    const blocks = (await store.readStream(adImpressionAllowanceStream('sub-1', '2026-12'))).map((e) => (e.data as { count: number }).count);
    expect(blocks.slice(0, 5)).toEqual([100, 200, 400, 800, 1600]);
    expect(Math.max(...blocks)).toBe(ALLOWANCE_BLOCK_MAX);

    const quiet = new AllowanceHolder(store);
    // One impression a minute and more: every block stays the smallest.
    for (let i = 0; i < 250; i++) expect(await quiet.take('sub-2', '2026-12', 100_000, now + i * 61_000)).toBe(true);
    const quietBlocks = (await store.readStream(adImpressionAllowanceStream('sub-2', '2026-12'))).map((e) => (e.data as { count: number }).count);
    expect(new Set(quietBlocks)).toEqual(new Set([ALLOWANCE_BLOCK]));
  });

  it('gives back what it holds unused at close, so the next process may count it', async () => {
    const store = newStore();
    const first = new AllowanceHolder(store);
    expect((await takeMany(first, 30, 150)).every(Boolean)).toBe(true);
    await first.close();
    expect(await taken(store)).toBe(30);
    const next = new AllowanceHolder(store);
    expect((await takeMany(next, 200, 150)).filter(Boolean)).toHaveLength(120);
  });

  it('puts back an impression whose event was not written', async () => {
    const store = newStore();
    const holder = new AllowanceHolder(store);
    expect((await takeMany(holder, 5, 5)).every(Boolean)).toBe(true);
    expect(await holder.take('sub-1', '2026-12', 5, now)).toBe(false);
    holder.giveBack('sub-1', '2026-12');
    expect(await holder.take('sub-1', '2026-12', 5, now)).toBe(true);
  });
});
