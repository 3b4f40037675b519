import { cityMarketFigures, findComparables, type ValuationSubject } from '../../../command-api/src/valuations/model/index';
import { generateHeldOutMarket, type DemoSale } from '../demo/market-generator';
const now = new Date('2026-06-15T00:00:00Z');
const med = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = Math.floor(s.length / 2); return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const wmed = (xs: {value:number;weight:number}[]) => { const s=[...xs].sort((a,b)=>a.value-b.value); const t=s.reduce((a,b)=>a+b.weight,0); let c=0; for (const x of s){c+=x.weight; if(Math.abs(c-t/2)<1e-9*t) return (x.value+s[s.indexOf(x)+1]!.value)/2; if(c>=t/2) return x.value;} return s.at(-1)!.value; };
const wmeanLog = (xs: {value:number;weight:number}[]) => Math.exp(xs.reduce((a,x)=>a+x.weight*Math.log(x.value),0)/xs.reduce((a,x)=>a+x.weight,0));
const cv = (xs: number[]) => { const m = xs.reduce((a,b)=>a+b,0)/xs.length; return Math.sqrt(xs.reduce((a,b)=>a+(b-m)**2,0)/xs.length)/m; };
const out: Record<string, number[]> = {};
const push = (k: string, v: number) => (out[k] ??= []).push(v);
const cov: Record<string, number[]> = {};
for (const seed of [20260615, 1, 2]) {
  const { training, heldOut } = generateHeldOutMarket({ seed, now, perCity: Number(process.env.PER ?? 40), heldOutFraction: 0.2 });
  const byCity = new Map<string, (DemoSale & { saleId: string })[]>();
  training.forEach((s, i) => byCity.set(s.city, [...(byCity.get(s.city) ?? []), { ...s, saleId: `t${i}` }]));
  for (const sale of heldOut) {
    const subject: ValuationSubject = { ...sale };
    const sales = byCity.get(sale.city)!;
    const fig = cityMarketFigures(sale.city, sales, now);
    const { comparables } = findComparables(subject, sales, now);
    const err = (v: number) => Math.abs(v - sale.price) / sale.price;
    const F = sale.floorArea!, L = sale.landArea;
    for (const [a, b] of [[0.6, 0], [0.6, 0.1], [0.6, 0.15], [0.5, 0.15], [0.6, 0.2], [0.7, 0.15]] as const) {
      const adj = comparables.map((c) => ({ value: c.price * Math.pow(F / c.floorArea!, a) * (L && c.landArea ? Math.pow(L / c.landArea, b) : 1), weight: c.matchPercentage }));
      push(`C a${a} b${b} med`, err(wmed(adj)));
      push(`C a${a} b${b} gmean`, err(wmeanLog(adj)));
    }
    const a = 0.6, b = 0.15;
    const adj = comparables.map((c) => ({ value: c.price * Math.pow(F / c.floorArea!, a) * (L && c.landArea ? Math.pow(L / c.landArea, b) : 1), weight: c.matchPercentage }));
    const C = wmed(adj);
    if (!sale.rateableValue) { push('C only (no RV)', err(C)); continue; }
    const ratios = comparables.filter((c) => c.rateableValue).map((c) => c.price / c.rateableValue!);
    const rc = med(ratios), rcity = fig.citySaleToRvRatio!;
    for (const k of [0, 3, 5, 10, 100]) {
      const r = (ratios.length * rc + k * rcity) / (ratios.length + k);
      push(`R shrink k${k}`, err(sale.rateableValue * r));
    }
    const r = (ratios.length * rc + 5 * rcity) / (ratios.length + 5);
    const R = sale.rateableValue * r;
    // fixed blends
    for (const w of [0, 0.1, 0.2, 0.3, 0.5]) push(`blend wC=${w}`, err(w * C + (1 - w) * R));
    // inverse variance
    const cvC = cv(adj.map((x) => x.value)), cvR = ratios.length >= 2 ? cv(ratios) : 0.1;
    for (const fl of [0.02, 0.05]) {
      const vC = cvC ** 2 + fl ** 2, vR = cvR ** 2 + fl ** 2;
      const w = vR / (vC + vR);
      const E = w * C + (1 - w) * R;
      push(`invvar fl${fl}`, err(E));
      push(`invvar fl${fl} w`, w);
    }
  }
}
for (const [k, v] of Object.entries(out)) console.log(k.padEnd(22), 'n', v.length, 'median', (med(v) * 100).toFixed(2));
