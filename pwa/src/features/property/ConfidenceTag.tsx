import { resultsConfidence } from '@kainga/contracts/browser';

/**
 * The results/public-summary reading of a confidence bucket (consumer spec §4): 1 Low, 2 Fair,
 * 3 Good, 4 High, 5 Very High in red, orange, yellow, green and emerald; otherwise Unknown (grey).
 * Not used on the map page, which has its own reading.
 */
export function ConfidenceTag({ bucket }: { bucket: number | null | undefined }) {
  const { label, colour } = resultsConfidence(bucket);
  return <span className={`confidence-tag confidence-${colour}`}>{label} confidence</span>;
}
