import { UNVALUED_DOT, UNVALUED_HOOK_PATH, UNVALUED_MARKER_COLOUR, VALUED_MARKER_COLOUR, VALUED_TICK_PATH } from './marker-icons';
import { UNVALUED_MARKER_PX, VALUED_MARKER_PX } from './map-data';

/**
 * A marker as the legend shows it, as inline SVG: part of the page's first paint, which an SVG
 * image (a data: URL) would slow down (each is parsed and rasterised as a document of its own).
 * Decorative: the legend's text says what it means.
 */
export function MarkerIcon({ valued }: { valued: boolean }) {
  if (valued) {
    return (
      <svg width={VALUED_MARKER_PX} height={VALUED_MARKER_PX} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill={VALUED_MARKER_COLOUR} stroke="#ffffff" strokeWidth="2" />
        <path d={VALUED_TICK_PATH} fill="none" stroke="#ffffff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg width={UNVALUED_MARKER_PX} height={UNVALUED_MARKER_PX} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill={UNVALUED_MARKER_COLOUR} stroke="#ffffff" strokeWidth="2" />
      <path d={UNVALUED_HOOK_PATH} fill="none" stroke="#ffffff" strokeWidth="1.9" strokeLinecap="round" />
      <circle cx={UNVALUED_DOT.cx} cy={UNVALUED_DOT.cy} r={UNVALUED_DOT.r} fill="#ffffff" />
    </svg>
  );
}
