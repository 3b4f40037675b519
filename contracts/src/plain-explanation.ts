/**
 * "How we got here" in plain words (issue 11): what the comparable sales say, what the council's
 * rateable value says, what condition and the market did, and how sure the estimate is, in a few
 * short sentences a home owner understands. The model's own lines (`explanation`, with the
 * formulas) stay one click away on the results screen and in the report.
 *
 * Zod-free and pure, for the web app's bundle and the server's report alike. Every amount is the
 * Value Breakdown's (`valueBreakdown`), so the words and the table never disagree.
 */
import { ratedScores, type ConditionKey } from './conditions';
import { resultsConfidence } from './confidence';
import { confidenceBucket } from './value-band';
import { valueBreakdown, type BreakdownRow } from './value-breakdown';

/** A comparable sale as the sentences read it (the API's `Comparable` fits). */
export interface PlainComparable {
  price: number;
  suburb: string;
  /** ISO date (yyyy-mm-dd). */
  saleDate: string;
  demo: boolean;
}

/**
 * The figures the sentences read: a user's valuation (`UserValuation`) fits as it is; the report
 * passes its document's estimate, property and comparables.
 */
export interface PlainExplanationInput {
  estimatedValue: number | null;
  baseValue: number | null;
  conditionAdjustment: number | null;
  marketAdjustment: number | null;
  conservativeValue: number | null;
  optimisticValue: number | null;
  /** Percent, 0–100. */
  confidence: number | null;
  engine: 'model' | 'openai' | null;
  rateableValue: number | null;
  /** The home's suburb (may be empty) and city. */
  suburb: string;
  city: string;
  conditionScores: Partial<Record<ConditionKey, number>>;
  comparables: readonly PlainComparable[];
  /** How many months back the sales search looked; null when unknown. */
  comparablesWindowMonths: number | null;
}

export type PlainSentenceKey = 'sales' | 'rateableValue' | 'condition' | 'market' | 'confidence' | 'engine';

/** One sentence: its lead ("What similar sales say") and the rest; `plainSentence` joins them. */
export interface PlainSentence {
  key: PlainSentenceKey;
  lead: string;
  text: string;
}

/** The sentence as one line of text: "<lead>: <text>". */
export const plainSentence = (s: PlainSentence): string => `${s.lead}: ${s.text}`;

// NZD with no decimals, as the screens show it ("$820,000"; consumer spec §9). The contracts have
// no money formatter of their own (the PWA's is pwa/src/format, the model's command-api's money.ts).
let nzdFormat: Intl.NumberFormat | undefined;
const money = (amount: number) =>
  (nzdFormat ??= new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0, minimumFractionDigits: 0 })).format(Math.abs(amount));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** 'Mar 2026' from '2026-03-14'; null when the date cannot be read. */
