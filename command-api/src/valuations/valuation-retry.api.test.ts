import { VALUATION_WORKFLOW, type Estimate, type ValuationRequest } from '@kainga/contracts';
import { InProcessWorkflowEngine, type WorkflowEngine } from '@kainga/platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { completeValuation, failValuation, loadValuation } from './valuation-commands';
import { valuationStream } from './valuation';

const request: ValuationRequest = {
  purpose: 'selling',
  address: '14 Pōhutukawa Avenue',
  suburb: 'Karori',
  city: 'Wellington',
  floorArea: 150,
  landArea: 520,
  bedrooms: 3,
  bathrooms: 2,
  rateableValue: 920_000,
  conditionScores: { kitchen: 4, bathroom: 3 },
};

const FAILED = 'No comparable sales were found nearby.';
let runs = 0;

/**
 * A valuation workflow that answers differently on every run, as the AI valuer may: a second run
 * for one request would show in the answer. A home on "Nowhere Road" fails, with its reason recorded.
 */
function engineOn(t: () => TestApp): WorkflowEngine {
  return new InProcessWorkflowEngine({
    [VALUATION_WORKFLOW]: async ({ valuationId }: { valuationId: string }) => {
      runs += 1;
      const { eventStore } = t().stores;
      const meta = { actorId: null, actorRoles: [], correlationId: valuationId, causationId: null, occurredAt: new Date().toISOString() };
      if ((await loadValuation(eventStore, valuationId)).property.address.includes('Nowhere')) {
        await failValuation(eventStore, valuationId, FAILED, meta);
        throw new Error(FAILED);
      }
      const value = 850_000 + runs * 1_000;
      const estimate: Estimate = {
        estimatedValue: value,
        conservativeValue: value - 50_000,
        optimisticValue: value + 50_000,
        baseValue: value - 20_000,
        conditionAdjustment: 15_000,
        marketAdjustment: 5_000,
        confidence: 70 + runs,
        engine: 'openai',
        engineVersion: 'test',
        explanation: [`Run ${runs}.`],
        fallbackReason: null,
      };
      await completeValuation(eventStore, valuationId, estimate, meta);
      return estimate;
    },
  });
}

let t: TestApp;
/** The engine the app uses now; replaced by a fresh one to play a restart (nothing remembered). */
let engine: WorkflowEngine;
beforeAll(async () => {
  engine = engineOn(() => t);
  const current: WorkflowEngine = {
    execute: (type, input, options) => engine.execute(type, input, options),
    start: (type, input, options) => engine.start(type, input, options),
    signalWithStart: (type, input, options, signal) => engine.signalWithStart(type, input, options, signal),
    close: () => engine.close(),
  };
  t = await startTestApp({}, { workflowEngine: current });
});
afterAll(() => t.close());

const eventsOf = async (valuationId: string) => (await t.stores.eventStore.readStream(valuationStream(valuationId))).map((e) => e.type);

describe('POST /api/valuations retried with the same Idempotency-Key', () => {
  it('answers the recorded valuation after it completed, without a second run or a second ValuationCompleted, even after a restart', async () => {
    const owner = client(t.app);
    await owner.register('retry@example.nz');
    const headers = { 'idempotency-key': 'valuation-retry-0001' };
    runs = 0;
    const first = await owner.post('/api/valuations', request, headers);
    expect(first.statusCode).toBe(200);
    expect(runs).toBe(1);

    const again = await owner.post('/api/valuations', request, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    // The engine forgets (a restart, or past its memory): the recorded valuation still answers.
    engine = engineOn(() => t);
    const afterRestart = await owner.post('/api/valuations', request, headers);
    expect(afterRestart.statusCode).toBe(200);
    expect(afterRestart.json()).toEqual(first.json());

    expect(runs).toBe(1);
    const valuationId = first.json().valuation.id as string;
    expect((await eventsOf(valuationId)).filter((type) => type === 'ValuationCompleted')).toHaveLength(1);
    expect((await eventsOf(valuationId)).filter((type) => type === 'ValuationRequested')).toHaveLength(1);
    expect((await owner.get('/api/valuations')).json().map((v: { id: string }) => v.id)).toEqual([valuationId]);

    // Another key is another request: a new valuation, a new run.
    const other = await owner.post('/api/valuations', request, { 'idempotency-key': 'valuation-retry-0002' });
    expect(other.statusCode).toBe(200);
    expect(other.json().valuation.id).not.toBe(valuationId);
    expect(runs).toBe(2);
  });

  it('answers the recorded failure, with its reason, without running again', async () => {
    const owner = client(t.app);
    await owner.register('retry-failed@example.nz');
    const headers = { 'idempotency-key': 'valuation-retry-fail-0001' };
    const nowhere = { ...request, address: '1 Nowhere Road' };
    runs = 0;
    const first = await owner.post('/api/valuations', nowhere, headers);
    expect(first.statusCode).toBe(422);
    expect(first.json()).toEqual({ message: FAILED });

    engine = engineOn(() => t);
    const again = await owner.post('/api/valuations', nowhere, headers);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: FAILED });
    expect(runs).toBe(1);
  });
});
