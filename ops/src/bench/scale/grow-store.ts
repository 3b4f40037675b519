import { registerAccount, requestValuation, type AppDeps } from '@kainga/command-api';
import { conditionKeys, csvRows, VALUATION_TIMEOUT_MS, VALUATION_WORKFLOW, type ConditionScores, type EventMetadata } from '@kainga/contracts';
import { eventIdFor, type NewEvent } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { demoValuationRequest } from '../../demo/demo-request';
import { generateDemoSales, type DemoSale } from '../../demo/market-generator';
import { importSales } from '../../import-sales/import-sales';
import { saleColumns } from '../../import-sales/validate-row';
import { bar, note } from '../progress';
import type { ScaleSize } from './sizes';

/** What the log holds, counted from the event store itself. */
export interface StoreCounts {
  events: number;
  sales: number;
  valuations: number;
}

export async function countStore(deps: AppDeps): Promise<StoreCounts> {
  const events = deps.stores.eventStore;
  return {
    events: await events.countEvents(),
    sales: await events.countEvents({ eventTypes: ['SaleRecorded'] }),
    valuations: await events.countEvents({ eventTypes: ['ValuationCompleted'] }),
  };
}

/** Sales go through the CSV importer in files of this many rows (one progress line each). */
const IMPORT_FILE_ROWS = 25_000;
/** Valuations run this many at a time, as concurrent people would. */
const VALUATIONS_IN_FLIGHT = 4;
/** Synthetic events per append (a batch, as a high-volume writer would append). */
const SYNTHETIC_PER_APPEND = 1_000;
export const SYNTHETIC_TYPES = ['BenchImpressionRecorded', 'BenchClickRecorded', 'BenchPageViewed'] as const;

/**
 * Grows the store to `size` through the real paths: sales as CSV files through `importSales`
 * (validation, idempotent `recordSale`), valuations as people's requests through
 * `requestValuation` and the valuation workflow, then synthetic events of types no projection
 * reads until the log holds `size.events`.
 */
export async function growStore(deps: AppDeps, size: ScaleSize, seed: number): Promise<StoreCounts> {
  const now = new Date();
  let counts = await countStore(deps);

  if (counts.sales < size.sales) {
    const missing = size.sales - counts.sales;
    // The generator makes `perCity` sales in each of the 90 towns; ask for a little more than needed.
    const perCity = Math.ceil(missing / 90) + 1;
    const sales = generateDemoSales({ seed, now, perCity }).slice(0, missing);
    const progress = bar('import sales (CSV)', sales.length, 'rows');
    let imported = 0;
    for (let i = 0; i < sales.length; i += IMPORT_FILE_ROWS) {
      const rows = sales.slice(i, i + IMPORT_FILE_ROWS);
      const summary = await importSales(deps.stores, salesCsv(rows), {
        source: `bench-scale:${seed}`,
        correlationId: `bench-scale:${seed}:${i}`,
        now,
        demo: true,
        onProgress: (done) => progress.update(i + done),
      });
      if (summary.rejected > 0) throw new Error(`the importer rejected ${summary.rejected} generated rows, first: ${summary.errors[0]?.message}`);
      imported += summary.imported;
    }
    progress.stop();
    note(`imported ${imported.toLocaleString('en-NZ')} sales (${(sales.length - imported).toLocaleString('en-NZ')} already present)`);
  }

  counts = await countStore(deps);
  if (counts.valuations < size.valuations && deps.workflowEngine) {
    const engine = deps.workflowEngine;
    const missing = size.valuations - counts.valuations;
    const owners = await benchOwners(deps, seed, 20);
    const homes = generateDemoSales({ seed: seed + 1, now, perCity: Math.ceil(missing / 90) + 1 }).slice(0, missing);
    const progress = bar('value properties', homes.length, 'valuations');
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: VALUATIONS_IN_FLIGHT }, async () => {
        for (let i = next++; i < homes.length; i = next++) {
          const userId = owners[i % owners.length]!;
          const idempotencyKey = `bench-scale:${seed}:home:${i}`;
          const metadata: EventMetadata = { actorId: userId, actorRoles: ['general'], correlationId: idempotencyKey, causationId: null, occurredAt: now.toISOString() };
          const valuationId = eventIdFor(idempotencyKey, 'valuation', 0);
          await requestValuation(deps.stores.eventStore, { valuationId, userId, request: homeRequest(homes[i]!, i), demo: true }, { idempotencyKey, metadata });
          await engine.execute(VALUATION_WORKFLOW, { valuationId }, { workflowId: `valuation-${valuationId}`, timeoutMs: VALUATION_TIMEOUT_MS });
          if (++done % 50 === 0) progress.update(done);
        }
      }),
    );
    progress.update(done);
    progress.stop();
  }

  counts = await countStore(deps);
  if (counts.events < size.events) {
    const missing = size.events - counts.events;
    const progress = bar('synthetic events', missing, 'events');
    for (let written = 0; written < missing; ) {
      const n = Math.min(SYNTHETIC_PER_APPEND, missing - written);
      await deps.stores.eventStore.append(`benchNoise-${seed}-${written}`, syntheticEvents(n, written), { expectedRevision: 'no_stream' });
      written += n;
      if (written % 20_000 < SYNTHETIC_PER_APPEND || written === missing) progress.update(written);
    }
    progress.stop();
  }
  return countStore(deps);
}

