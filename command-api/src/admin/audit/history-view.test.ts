import type { AuditViewEvent } from '@kainga/contracts';
import { auditViewsStream } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { historyViewDecider } from './history-view';

const at = '2026-03-01T23:59:59.000Z';
const spec = deciderSpec(historyViewDecider);
const viewed = (stream: string): AuditViewEvent => ({ type: 'AuditHistoryViewed', data: { viewerId: 'admin-1', viewed: { kind: 'stream', stream }, viewedAt: at } });

describe('history view decider', () => {
  it('records every view, whatever was viewed before', () => {
    spec.given([]).when({ type: 'RecordHistoryView', viewerId: 'admin-1', viewed: { kind: 'stream', stream: 'user-u1' }, at }).then([viewed('user-u1')]);
    spec.given([viewed('user-u1'), viewed('user-u1')]).when({ type: 'RecordHistoryView', viewerId: 'admin-1', viewed: { kind: 'stream', stream: 'user-u1' }, at }).then([viewed('user-u1')]);
    const filters = { type: ['UserRolesChanged'], actor: 'kiri@example.nz' };
    spec
      .given([])
      .when({ type: 'RecordHistoryView', viewerId: 'admin-1', viewed: { kind: 'export', filters, order: 'oldest', format: 'csv' }, at })
      .then([{ type: 'AuditHistoryViewed', data: { viewerId: 'admin-1', viewed: { kind: 'export', filters, order: 'oldest', format: 'csv' }, viewedAt: at } }]);
  });

  it('keeps one stream per admin and UTC day', () => {
    expect(auditViewsStream('admin-1', at)).toBe('auditViews-admin-1-2026-03-01');
    expect(auditViewsStream('admin-1', '2026-03-02T00:00:00.000Z')).toBe('auditViews-admin-1-2026-03-02');
  });
});
