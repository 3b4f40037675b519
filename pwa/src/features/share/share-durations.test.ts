import { describe, expect, it } from 'vitest';
import { CreateReportShareRequest, REPORT_SHARE_DEFAULT_DAYS, REPORT_SHARE_MAX_DAYS } from '@kainga/contracts';
import { DEFAULT_SHARE_DAYS, SHARE_DURATION_DAYS, shareDurationLabel } from './share-durations';

describe('share durations', () => {
  it('default to the contracts’ week and stop at their maximum', () => {
    expect(DEFAULT_SHARE_DAYS).toBe(REPORT_SHARE_DEFAULT_DAYS);
    expect(Math.max(...SHARE_DURATION_DAYS)).toBe(REPORT_SHARE_MAX_DAYS);
    expect(SHARE_DURATION_DAYS).toContain(DEFAULT_SHARE_DAYS);
  });

  it('are each a request the server accepts', () => {
    for (const days of SHARE_DURATION_DAYS) expect(CreateReportShareRequest.safeParse({ expiresInDays: days, showAddress: false }).success).toBe(true);
  });

  it('are named in days', () => {
    expect(SHARE_DURATION_DAYS.map(shareDurationLabel)).toEqual(['1 day', '7 days', '30 days', '90 days']);
  });
});
