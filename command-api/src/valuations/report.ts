import { conditionLabels, conditionSections, plainExplanation, propertyTypeLabels, propertyTypeOf, scoreLabels, valueBreakdown, type ConditionKey } from '@kainga/contracts';
import type { ValuationDoc } from '@kainga/projections';

/** The how-it-works page's disclaimer, printed on every report. */
export const DISCLAIMER =
  'This estimate is for information only. It is produced by an automated valuation acting as a certified New Zealand property valuer, ' +
  'from the details and condition ratings you gave, the council rateable value and up to 5 comparable sales from the last 3 months. ' +
  'It is not a registered valuation: consult a registered valuer before relying on a value for legal, financial or insurance purposes.';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every user-provided string goes through this before it reaches the document. */
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const nzd = (n: number | null | undefined) => (n === null || n === undefined ? '—' : new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0 }).format(n));
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${nzd(Math.abs(n))}`;
const date = (iso: string) => new Intl.DateTimeFormat('en-NZ', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Pacific/Auckland' }).format(new Date(iso));
const num = (n: number | null, unit = '') => (n === null ? '—' : `${n.toLocaleString('en-NZ')}${unit}`);

/**
 * The full valuation report: a complete, printable HTML document, shown by the PWA's report page
 * (/valuations/{id}/report, only for the valuation's owner). Only a completed valuation has one.
 * Its Value Breakdown is the results screen's (contracts valueBreakdown), so its rows add up to the
 * estimate; 'How we got here' is the results screen's plain sentences (contracts plainExplanation),
 * with the model's formulas folded under 'Show the formulas' (a <details>: the document runs no
 * script) and printed in full; it reads on a 390 px phone (the comparables stack into cards).
 */
export function renderValuationReport(doc: ValuationDoc, generatedAt: Date): string {
  const e = doc.estimate;
  if (!e) throw new Error('Only a completed valuation has a report');
  const p = doc.property;
  const rated = conditionSections
    .map((s) => ({ title: s.title, rows: s.keys.map((k) => [k, doc.conditionScores[k as ConditionKey] ?? 0] as const).filter(([, v]) => v > 0) }))
    .filter((s) => s.rows.length > 0);
  const criteria = rated.length
    ? rated
        .map(
          (s) => `<tr class="section"><th colspan="3">${escapeHtml(s.title)}</th></tr>` +
            s.rows.map(([k, v]) => `<tr><td>${escapeHtml(conditionLabels[k as ConditionKey])}</td><td class="stars" aria-label="${v} of 5">${'★'.repeat(v)}${'☆'.repeat(5 - v)}</td><td>${escapeHtml(scoreLabels[v])}</td></tr>`).join(''),
        )
        .join('')
    : '<tr><td colspan="3">No criteria were rated (all N/A).</td></tr>';
  // Each cell names its column (data-label): on a phone the table stacks into one card per sale.
  const comparables = doc.comparables.length
    ? doc.comparables
        .map(
          (c) => `<tr><td data-label="Address">${escapeHtml(c.address)}${c.demo ? ' <span class="demo">demo data</span>' : ''}<br><small>${escapeHtml([c.suburb, c.city].filter(Boolean).join(', '))}</small></td>` +
            `<td data-label="Type">${escapeHtml(propertyTypeLabels[propertyTypeOf(c)])}</td><td data-label="Sold">${escapeHtml(date(c.saleDate))}</td><td class="num" data-label="Price">${nzd(c.price)}</td><td class="num" data-label="Match">${c.matchPercentage}%</td>` +
            `<td class="num" data-label="Beds">${num(c.bedrooms)}</td><td class="num" data-label="Floor">${num(c.floorArea, ' m²')}</td><td class="num" data-label="Land">${num(c.landArea, ' m²')}</td><td class="num" data-label="Distance">${c.distance === null ? '—' : `${c.distance} km`}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="9">No comparable sales were found; the estimate rests on the rateable value and the property details.</td></tr>';
  // The results screen's rows (contracts valueBreakdown): they add up to the total the same way.
  const breakdown = valueBreakdown({
    rateableValue: p.rateableValue,
    baseValue: e.baseValue,
    conditionAdjustment: e.conditionAdjustment,
    marketAdjustment: e.marketAdjustment,
    estimatedValue: e.estimatedValue,
  });
  const breakdownRows = breakdown.rows
    .map((row) =>
      row.signed && row.value !== null
        ? `<tr data-row="${row.key}"><td>${escapeHtml(row.label)}</td><td class="num ${row.value >= 0 ? 'pos' : 'neg'}" data-amount="${row.value}">${signed(row.value)}</td></tr>`
        : `<tr data-row="${row.key}"><td>${escapeHtml(row.label)}</td><td class="num"${row.value === null ? '' : ` data-amount="${row.value}"`}>${nzd(row.value)}</td></tr>`,
    )
    .join('');
  // The results screen's plain sentences, from the same figures.
  const plain = plainExplanation({
    ...e,
    rateableValue: p.rateableValue,
    suburb: p.suburb,
    city: p.city,
    conditionScores: doc.conditionScores,
    comparables: doc.comparables,
    comparablesWindowMonths: doc.comparablesWindowMonths,
  })
    .map((s) => `<li data-key="${s.key}"><strong>${escapeHtml(s.lead)}:</strong> ${escapeHtml(s.text)}</li>`)
    .join('');
  const formulaLines = e.explanation.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const anyDemo = doc.comparables.some((c) => c.demo);
  // Dated as the lists of valuations and the property page date it: when it was asked for (the
  // demo's valuations are asked for over past weeks and worked out at seeding).
  const assessedOn = date(doc.createdAt);
  const engine = e.engine === 'openai' ? `AI valuer (${escapeHtml(e.engineVersion)})` : `Kāinga valuation model (${escapeHtml(e.engineVersion)})`;

  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Valuation report — ${escapeHtml(p.address)}</title>
