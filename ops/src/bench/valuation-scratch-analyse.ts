import { cityMarketFigures, findComparables, estimateValue, type ValuationSubject } from '../../../command-api/src/valuations/model/index';
import { generateHeldOutMarket, type DemoSale } from '../demo/market-generator';
const now = new Date('2026-06-15T00:00:00Z');
const med = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = Math.floor(s.length / 2); return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const wmed = (xs: {value:number;weight:number}[]) => { const s=[...xs].sort((a,b)=>a.value-b.value); const t=s.reduce((a,b)=>a+b.weight,0); let c=0; for (const x of s){c+=x.weight; if(c>=t/2) return x.value;} return s.at(-1)!.value; };
const out: Record<string, number[]> = {};
const push = (k: string, v: number) => (out[k] ??= []).push(v);
for (const seed of [20260615, 1, 2]) {
  const { training, heldOut } = generateHeldOutMarket({ seed, now, perCity: Number(process.env.PER ?? 40), heldOutFraction: 0.2 });
  const byCity = new Map<string, (DemoSale & { saleId: string })[]>();
  training.forEach((s, i) => byCity.set(s.city, [...(byCity.get(s.city) ?? []), { ...s, saleId: `t${i}` }]));
  for (const sale of heldOut) {
    const subject: ValuationSubject = { ...sale };
    const sales = byCity.get(sale.city)!;
    const fig = cityMarketFigures(sale.city, sales, now);
    const { comparables, windowMonths } = findComparables(subject, sales, now);
    push('window', windowMonths); push('n', comparables.length);
    const err = (v: number) => Math.abs(v - sale.price) / sale.price;
    const e = estimateValue({ ...subject, conditionScores: {} }, comparables, { now, ...fig });
    push('model', err(e.estimatedValue));
    const flat = comparables.map((c) => ({ ...c, saleDate: '2026-06-01' }));
    const e2 = estimateValue({ ...subject, conditionScores: {} }, flat, { now, ...fig });
    push('noMarket', err(e2.estimatedValue));
    if (sale.rateableValue) {
      push('R_city', err(sale.rateableValue * fig.citySaleToRvRatio!));
      const rs = comparables.filter((c) => c.rateableValue).map((c) => c.price / c.rateableValue!);
      if (rs.length) push('R_comps', err(sale.rateableValue * med(rs)));
      const cityRs = sales.filter((s) => s.rateableValue).map((s) => s.price / s.rateableValue!);
      push('R_cityMean', err(sale.rateableValue * Math.exp(cityRs.reduce((a, r) => a + Math.log(r), 0) / cityRs.length)));
    }
    const wa = comparables.filter((c) => c.floorArea);
    if (wa.length && sale.floorArea) {
      push('C_perM2', err(wmed(wa.map((c) => ({ value: c.price / c.floorArea!, weight: c.matchPercentage }))) * sale.floorArea));
      for (const el of [0.5, 0.6, 0.7, 0.8]) push(`C_el${el}`, err(wmed(wa.map((c) => ({ value: c.price * Math.pow(sale.floorArea! / c.floorArea!, el), weight: c.matchPercentage })))));
      push('C_price', err(wmed(wa.map((c) => ({ value: c.price, weight: c.matchPercentage })))));
      push('C_cityPerM2', err(fig.cityMedianPricePerM2! * sale.floorArea));
    }
  }
}
for (const [k, v] of Object.entries(out)) console.log(k.padEnd(12), 'n', v.length, 'median', (med(v) * (k === 'window' || k === 'n' ? 1 : 100)).toFixed(2), k==='window'? JSON.stringify(Object.fromEntries([3,6,12,24].map(w=>[w,v.filter(x=>x===w).length]))) : '');
