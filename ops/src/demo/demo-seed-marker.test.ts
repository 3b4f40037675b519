import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { demoSeedDecider } from './demo-seed-marker';

const at = '2026-11-22T00:00:00.000Z';
const now = '2026-11-20T09:00:00.000Z';
const spec = deciderSpec(demoSeedDecider);
const started = { type: 'DemoSeedStarted' as const, data: { now, startedAt: at } };
const counts = { accounts: 9, sales: 10, properties: 3, valuations: 2 };

describe('demo seed marker decider', () => {
  it('starts a seed on a fresh store, with its "today"', () => spec.given([]).when({ type: 'StartDemoSeed', now, at }).then([started]));
  it('records nothing when an interrupted seed starts again (it resumes)', () =>
    spec.given([started]).when({ type: 'StartDemoSeed', now: '2027-01-01T00:00:00.000Z', at }).thenNothingHappens());
  it('completes a started seed', () =>
    spec.given([started]).when({ type: 'CompleteDemoSeed', counts, at }).then([{ type: 'DemoSeedCompleted', data: { ...counts, completedAt: at } }]));
  it('completes only once', () =>
    spec
      .given([started, { type: 'DemoSeedCompleted', data: { ...counts, completedAt: at } }])
      .when({ type: 'CompleteDemoSeed', counts, at })
      .thenNothingHappens());
  it('does not complete a seed that never started', () => spec.given([]).when({ type: 'CompleteDemoSeed', counts, at }).thenNothingHappens());
});
