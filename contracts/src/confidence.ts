/**
 * The readings of confidence (consumer spec §4 "Confidence labels"). Two exist on purpose: the
 * results pages and public summaries read a bucket 1 Low … 5 Very High; the map page reads
 * '1' Very Low … anything else Very High. Each has its own screen.
 */
export type ConfidenceColour = 'red' | 'orange' | 'yellow' | 'green' | 'emerald' | 'grey';

const results: Record<number, { label: string; colour: ConfidenceColour }> = {
  1: { label: 'Low', colour: 'red' },
  2: { label: 'Fair', colour: 'orange' },
  3: { label: 'Good', colour: 'yellow' },
  4: { label: 'High', colour: 'green' },
  5: { label: 'Very High', colour: 'emerald' },
};

/** Results pages and public summaries: bucket 1–5, otherwise Unknown (grey). */
export function resultsConfidence(bucket: number | null | undefined): { label: string; colour: ConfidenceColour } {
  return (bucket !== null && bucket !== undefined && results[bucket]) || { label: 'Unknown', colour: 'grey' };
}

/** The map page: '1' Very Low, '2' Low, '3' Medium, '4' High, anything else Very High. */
export function mapConfidenceLabel(bucket: number | string | null | undefined): string {
  switch (String(bucket)) {
    case '1':
      return 'Very Low';
    case '2':
      return 'Low';
    case '3':
      return 'Medium';
    case '4':
      return 'High';
    default:
      return 'Very High';
  }
}

/** The signed-out showcase: buckets 4 and 5 read High, all others Medium. */
export const showcaseConfidence = (bucket: number | null | undefined) => (bucket === 4 || bucket === 5 ? 'High' : 'Medium');

/** Confidence shown when a valuation has none (consumer spec §9). */
export const DEFAULT_CONFIDENCE = 75;

/** The Valuation Summary's 5 dots: filled = round(confidence / 100 × 5). */
export const filledConfidenceDots = (confidence: number | null | undefined) => Math.round(((confidence ?? DEFAULT_CONFIDENCE) / 100) * 5);