/** Accounts that own the bench's properties (registered once; later sizes reuse them by key). */
async function benchOwners(deps: AppDeps, seed: number, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `owner${i}.${seed}@scale.bench.kainga.nz`;
    const metadata: EventMetadata = { actorId: null, actorRoles: [], correlationId: `bench-scale:${seed}`, causationId: null, occurredAt: new Date().toISOString() };
    const { userId } = await registerAccount(deps, { email, firstName: `Owner ${i}`, lastName: 'Bench (synthetic)', provider: 'password' }, { idempotencyKey: `bench-scale:${email}`, metadata });
    ids.push(userId);
  }
  return ids;
}

/** The wizard's form for a generated home, with a plausible spread of ratings. */
function homeRequest(home: DemoSale, i: number) {
  const scores: ConditionScores = {};
  conditionKeys.forEach((key, k) => {
    if ((i + k) % 3 !== 0) scores[key] = 1 + ((i + 2 * k) % 5);
  });
  return demoValuationRequest({ ...home, address: home.address.replace(/^\d+/, (n) => String(Number(n) + 1)) }, 'buying', scores);
}

function salesCsv(sales: readonly DemoSale[]): string {
  const cell: Record<(typeof saleColumns)[number], (s: DemoSale) => string | number | null> = {
    address: (s) => s.address,
    suburb: (s) => s.suburb,
    city: (s) => s.city,
    sale_date: (s) => s.saleDate,
    price: (s) => s.price,
    bedrooms: (s) => s.bedrooms,
    bathrooms: (s) => s.bathrooms,
    // The importer's format writes 0 for "none" (a unit's land, say); the generator says null.
    floor_area: (s) => s.floorArea ?? 0,
    land_area: (s) => s.landArea ?? 0,
    rateable_value: (s) => s.rateableValue,
    latitude: (s) => s.latitude,
    longitude: (s) => s.longitude,
    property_type: (s) => s.propertyType ?? null,
  };
  return csvRows([[...saleColumns], ...sales.map((s) => saleColumns.map((c) => cell[c](s)))]);
}

/** Events of types no projection reads, shaped like a high-volume advert stream (hashed address, no raw IP). */
function syntheticEvents(n: number, offset: number): NewEvent[] {
  const occurredAt = new Date().toISOString();
  return Array.from({ length: n }, (_, k) => {
    const i = offset + k;
    return {
      id: randomUUID(),
      type: SYNTHETIC_TYPES[i % SYNTHETIC_TYPES.length]!,
      data: { adId: `ad-${i % 997}`, placement: i % 2 ? 'sidebar' : 'results', ipHash: (i * 2654435761 >>> 0).toString(16), synthetic: true },
      metadata: { actorId: null, actorRoles: [], correlationId: 'bench-scale:synthetic', causationId: null, occurredAt },
    };
  });
}
