import { describe, expect, it } from 'vitest';
import { plainExplanation, plainSentence, type PlainComparable, type PlainExplanationInput, type PlainSentenceKey } from './plain-explanation';
import { valueBreakdown } from './value-breakdown';

const sale = (price: number, suburb = 'Karori', saleDate = '2026-01-10', demo = false): PlainComparable & { matchPercentage: number; city: string } => ({
  price,
  suburb,
  saleDate,
  demo,
  matchPercentage: 90,
  city: 'Wellington',
});

/** A completed model valuation with an RV, five sales in Karori and ratings above Good. */
const valuation: PlainExplanationInput = {
  estimatedValue: 1_012_000,
  conservativeValue: 900_000,
  optimisticValue: 1_100_000,
  baseValue: 990_000,
  conditionAdjustment: 34_000,
  marketAdjustment: 12_000 - 24_000,
  confidence: 78,
  engine: 'model',
  rateableValue: 950_000,
  suburb: 'Karori',
  city: 'Wellington',
  conditionScores: { kitchen: 5, bathroom: 4, roofing: 4, exteriorCladding: 2 },
  comparables: [sale(990_000), sale(820_000), sale(905_000), sale(870_000), sale(951_000)],
  comparablesWindowMonths: 6,
};

const by = (v: PlainExplanationInput) => {
  const sentences = plainExplanation(v);
  return (key: PlainSentenceKey) => {
    const s = sentences.find((x) => x.key === key);
    return s ? plainSentence(s) : undefined;
  };
};

