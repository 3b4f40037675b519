import { UserValuation, VALUATION_WORKFLOW, type Estimate } from '@kainga/contracts';
import { InProcessWorkflowEngine } from '@kainga/platform/workflow';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { completeValuation } from './valuation-commands';

/** Every valuation completes with the same estimate: the list, not the model, is under test here. */
const estimate: Estimate = {
  estimatedValue: 900_000,
  conservativeValue: 850_000,
  optimisticValue: 950_000,
  baseValue: 880_000,
  conditionAdjustment: 15_000,
  marketAdjustment: 5_000,
  confidence: 72,
  engine: 'model',
  engineVersion: 'test',
  explanation: ['Fixed for the test.'],
  fallbackReason: null,
};

let t: TestApp;
beforeAll(async () => {
  const engine = new InProcessWorkflowEngine({
    [VALUATION_WORKFLOW]: async ({ valuationId }: { valuationId: string }) => {
      const meta = { actorId: null, actorRoles: [], correlationId: valuationId, causationId: null, occurredAt: new Date().toISOString() };
      await completeValuation(t.stores.eventStore, valuationId, estimate, meta);
      return estimate;
    },
  });
  t = await startTestApp({}, { workflowEngine: engine });
});
afterAll(() => t.close());

const home = (n: number) => ({ purpose: 'selling', address: `${n} Tōtara Street`, suburb: 'Karori', city: 'Wellington', floorArea: 140, bedrooms: 3, bathrooms: 1 });

describe('GET /api/valuations (the owner\'s list, joined from each valuation\'s kept body)', () => {
  it('answers every valuation as the schema writes it, newest first, and a changed valuation as it is now', async () => {
    const owner = client(t.app);
    await owner.register('own-list@example.nz');
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await owner.post('/api/valuations', home(n));
      expect(res.statusCode).toBe(200);
      ids.push(res.json().valuation.id as string);
    }
    const first = await owner.get('/api/valuations');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Exactly the schema's fields: parsing it back changes nothing.
    expect(first.json()).toEqual(z.array(UserValuation).parse(first.json()));
    expect(first.json().map((v: { id: string }) => v.id)).toEqual([...ids].reverse());
    expect(first.json().every((v: { saved: boolean }) => v.saved === false)).toBe(true);

    // Saving one stores a new version of its document: the list shows it, the others as they were.
    expect((await owner.post(`/api/valuations/${ids[1]}/save`)).statusCode).toBe(200);
    const second = (await owner.get('/api/valuations')).json() as { id: string; saved: boolean }[];
    expect(second.map((v) => [v.id, v.saved])).toEqual([
      [ids[2], false],
      [ids[1], true],
      [ids[0], false],
    ]);

    // Compressed when the client accepts it (the list goes out as bytes, not a string).
    const gzipped = await owner.get('/api/valuations', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(second);

    // Another person's list holds none of them.
    const other = client(t.app);
    await other.register('own-list-other@example.nz');
    expect((await other.get('/api/valuations')).json()).toEqual([]);
  });
});
