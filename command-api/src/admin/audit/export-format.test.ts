import type { AuditEventView } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvHeader, csvRow, ndjsonLine } from './export-format';

const view: AuditEventView = {
  id: 'e1',
  position: '00000000000000000007',
  stream: 'partnerApplication-a1',
  revision: 2,
  type: 'PartnerApplicationRejected',
  recordedAt: '2026-03-01T10:00:00.000Z',
  occurredAt: '2026-03-01T09:59:59.000Z',
  actor: { id: 'u1', name: '=HYPERLINK("x"), "Boss"', email: 'boss@example.nz' },
  actorRoles: ['general', 'admin'],
  correlationId: 'req-1',
  causationId: null,
  data: { reason: 'Not now,\r\nsorry "mate"' },
};

describe('export formats', () => {
  it('writes RFC 4180 CSV: fixed columns, CRLF, quoted fields with doubled quotes, data as one JSON cell', () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    expect(csvRow(view)).toBe(
      [
        '00000000000000000007',
        '2026-03-01T10:00:00.000Z',
        'partnerApplication-a1',
        '2',
        'PartnerApplicationRejected',
        'u1',
        // A typed name a spreadsheet would run as a formula is defused.
        `"'=HYPERLINK(""x""), ""Boss"""`,
        'boss@example.nz',
        'general admin',
        'req-1',
        '',
        '2026-03-01T09:59:59.000Z',
        'e1',
        `"{""reason"":""Not now,\\r\\nsorry \\""mate\\""""}"`,
      ].join(',') + '\r\n',
    );
    expect(csvRow({ ...view, actor: null, data: undefined })).toContain(',PartnerApplicationRejected,,,,general admin,');
  });

  it('writes one JSON object per NDJSON line', () => {
    expect(ndjsonLine(view)).toBe(`${JSON.stringify(view)}\n`);
    expect(JSON.parse(ndjsonLine(view))).toEqual(view);
  });
});
