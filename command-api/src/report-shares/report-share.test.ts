import type { ReportShareEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { reportShareDecider } from './report-share';

const at = '2026-12-02T00:00:00.000Z';
const expiresAt = '2026-12-09T00:00:00.000Z';
const create = { type: 'CreateShare' as const, shareId: 's1', valuationId: 'v1', propertyId: 'p1', userId: 'u1', secret: 'x'.repeat(43), showAddress: false, at, expiresAt };
const created: ReportShareEvent = { type: 'ReportShareCreated', data: { shareId: 's1', valuationId: 'v1', propertyId: 'p1', userId: 'u1', secret: 'x'.repeat(43), showAddress: false, createdAt: at, expiresAt } };
const revoked: ReportShareEvent = { type: 'ReportShareRevoked', data: { shareId: 's1', valuationId: 'v1', userId: 'u1', revokedAt: at } };
const spec = deciderSpec(reportShareDecider);

describe('report share decider', () => {
  it('makes a link', () => spec.given([]).when(create).then([created]));
  it('never makes the same link twice', () => spec.given([created]).when(create).thenRefuses('conflict'));
  it('stops a link', () => spec.given([created]).when({ type: 'RevokeShare', at }).then([revoked]));
  it('stops a stopped link without a second record', () => spec.given([created, revoked]).when({ type: 'RevokeShare', at }).thenNothingHappens());
  it('cannot stop a link that does not exist', () => spec.given([]).when({ type: 'RevokeShare', at }).thenRefuses('not_found', /not found/));
});
