import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { visitorErasureDecider } from './visitor-erasure';

const spec = deciderSpec(visitorErasureDecider);
const at = '2026-12-02T05:00:00.000Z';
const request = { visitor: 'visitor:abc', by: 'admin-1', reason: 'Email request of 2 December', scopes: ['lead:l1', 'lead:l2'], at };
const erased = (sentLeadIds: string[]) => ({ type: 'VisitorErased' as const, data: { ...request, sentLeadIds } });

describe('a signed-out visitor’s erasure', () => {
  it('erases the requests they sent', () => spec.given([]).when({ type: 'EraseVisitor', ...request, sentLeadIds: ['l1', 'l2'] }).then([erased(['l1', 'l2'])]));
  it('erases only what no earlier erasure did', () => spec.given([erased(['l1'])]).when({ type: 'EraseVisitor', ...request, sentLeadIds: ['l1', 'l2'] }).then([erased(['l2'])]));
  it('has nothing to erase without a request', () => spec.given([erased(['l1'])]).when({ type: 'EraseVisitor', ...request, sentLeadIds: ['l1'] }).thenRefuses('not_found', /No requests/));
});
