/**
 * v8-flags.test.ts runs this in a process of its own: with `with-flags`, v8-flags.ts is
 * evaluated first, as ops/src/start.ts does; then objects from one literal are kept until nearly all of
 * them survive collections (what start-up's replay does), and more are made from it afterwards.
 */
// A module (for its top-level await), importing the flags only when asked.
export {};
if (process.argv[2] === 'with-flags') await import('./v8-flags');

const make = (i: number) => ({ id: i, next: i + 1 });
let kept: { id: number }[] | null = [];
for (let i = 0; i < 500_000; i++) kept.push(make(i));
kept = null;
const ring = new Array<{ id: number }>(64);
for (let i = 0; i < 5_000_000; i++) ring[i & 63] = make(i);
process.stdout.write(`done ${ring.length}\n`);
