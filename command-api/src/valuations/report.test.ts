import type { ValuationDoc } from '@kainga/projections';
import { describe, expect, it } from 'vitest';
import { reportEstimate } from '../testing/report-estimate';
import { renderValuationReport } from './report';

const doc = (createdAt: string, completedAt: string): ValuationDoc => ({
  _id: 'v1',
  userId: 'u1',
  propertyId: 'p1',
  purpose: 'buying',
  property: { address: '12 Report Lane', suburb: 'Ponsonby', city: 'Auckland', bedrooms: 3, bathrooms: 1, floorArea: 120, landArea: 400, rateableValue: null },
  conditionScores: {},
  status: 'completed',
  createdAt,
  completedAt,
  comparables: [],
  comparablesWindowMonths: 3,
  comparablesNote: null,
  estimate: reportEstimate,
  band: null,
  bucket: null,
  failureReason: null,
  saved: false,
  savedAt: null,
  reports: 0,
  demo: false,
});

describe('renderValuationReport', () => {
  it("dates the assessment when it was asked for, as the lists and the property page do, on New Zealand's calendar", () => {
    // Asked for at 10 pm on 18 October in Auckland (09:00 UTC), worked out weeks later (as the demo's are).
    const html = renderValuationReport(doc('2026-10-18T09:00:00.000Z', '2026-11-27T12:00:00.000Z'), new Date('2026-11-27T12:00:00.000Z'));
    expect(html).toContain('Assessed on 18 Oct 2026 · Report generated 28 Nov 2026');
  });
});