/** The dollar amounts in a sentence, in order: '$1,012,000' → 1012000. */
const amounts = (text: string) => [...text.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

/** Words a home owner should not meet. */
const JARGON = /weighted|median|elasticit|\bCV\b|coefficient|variation|regression|least squares|\bratio\b|%/i;

describe('plainExplanation (How we got here, in plain words)', () => {
  it('says what the sales, the RV, condition, market and confidence did, in 5 short jargon-free sentences', () => {
    const sentences = plainExplanation(valuation).map(plainSentence);
    expect(plainExplanation(valuation).map((s) => s.key)).toEqual(['sales', 'rateableValue', 'condition', 'market', 'confidence']);
    expect(sentences).toEqual([
      'What similar sales say: 5 homes like yours sold in Karori in the last 6 months, for $820,000 to $990,000.',
      "What the council's rateable value says: the council valued your home at $950,000 at an earlier date. Brought up to today's prices and weighed with the sales, it puts your home at $990,000 before condition and market, $40,000 more than the rateable value.",
      'Condition: your ratings (average 3.8 of 5) added $34,000.',
      'Market: prices have been falling, which took off $12,000 since those sales.',
      'How sure we are: High (about 78 in 100 homes like this sell within a tenth of their estimate) — about 4 in 5 homes like this sell between $900,000 and $1,100,000.',
    ]);
    for (const s of sentences) {
      expect(s).not.toMatch(JARGON);
      expect(s.length).toBeLessThan(260);
    }
  });

  it("uses the Value Breakdown's amounts exactly: RV, sales difference, base, condition and market", () => {
    const rows = Object.fromEntries(valueBreakdown(valuation).rows.map((r) => [r.key, r.value]));
    const say = by(valuation);
    expect(amounts(say('rateableValue')!)).toEqual([rows.base, valuation.baseValue, Math.abs(rows.sales!)]);
    expect(amounts(say('condition')!)).toEqual([Math.abs(rows.condition!)]);
    expect(amounts(say('market')!)).toEqual([Math.abs(rows.market!)]);
    expect(amounts(say('confidence')!)).toEqual([valuation.conservativeValue, valuation.optimisticValue]);
    // And the base plus the adjustments make the estimate, as the breakdown's rows do.
    expect(valuation.baseValue! + rows.condition! + rows.market!).toBe(valuation.estimatedValue);
  });

  it("without an RV: 'You didn't give a rateable value, so the estimate rests on the sales.'", () => {
    const say = by({ ...valuation, rateableValue: null });
    expect(say('rateableValue')).toBe("What the council's rateable value says: you didn't give a rateable value, so the estimate rests on the sales.");
    expect(say('sales')).toContain('5 homes like yours');
  });

  it('says the base is below the RV, or equal to it, as the breakdown does', () => {
    expect(by({ ...valuation, baseValue: 930_000, estimatedValue: 952_000 })('rateableValue')).toContain('$930,000 before condition and market, $20,000 less than the rateable value.');
    expect(by({ ...valuation, baseValue: 950_000, estimatedValue: 972_000 })('rateableValue')).toContain('$950,000 before condition and market, the same as the rateable value.');
  });

  it('without comparables: says no sales were used, and the RV (brought to today) carries the estimate', () => {
    const none = { ...valuation, comparables: [], comparablesWindowMonths: 24, conditionAdjustment: 0, marketAdjustment: 0, baseValue: 1_007_000, estimatedValue: 1_007_000 };
    const say = by(none);
    expect(say('sales')).toBe('What similar sales say: we found no recent sales of homes like yours nearby, so no sales were used.');
    expect(say('rateableValue')).toBe(
      "What the council's rateable value says: the council valued your home at $950,000 at an earlier date. Brought up to today's prices, it puts your home at $1,007,000 before condition and market, $57,000 more than the rateable value.",
    );
    expect(say('condition')).toBe('Condition: your ratings (average 3.8 of 5) made no difference, as the rateable value was set for your home as it stands.');
    expect(say('market')).toBe('Market: with no recent sales to go by, it made no difference.');
  });

  it('without comparables or an RV: the estimate rests on what homes of this size sell for in the city', () => {
    const say = by({ ...valuation, comparables: [], rateableValue: null, conditionScores: {}, conditionAdjustment: 0, marketAdjustment: 0, baseValue: 900_000, estimatedValue: 900_000 });
    expect(say('rateableValue')).toBe("What the council's rateable value says: you didn't give a rateable value, so with no sales either, the estimate rests on what homes of this size typically sell for in Wellington.");
    expect(say('condition')).toBe("Condition: you didn't rate the condition, so it made no difference.");
  });

  it('negative adjustments take off, positive ones add, zero makes no difference', () => {
    const down = by({ ...valuation, conditionScores: { kitchen: 1, roofing: 2 }, conditionAdjustment: -40_000, marketAdjustment: -8_000, estimatedValue: 942_000 });
    expect(down('condition')).toBe('Condition: your ratings (average 1.5 of 5) took off $40,000.');
    expect(down('market')).toBe('Market: prices have been falling, which took off $8,000 since those sales.');
    const up = by({ ...valuation, marketAdjustment: 21_000, estimatedValue: 1_045_000 });
    expect(up('market')).toBe('Market: prices have been rising, which added $21,000 since those sales.');
    const flat = by({ ...valuation, conditionScores: { kitchen: 3 }, conditionAdjustment: 0, marketAdjustment: 0, estimatedValue: 990_000 });
    expect(flat('condition')).toBe('Condition: your ratings (average 3.0 of 5) made no difference.');
    expect(flat('market')).toBe('Market: the change in prices since those sales made no difference.');
    // Null adjustments (an older valuation) read as none, as the breakdown shows them.
    const unknown = by({ ...valuation, conditionScores: {}, conditionAdjustment: null, marketAdjustment: null });
    expect(unknown('condition')).toBe("Condition: you didn't rate the condition, so it made no difference.");
    expect(unknown('market')).toContain('made no difference');
  });

  it('the AI valuer: says so in a sixth sentence, and that it weighed the RV with the sales', () => {
    const ai = plainExplanation({ ...valuation, engine: 'openai', conditionScores: {}, conditionAdjustment: 15_000, estimatedValue: 993_000 });
    expect(ai).toHaveLength(6);
    expect(plainSentence(ai[5]!)).toBe('Who worked it out: our AI valuer weighed all of this up, as a property valuer would; the formulas show its reasoning.');
    expect(plainSentence(ai[1]!)).toContain('Weighed with the sales by our AI valuer, it puts your home at $990,000 before condition and market');
    // An AI condition adjustment without ratings is still said, with its amount.
    expect(plainSentence(ai[2]!)).toBe("Condition: you didn't rate the condition; it added $15,000.");
    expect(plainExplanation({ ...valuation, engine: null })).toHaveLength(5);
  });

  it('a single comparable: one home, one price', () => {
    const say = by({ ...valuation, comparables: [sale(875_000)], comparablesWindowMonths: 3 });
    expect(say('sales')).toBe('What similar sales say: 1 home like yours sold in Karori in the last 3 months, for $875,000.');
  });

  it('says "nearby" when not all sales are in the same suburb, and names the other suburb when all are there', () => {
    const mixed = { ...valuation, comparables: [sale(900_000), sale(960_000, 'Northland'), sale(1_010_000, 'Kelburn')] };
    expect(by(mixed)('sales')).toBe('What similar sales say: 3 homes like yours sold in Karori and nearby in the last 6 months, for $900,000 to $1,010,000.');
    const elsewhere = { ...valuation, comparables: [sale(900_000, 'Kelburn'), sale(960_000, 'kelburn ')] };
    expect(by(elsewhere)('sales')).toContain('2 homes like yours sold nearby in Kelburn in the last 6 months');
    const scattered = { ...valuation, comparables: [sale(900_000, 'Kelburn'), sale(960_000, 'Northland')] };
    expect(by(scattered)('sales')).toContain('sold in and around Wellington in the last 6 months');
    // The suburb's case and spaces do not matter.
    expect(by({ ...valuation, suburb: ' karori' })('sales')).toContain('sold in karori in the last 6 months');
    // No suburb given for the home: the sales' own suburb.
    expect(by({ ...valuation, suburb: '' })('sales')).toContain('sold in Karori in the last');
  });

  it('says the time the search covered in months or years, or the months of the sales when unknown', () => {
    expect(by({ ...valuation, comparablesWindowMonths: 12 })('sales')).toContain('in the last year,');
    expect(by({ ...valuation, comparablesWindowMonths: 24 })('sales')).toContain('in the last 2 years,');
    const dated = { ...valuation, comparablesWindowMonths: null, comparables: [sale(900_000, 'Karori', '2025-11-30'), sale(950_000, 'Karori', '2026-02-03')] };
    expect(by(dated)('sales')).toContain('sold in Karori between Nov 2025 and Feb 2026,');
    expect(by({ ...dated, comparables: [sale(900_000, 'Karori', '2026-02-01')] })('sales')).toContain('sold in Karori in Feb 2026,');
    expect(by({ ...dated, comparables: [sale(900_000, 'Karori', 'unknown')] })('sales')).toContain('sold in Karori recently,');
  });

  it('demo comparables: says they are made-up examples, all or some of them', () => {
    const allDemo = { ...valuation, comparables: valuation.comparables.map((c) => ({ ...c, demo: true })) };
    expect(by(allDemo)('sales')).toMatch(/ These are made-up example sales \(demo data\), not real ones\.$/);
    expect(by({ ...valuation, comparables: [sale(875_000, 'Karori', '2026-01-10', true)] })('sales')).toMatch(/It is a made-up example sale \(demo data\), not a real one\.$/);
    const someDemo = { ...valuation, comparables: [sale(900_000), sale(950_000, 'Karori', '2026-01-10', true)] };
    expect(by(someDemo)('sales')).toMatch(/ 1 of them is a made-up example \(demo data\), not real sales\.$/);
    const twoDemo = { ...valuation, comparables: [sale(900_000), sale(950_000, 'Karori', '2026-01-10', true), sale(960_000, 'Karori', '2026-01-10', true)] };
    expect(by(twoDemo)('sales')).toMatch(/ 2 of them are made-up examples \(demo data\), not real sales\.$/);
  });

  it('counts only the sales with a price, as the model does', () => {
    const say = by({ ...valuation, comparables: [sale(0), sale(880_000), sale(910_000)] });
    expect(say('sales')).toContain('2 homes like yours sold in Karori in the last 6 months, for $880,000 to $910,000.');
    expect(by({ ...valuation, comparables: [sale(900_000), sale(900_000)] })('sales')).toContain('for $900,000 each.');
  });

  it("says how sure in the results pages' confidence words, with the range when known", () => {
    expect(by({ ...valuation, confidence: 90 })('confidence')).toMatch(/^How sure we are: Very High \(about \d+ in 100 homes like this sell within a tenth of their estimate\) — /);
    expect(by({ ...valuation, confidence: 70 })('confidence')).toMatch(/^How sure we are: Good \(about \d+ in 100 homes like this sell within a tenth of their estimate\) — /);
    expect(by({ ...valuation, confidence: 55 })('confidence')).toMatch(/^How sure we are: Fair \(about \d+ in 100 homes like this sell within a tenth of their estimate\) — /);
    expect(by({ ...valuation, confidence: 20 })('confidence')).toMatch(/^How sure we are: Low \(about \d+ in 100 homes like this sell within a tenth of their estimate\) — /);
    expect(by({ ...valuation, confidence: null, conservativeValue: null })('confidence')).toBe('How sure we are: Unknown.');
  });

  it('reads a UserValuation as it comes from the API (structural fit)', () => {
    const fromApi = {
      ...valuation,
      id: 'v1',
      explanation: ['Comparable sales: …'],
      comparables: valuation.comparables.map((c, i) => ({ ...c, saleId: `s${i}`, address: `${i} Road`, distance: 1.2, rateableValue: null, bedrooms: 3, bathrooms: 1, floorArea: 120, landArea: 400 })),
    };
    expect(plainExplanation(fromApi).map(plainSentence)).toEqual(plainExplanation(valuation).map(plainSentence));
  });
});
