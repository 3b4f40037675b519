/**
 * Standard normal draws for the valuation model's tests: Box–Muller over a seeded uniform stream
 * (`seededRandom`), two uniforms a draw, so a test that also draws uniforms from the same stream
 * sees them in the order it calls.
 */
export const normalDraws = (uniform: () => number) => () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
