import { measureAccuracy } from '/work/main/ops/src/bench/valuation-accuracy';
const seeds = (process.env.SEEDS ?? '20260615').split(',').map(Number);
for (const seed of seeds) {
  const r = measureAccuracy({ seed, now: new Date('2026-06-15T00:00:00Z'), perCity: Number(process.env.PER ?? 40), heldOutFraction: 0.2 });
  const p = (x: number) => (x * 100).toFixed(1) + '%';
  console.log(`seed ${seed}: n=${r.valued}/${r.heldOut} MdAPE ${p(r.mdape)} bias ${p(r.medianError)} w10 ${p(r.within10)} w20 ${p(r.within20)} conf ${r.meanConfidence.toFixed(1)} inRange ${p(r.inRange)} halfw ${p(r.meanHalfWidth)} mktCap ${p(r.marketAtCap)} |mkt| ${p(r.meanAbsMarket)} ${r.valuationsPerSecond.toFixed(0)}/s`);
}
