import { spearman } from './metrics';

/** How many earlier homes a group needs before its errors stand for a home's. */
export const SIMILAR_HOMES_MIN = 5;

/** One valued home: its groups from the finest to the coarsest (e.g. suburb and kind, town and kind, town), when it sold, and its absolute error. */
export interface GroupedError {
  groups: readonly string[];
  /** yyyy-mm-dd. */
  soldOn: string;
  error: number;
}

/**
 * Each home's expected absolute error read from the homes most like it that sold before it: the
 * mean error of the earlier homes of its finest group that has at least `SIMILAR_HOMES_MIN` of
 * them, else of all earlier homes; NaN for a home nothing sold before. It is what a valuer could
 * know before the sale from how similar homes' estimates fared, so a confidence that ranks errors
 * by it shows how much of the error is a fact of the kind and place of the home. Earlier homes
 * only, not every other home: a group's mean without the home itself falls as the home's own error
 * rises, which alone ranked errors (+0.48 on errors that nothing decides). Every home lists the
 * same number of groups.
 */
export function similarHomesErrors(homes: readonly GroupedError[]): number[] {
  const levels = homes[0]?.groups.length ?? 0;
  const sums = Array.from({ length: levels }, () => new Map<string, { sum: number; count: number }>());
  const all = { sum: 0, count: 0 };
  const order = homes.map((_, i) => i).sort((a, b) => (homes[a]!.soldOn < homes[b]!.soldOn ? -1 : homes[a]!.soldOn > homes[b]!.soldOn ? 1 : 0));
  const expected = new Array<number>(homes.length).fill(Number.NaN);
  for (let start = 0; start < order.length; ) {
    // Homes sold the same day do not know each other's errors: read them all, then add them.
    let end = start;
    while (end < order.length && homes[order[end]!]!.soldOn === homes[order[start]!]!.soldOn) end++;
    const day = order.slice(start, end);
    for (const i of day) expected[i] = expectedFor(homes[i]!, sums, all);
    for (const i of day) {
      const home = homes[i]!;
      all.sum += home.error;
      all.count += 1;
      home.groups.forEach((group, level) => {
        const s = sums[level]!.get(group) ?? { sum: 0, count: 0 };
        s.sum += home.error;
        s.count += 1;
        sums[level]!.set(group, s);
      });
    }
    start = end;
  }
  return expected;
}

function expectedFor(home: GroupedError, sums: readonly Map<string, { sum: number; count: number }>[], all: { sum: number; count: number }): number {
  for (const [level, group] of home.groups.entries()) {
    const s = sums[level]!.get(group);
    if (s && s.count >= SIMILAR_HOMES_MIN) return s.sum / s.count;
  }
  return all.count > 0 ? all.sum / all.count : Number.NaN;
}

/**
 * Spearman of −each home's expected error (`similarHomesErrors`) against its own error, over the
 * homes something sold before: how much of the error similar earlier homes foretell.
 */
export function similarHomesRanking(homes: readonly GroupedError[]): number {
  const expected = similarHomesErrors(homes);
  const known = homes.flatMap((home, i) => (Number.isNaN(expected[i]!) ? [] : [{ expected: expected[i]!, error: home.error }]));
  return spearman(known.map((k) => -k.expected), known.map((k) => k.error));
}
