const rules = new Intl.PluralRules('en-NZ');

/**
 * A count with its noun in the form English gives that count: countNoun(1, 'person', 'people') is
 * "1 person", countNoun(3, …) "3 people", countNoun(0, 'year', 'years') "0 years". The count is
 * written the en-NZ way ("1,000"). Every sentence that puts a number before a noun uses it, so none
 * reads "1 people".
 */
export function countNoun(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-NZ')} ${rules.select(count) === 'one' ? one : other}`;
}
