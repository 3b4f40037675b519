/**
 * The two markers (consumer spec §2, §9): 24 px blue with a tick for a valued property, 20 px grey
 * with a question mark otherwise. Their colours and white strokes, shared by the legend's inline
 * SVGs (MarkerIcon.tsx) and the map's bitmaps (marker-bitmaps.ts), which draw the same shapes.
 */
export const VALUED_MARKER_COLOUR = '#1d4ed8';
export const UNVALUED_MARKER_COLOUR = '#6b7280';

/** The tick of a valued marker, in its 24-unit viewBox. */
export const VALUED_TICK_PATH = 'M7 12.5l3.2 3.2L17 9';
/** The question mark of an unvalued marker (its hook, then a dot), in its 20-unit viewBox. */
export const UNVALUED_HOOK_PATH = 'M7.4 7.6a2.6 2.6 0 1 1 3.7 2.4c-.7.4-1.1.9-1.1 1.7v.5';
export const UNVALUED_DOT = { cx: 10, cy: 14.8, r: 1.15 } as const;