<style>
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; max-width: 960px; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 2px solid #0b6e4f; padding-bottom: .25rem; }
  .muted { color: #52606d; } table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
  .num { text-align: right; white-space: nowrap; } .section th { background: #f5f7fa; } .stars { color: #b7791f; letter-spacing: 2px; }
  .value { font-size: 2rem; font-weight: 700; color: #0b6e4f; } .pos { color: #0b6e4f; } .neg { color: #c53030; }
  .demo { background: #fff4d6; color: #8a5a00; border-radius: 4px; padding: 0 .3rem; font-size: .8em; }
  .disclaimer { margin-top: 2rem; padding: 1rem; background: #f5f7fa; border-left: 4px solid #52606d; font-size: .9em; }
  td, th, h1, p { overflow-wrap: anywhere; }
  /* A phone (390 px): the comparables stack, one card per sale, each cell labelled; nothing scrolls sideways. */
  @media (max-width: 640px) {
    body { margin: 1rem auto; }
    table.comparables tr:first-child { display: none; }
    table.comparables tr { display: block; padding: .5rem 0; border-bottom: 1px solid #e4e7eb; }
    table.comparables td { display: flex; justify-content: space-between; gap: 1rem; border: 0; padding: .15rem 0; text-align: right; white-space: normal; }
    table.comparables td::before { content: attr(data-label); font-weight: 600; color: #52606d; text-align: left; }
    table.comparables td[colspan] { display: block; text-align: left; }
    table.comparables td[colspan]::before { content: none; }
  }
  ul.plain { list-style: none; padding: 0; } ul.plain li { margin: .4rem 0; }
  details.formulas summary { cursor: pointer; color: #0b6e4f; font-weight: 600; }
  .formula-lines { font-size: .9em; color: #52606d; } .formulas-print { display: none; }
  @media print {
    body { margin: 0; max-width: none; } h2 { break-after: avoid; } tr { break-inside: avoid; }
    /* On paper the formulas are shown in full, folded or not. */
    details.formulas { display: none; } .formulas-print { display: block; }
  }
</style>
</head>
<body>
<header>
  <p class="muted">Kāinga property valuation report</p>
  <h1>${escapeHtml(p.address)}</h1>
  <p class="muted">${escapeHtml([p.suburb, p.city].filter(Boolean).join(', '))} · Assessed on ${escapeHtml(assessedOn)} · Report generated ${escapeHtml(date(generatedAt.toISOString()))}</p>
</header>

<h2>Estimated value</h2>
<p class="value">${nzd(e.estimatedValue)}</p>
<p>Range: <strong>${nzd(e.conservativeValue)}</strong> (conservative) to <strong>${nzd(e.optimisticValue)}</strong> (optimistic) · Confidence <strong>${e.confidence}%</strong> · Produced by ${engine}${e.fallbackReason ? ` <span class="muted">(${escapeHtml(e.fallbackReason)})</span>` : ''}</p>

<h2>Value breakdown</h2>
<table class="breakdown">
  ${breakdownRows}
  <tr data-row="total"><th>Total Estimated Value</th><th class="num" data-amount="${breakdown.total ?? ''}">${nzd(breakdown.total)}</th></tr>
</table>

<h2>How we got here</h2>
<ul class="plain">${plain}</ul>
${
  formulaLines
    ? `<details class="formulas"><summary>Show the formulas</summary><ul class="formula-lines">${formulaLines}</ul></details>
<div class="formulas-print"><p><strong>The formulas</strong></p><ul class="formula-lines">${formulaLines}</ul></div>`
    : ''
}

<h2>Property</h2>
<table>
  <tr><td>Property type</td><td>${escapeHtml(propertyTypeLabels[propertyTypeOf(p)])}</td></tr>
  <tr><td>Purpose</td><td>${escapeHtml(doc.purpose[0]!.toUpperCase() + doc.purpose.slice(1))}</td></tr>
  <tr><td>Bedrooms / bathrooms</td><td>${num(p.bedrooms)} / ${num(p.bathrooms)}</td></tr>
  <tr><td>Floor area / land area</td><td>${num(p.floorArea, ' m²')} / ${num(p.landArea, ' m²')}</td></tr>
  <tr><td>Rateable value</td><td>${nzd(p.rateableValue)}</td></tr>
</table>

<h2>Condition assessment</h2>
<table>${criteria}</table>

<h2>Comparable sales</h2>
${doc.comparablesNote ? `<p class="muted">${escapeHtml(doc.comparablesNote)}</p>` : ''}
<table class="comparables">
  <tr><th>Address</th><th>Type</th><th>Sold</th><th class="num">Price</th><th class="num">Match</th><th class="num">Beds</th><th class="num">Floor</th><th class="num">Land</th><th class="num">Distance</th></tr>
  ${comparables}
</table>
${anyDemo ? '<p class="demo">Sales marked “demo data” are generated examples, not real sales.</p>' : ''}

<p class="disclaimer">${escapeHtml(DISCLAIMER)}</p>
</body>
</html>`;
}
