import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { impressionAllowance, type AllowanceEvent } from './impression-allowance';

const at = '2026-12-01T00:00:00.000Z';
const base = { subscriptionId: 'sub-1', month: '2026-12', holder: 'process-a', at };
const reserved = (count: number, cap = 250): AllowanceEvent => ({ type: 'AdImpressionsReserved', data: { ...base, count, cap } });
const returned = (count: number): AllowanceEvent => ({ type: 'AdImpressionsReturned', data: { ...base, count } });
const reserve = (want: number, cap = 250) => ({ type: 'ReserveImpressions' as const, ...base, want, cap });
const spec = deciderSpec(impressionAllowance);

describe('impression allowance decider', () => {
  it('reserves a block while the month has impressions left', () => {
    spec.given([]).when(reserve(100)).then([reserved(100)]);
    spec.given([reserved(100), reserved(100)]).when(reserve(100)).then([reserved(50)]);
  });

  it('reserves nothing once the cap is taken, or past a cap lowered since', () => {
    spec.given([reserved(100), reserved(100), reserved(50)]).when(reserve(100)).thenNothingHappens();
    spec.given([reserved(100), reserved(100)]).when(reserve(100, 150)).thenNothingHappens();
  });

  it('takes back what a process gave back, never more than was taken', () => {
    spec.given([reserved(100), reserved(100), reserved(50), returned(30)]).when(reserve(100)).then([reserved(30)]);
    spec.given([reserved(20)]).when({ type: 'ReturnImpressions', ...base, count: 50 }).then([returned(20)]);
    spec.given([reserved(20)]).when({ type: 'ReturnImpressions', ...base, count: 0 }).thenNothingHappens();
  });
});