const monthOf = (iso: string): string | null => {
  const match = /^(\d{4})-(\d{2})/.exec(iso);
  const month = match ? Number(match[2]) : 0;
  return match && month >= 1 && month <= 12 ? `${MONTHS[month - 1]} ${match[1]}` : null;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "in Karori", "in Karori and nearby", "nearby in Kelburn", "in and around Wellington". */
function placeOf(subjectSuburb: string, city: string, sales: readonly PlainComparable[]): string {
  const home = subjectSuburb.trim();
  // Each suburb once, as first spelt.
  const suburbs: string[] = [];
  for (const c of sales) if (!suburbs.some((s) => same(s, c.suburb))) suburbs.push(c.suburb.trim());
  const inHome = home !== '' && sales.some((c) => same(c.suburb, home));
  if (inHome) return suburbs.length === 1 ? `in ${home}` : `in ${home} and nearby`;
  const only = suburbs.length === 1 && suburbs[0] !== '' ? suburbs[0]! : null;
  if (only) return home === '' ? `in ${only}` : `nearby in ${only}`;
  return city.trim() ? `in and around ${city.trim()}` : 'nearby';
}

/** "in the last 6 months", "in the last year", "between Jan 2026 and Mar 2026", or "recently". */
function whenOf(windowMonths: number | null, sales: readonly PlainComparable[]): string {
  if (windowMonths !== null && windowMonths > 0) {
    if (windowMonths % 12 === 0) return windowMonths === 12 ? 'in the last year' : `in the last ${windowMonths / 12} years`;
    return `in the last ${count(windowMonths, 'month', 'months')}`;
  }
  const dates = sales.map((c) => c.saleDate).filter((d) => monthOf(d) !== null).sort();
  if (dates.length === 0) return 'recently';
  const first = monthOf(dates[0]!)!;
  const last = monthOf(dates[dates.length - 1]!)!;
  return first === last ? `in ${first}` : `between ${first} and ${last}`;
}

function salesSentence(v: PlainExplanationInput, sales: readonly PlainComparable[]): PlainSentence {
  const lead = 'What similar sales say';
  if (sales.length === 0) return { key: 'sales', lead, text: 'we found no recent sales of homes like yours nearby, so no sales were used.' };
  const prices = sales.map((c) => c.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const range = low === high ? `for ${money(low)}${sales.length > 1 ? ' each' : ''}` : `for ${money(low)} to ${money(high)}`;
  let text = `${count(sales.length, 'home', 'homes')} like yours sold ${placeOf(v.suburb, v.city, sales)} ${whenOf(v.comparablesWindowMonths, sales)}, ${range}.`;
  const demo = sales.filter((c) => c.demo).length;
  if (demo === sales.length) text += sales.length === 1 ? ' It is a made-up example sale (demo data), not a real one.' : ' These are made-up example sales (demo data), not real ones.';
  else if (demo > 0) text += ` ${demo} of them ${demo === 1 ? 'is a made-up example' : 'are made-up examples'} (demo data), not real sales.`;
  return { key: 'sales', lead, text };
}

function rateableValueSentence(v: PlainExplanationInput, salesRow: BreakdownRow | undefined, salesUsed: number): PlainSentence {
  const lead = "What the council's rateable value says";
  const rv = v.rateableValue;
  if (rv === null) {
    const rest = salesUsed > 0 ? 'the estimate rests on the sales' : `with no sales either, the estimate rests on what homes of this size typically sell for in ${v.city.trim() || 'your area'}`;
    return { key: 'rateableValue', lead, text: `you didn't give a rateable value, so ${rest}.` };
  }
  let text = `the council valued your home at ${money(rv)} at an earlier date.`;
  if (v.baseValue !== null) {
    const how = salesUsed === 0 ? "Brought up to today's prices" : v.engine === 'openai' ? 'Weighed with the sales by our AI valuer' : "Brought up to today's prices and weighed with the sales";
    // The breakdown's 'Comparable Sales Adjustment' row: base − RV (absent when they are equal).
    const difference = salesRow?.value ?? 0;
    const compared = difference === 0 ? 'the same as the rateable value' : `${money(difference)} ${difference > 0 ? 'more' : 'less'} than the rateable value`;
    text += ` ${how}, it puts your home at ${money(v.baseValue)} before condition and market, ${compared}.`;
  }
  return { key: 'rateableValue', lead, text };
}

function conditionSentence(v: PlainExplanationInput, amount: number, salesUsed: number): PlainSentence {
  const lead = 'Condition';
  const rated = ratedScores(v.conditionScores);
  const effect = amount > 0 ? `added ${money(amount)}` : amount < 0 ? `took off ${money(amount)}` : 'made no difference';
  if (rated.length === 0) {
    return { key: 'condition', lead, text: amount === 0 ? "you didn't rate the condition, so it made no difference." : `you didn't rate the condition; it ${effect}.` };
  }
  const average = rated.reduce((s, [, score]) => s + score, 0) / rated.length;
  // With the rateable value alone the model adjusts nothing: the council valued the home as it stands.
  const why = amount === 0 && salesUsed === 0 && v.rateableValue !== null ? ', as the rateable value was set for your home as it stands' : '';
  return { key: 'condition', lead, text: `your ratings (average ${average.toFixed(1)} of 5) ${effect}${why}.` };
}

function marketSentence(amount: number, salesUsed: number): PlainSentence {
  const lead = 'Market';
  if (amount > 0) return { key: 'market', lead, text: `prices have been rising, which added ${money(amount)} since those sales.` };
  if (amount < 0) return { key: 'market', lead, text: `prices have been falling, which took off ${money(amount)} since those sales.` };
  return { key: 'market', lead, text: salesUsed > 0 ? 'the change in prices since those sales made no difference.' : 'with no recent sales to go by, it made no difference.' };
}

function confidenceSentence(v: PlainExplanationInput): PlainSentence {
  const lead = 'How sure we are';
  const word = resultsConfidence(v.confidence === null ? null : confidenceBucket(v.confidence)).label;
  // The model's confidence is the chance of a sale within 10 % of the estimate (estimate.ts, step 8); the AI's is its own say.
  const chance = v.confidence !== null && v.engine === 'model' ? ` (about ${Math.round(v.confidence)} in 100 homes like this sell within a tenth of their estimate)` : '';
  const range =
    v.conservativeValue !== null && v.optimisticValue !== null ? ` — about 4 in 5 homes like this sell between ${money(v.conservativeValue)} and ${money(v.optimisticValue)}` : '';
  return { key: 'confidence', lead, text: `${word}${chance}${range}.` };
}

/**
 * The plain sentences of a valuation, 5 (6 when the AI valuer made it), in this order: sales,
 * rateable value, condition, market, how sure, and who worked it out (AI only). Only the sales
 * with a price are counted, as the model uses no other. Every amount is the Value Breakdown's:
 * the rateable value row, the sales difference (base − RV), the condition and market rows and the
 * base value; the range is the conservative and optimistic values.
 */
export function plainExplanation(v: PlainExplanationInput): PlainSentence[] {
  const sales = v.comparables.filter((c) => Number.isFinite(c.price) && c.price > 0);
  const rows = valueBreakdown(v).rows;
  const row = (key: BreakdownRow['key']) => rows.find((r) => r.key === key);
  const sentences = [
    salesSentence(v, sales),
    rateableValueSentence(v, row('sales'), sales.length),
    conditionSentence(v, row('condition')?.value ?? 0, sales.length),
    marketSentence(row('market')?.value ?? 0, sales.length),
    confidenceSentence(v),
  ];
  if (v.engine === 'openai') {
    sentences.push({ key: 'engine', lead: 'Who worked it out', text: 'our AI valuer weighed all of this up, as a property valuer would; the formulas show its reasoning.' });
  }
  return sentences;
}
