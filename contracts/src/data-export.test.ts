import { describe, expect, it } from 'vitest';
import { EXPORT_REASON_REQUIRED, exportFileName, exportReasonProblem } from './data-export';

describe('the personal data export', () => {
  it('names the archive for the day in New Zealand, which is ahead of UTC', () => {
    expect(exportFileName(new Date('2026-03-01T10:59:00Z'))).toBe('kainga-data-2026-03-01.zip');
    // 11:00 UTC on 1 March is midnight of 2 March in Auckland (NZDT, +13).
    expect(exportFileName(new Date('2026-03-01T11:00:00Z'))).toBe('kainga-data-2026-03-02.zip');
  });

  it('takes a reason of 3 to 500 characters once trimmed', () => {
    expect(exportReasonProblem('  ab  ')).toBe(EXPORT_REASON_REQUIRED);
    expect(exportReasonProblem('abc')).toBeNull();
    expect(exportReasonProblem('x'.repeat(500))).toBeNull();
    expect(exportReasonProblem('x'.repeat(501))).toBe(EXPORT_REASON_REQUIRED);
  });
});
