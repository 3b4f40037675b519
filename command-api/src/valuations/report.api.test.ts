import { plainExplanation, plainSentence, ValuationRequest, valueBreakdown, type Comparable } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportEstimate } from '../testing/report-estimate';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { OWNER_ACCESS_MESSAGE } from './routes';
import { completeValuation, locateProperty, recordComparables, requestValuation } from './valuation-commands';

/**
 * GET /api/valuations/{id}/report: the report its owner can open again at its own URL (the PWA's
 * /valuations/{id}/report), with the results screen's breakdown and a phone-sized comparables table.
 */
let t: TestApp;
let owner: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let valuationId: string;
const estimate = reportEstimate;
const RATEABLE_VALUE = 950_000;
const CONDITION_SCORES = { kitchen: 5, roofing: 4 };
let comparables: Comparable[];

beforeAll(async () => {
  t = await startTestApp();
  owner = client(t.app, { remoteAddress: '10.7.0.1' });
  other = client(t.app, { remoteAddress: '10.7.0.2' });
  const me = await owner.register('report-owner@example.nz');
  await other.register('report-other@example.nz');
  valuationId = randomUUID();
  const metadata = { actorId: me.id, actorRoles: ['general' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const request = ValuationRequest.parse({
    purpose: 'selling',
    address: '12 Report Lane',
    suburb: 'Ponsonby',
    city: 'Auckland',
    propertyType: 'townhouse',
    floorArea: 120,
    rateableValue: RATEABLE_VALUE,
    conditionScores: CONDITION_SCORES,
  });
  const { propertyId } = await requestValuation(t.stores.eventStore, { valuationId, userId: me.id, request }, { idempotencyKey: randomUUID(), metadata });
  await locateProperty(t.stores.eventStore, propertyId, valuationId, { latitude: -36.85, longitude: 174.74, precision: 'suburb', geocoder: 'test' }, metadata);
  const comparable = { saleId: 'sale-1', address: '14 A Very Long Comparable Street Name', suburb: 'Ponsonby', city: 'Auckland', saleDate: '2026-01-10', price: 1_005_000, bedrooms: 3, bathrooms: 2, floorArea: 118, landArea: 400, rateableValue: 900_000, demo: false, matchPercentage: 91, distance: 0.4 };
  // One sale recorded before property types existed (a house), one a townhouse.
  comparables = [comparable, { ...comparable, saleId: 'sale-2', address: '3 Typed Terrace', suburb: 'Grey Lynn', price: 960_000, propertyType: 'townhouse' }];
  await recordComparables(t.stores.eventStore, valuationId, { comparables, windowMonths: 3, note: null }, metadata);
  await completeValuation(t.stores.eventStore, valuationId, estimate, metadata);
  await waitForProjection(t.stores.readStore, 'valuations', await t.stores.eventStore.headPosition());
});
afterAll(() => t?.close());

const amounts = (html: string) =>
  [...html.matchAll(/<tr data-row="(\w+)">[\s\S]*?data-amount="(-?\d+)"/g)].map(([, row, amount]) => ({ row: row!, amount: Number(amount) }));

describe('GET /api/valuations/{id}/report', () => {
  it("answers the owner the report, whose breakdown rows are the results screen's and add up to the estimate", async () => {
    const res = await owner.get(`/api/valuations/${valuationId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('12 Report Lane');
    const rows = amounts(res.body);
    const expected = valueBreakdown({ rateableValue: RATEABLE_VALUE, ...estimate });
    expect(rows.filter((r) => r.row !== 'total')).toEqual(expected.rows.map((r) => ({ row: r.key, amount: r.value })));
    const total = rows.find((r) => r.row === 'total')!.amount;
    expect(total).toBe(estimate.estimatedValue);
    expect(rows.filter((r) => r.row !== 'total').reduce((s, r) => s + r.amount, 0)).toBe(total);
    for (const label of ['Base Rateable Value', 'Comparable Sales Adjustment', 'Condition Adjustment', 'Market Adjustment', 'Total Estimated Value']) expect(res.body).toContain(label);
    // Each comparables cell is labelled for the stacked phone layout.
    expect(res.body).toContain('data-label="Price"');
  });

  it('refuses anyone else with the owner-access message, a signed-out caller with 401, and an unknown id with 404', async () => {
    const theirs = await other.get(`/api/valuations/${valuationId}/report`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ message: OWNER_ACCESS_MESSAGE });
    expect(theirs.body).not.toContain('12 Report Lane');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/valuations/${valuationId}/report` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('12 Report Lane');
    expect((await owner.get(`/api/valuations/${randomUUID()}/report`)).statusCode).toBe(404);
  });

  it("says how we got here in the results screen's plain sentences, with the formulas folded (and printed), the property type and each sale's type", async () => {
    const res = await owner.get(`/api/valuations/${valuationId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<h2>How we got here</h2>');
    const sentences = plainExplanation({
      ...estimate,
      rateableValue: RATEABLE_VALUE,
      suburb: 'Ponsonby',
      city: 'Auckland',
      conditionScores: CONDITION_SCORES,
      comparables,
      comparablesWindowMonths: 3,
    });
    const shown = [...res.body.matchAll(/<li data-key="(\w+)"><strong>([^<]*):<\/strong> ([^<]*)<\/li>/g)].map(([, key, lead, text]) => ({ key, sentence: `${lead}: ${text}`.replace(/&#39;/g, "'") }));
    expect(shown).toEqual(sentences.map((s) => ({ key: s.key, sentence: plainSentence(s) })));
    expect(shown.map((s) => s.sentence)).toEqual([
      'What similar sales say: 2 homes like yours sold in Ponsonby and nearby in the last 3 months, for $960,000 to $1,005,000.',
      "What the council's rateable value says: the council valued your home at $950,000 at an earlier date. Brought up to today's prices and weighed with the sales, it puts your home at $990,000 before condition and market, $40,000 more than the rateable value.",
      'Condition: your ratings (average 4.5 of 5) added $34,000.',
      'Market: prices have been falling, which took off $12,000 since those sales.',
      'How sure we are: Good (about 70 in 100 homes like this sell within a tenth of their estimate) — about 4 in 5 homes like this sell between $900,000 and $1,100,000.',
    ]);
    // The formulas: folded under 'Show the formulas' (no script needed), and a copy shown only on paper.
    const folded = /<details class="formulas"><summary>Show the formulas<\/summary><ul class="formula-lines">([\s\S]*?)<\/ul><\/details>/.exec(res.body);
    expect(folded?.[1]).toBe('<li>Report test: the first formula.</li><li>Second formula: 990,000 + 34,000 − 12,000 = 1,012,000 &amp; &lt;b&gt;escaped&lt;/b&gt;.</li>');
    expect(res.body).toContain(`<div class="formulas-print"><p><strong>The formulas</strong></p><ul class="formula-lines">${folded![1]}</ul></div>`);
    expect(res.body).toMatch(/@media print \{[^}]*\}[^@]*details\.formulas \{ display: none; \} \.formulas-print \{ display: block; \}/);
    expect(res.body).not.toContain('<b>escaped</b>');
    // The property's type, and each sale's (a sale without one is a house).
    expect(res.body).toContain('<tr><td>Property type</td><td>Townhouse</td></tr>');
    expect([...res.body.matchAll(/<td data-label="Type">([^<]*)<\/td>/g)].map((m) => m[1])).toEqual(['House', 'Townhouse']);
    expect(res.body).toContain('<th>Type</th>');
  });

  it('generating (POST, the spec call) answers the same document', async () => {
    const generated = await owner.post(`/api/valuations/${valuationId}/generate-report`, undefined, { 'idempotency-key': randomUUID() });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(amounts(generated.body)).toEqual(amounts((await owner.get(`/api/valuations/${valuationId}/report`)).body));
  });
});
