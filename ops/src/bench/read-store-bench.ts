import { EmbeddedReadStore, type ReadStore } from '@kainga/platform';
import { cityKey, recentCompletedValuations, SALES, salesInCity, VALUATIONS } from '@kainga/projections';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { prng } from './events';

export interface PagedQueryResult {
  documents: number;
  /** GET /api/summaries/valuations?pageSize=10: the 10 latest completed valuations. */
  summariesUs: number;
  /** Research comparables: one town's sales of the last 24 months (of 60 towns). */
  townSalesUs: number;
  townSales: number;
}

const TOWNS = 60;

/**
 * The paged and town-scoped queries behind the hot public routes, on an EmbeddedReadStore
 * holding `documents` valuations and as many sales: microseconds per query. With the read
 * models' indexes both should cost the same at 100 documents as at 100,000.
 */
export async function pagedQueryBench(documents: number): Promise<PagedQueryResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kainga-read-bench-'));
  const store = new EmbeddedReadStore(join(dir, 'read.sqlite'));
  try {
    // The indexes the valuations and sales read models declare.
    await store.ensureIndex(VALUATIONS, { status: 1, createdAt: -1, _id: 1 });
    await store.ensureIndex(SALES, { cityKey: 1, saleDate: -1, _id: 1 });
    await fill(store, documents);
    const now = new Date('2026-06-01T00:00:00Z');
    const since = new Date(now.getTime() - 730 * 86_400_000).toISOString().slice(0, 10);
    let townSales = 0;
    const summariesUs = await perQuery(async () => void (await recentCompletedValuations(store, 10)));
    const townSalesUs = await perQuery(async () => void (townSales = (await salesInCity(store, 'Town 7', since)).length));
    return { documents, summariesUs, townSalesUs, townSales };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function fill(store: ReadStore, n: number) {
  const random = prng(42);
  const day = (i: number) => new Date(Date.parse('2023-01-01T00:00:00Z') + i * 60_000 * Math.max(1, Math.floor(1_500_000 / n))).toISOString();
  for (let start = 0; start < n; start += 10_000) {
    const valuations = [];
    const sales = [];
    for (let i = start; i < Math.min(n, start + 10_000); i++) {
      const town = `Town ${Math.floor(random() * TOWNS)}`;
      const property = { address: `${i} Main Road`, suburb: 'Central', city: town, bedrooms: 3, bathrooms: 2, floorArea: 140, landArea: 600, rateableValue: 700_000 };
      const comparables = Array.from({ length: 5 }, (_, k) => ({ saleId: `s${i}-${k}`, address: `${k} Side St`, salePrice: 690_000 + k * 10_000, saleDate: '2025-03-01', similarity: 0.8 }));
      valuations.push({
        insertOne: {
          document: {
            _id: `v${String(i).padStart(7, '0')}`,
            userId: `u${i % 500}`,
            status: random() < 0.9 ? 'completed' : 'pending',
            createdAt: day(i),
            property,
            comparables,
            band: { low: 650_000, high: 750_000 },
            bucket: 4,
            demo: false,
          },
        },
      });
      sales.push({ insertOne: { document: { _id: `s${i}`, ...property, cityKey: cityKey(town), salePrice: 700_000, saleDate: day(i).slice(0, 10) } } });
    }
    await store.collection(VALUATIONS).bulkWrite(valuations);
    await store.collection(SALES).bulkWrite(sales);
  }
}

/** Microseconds per call: warm up, then as many calls as fit in about half a second. */
async function perQuery(query: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 3; i++) await query();
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < 500) {
    await query();
    calls += 1;
  }
  return ((performance.now() - started) * 1000) / calls;
}

/** `tsx ops/src/bench/read-store-bench.ts [documents…]`: default 100 and 100,000. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [100, 100_000];
  for (const n of sizes) {
    const r = await pagedQueryBench(n);
    console.log(`${n.toLocaleString('en-NZ')} documents: summaries page ${r.summariesUs.toFixed(1)} µs · one town's sales (${r.townSales}) ${r.townSalesUs.toFixed(1)} µs`);
  }
}
