/**
 * The two markers (consumer spec §2, §9): 24 px blue with a tick for a valued property, 20 px grey
 * with a question mark otherwise. SVG data URLs (the CSP allows data: images), drawn at twice the
 * size for sharp rendering on high-density screens; the map and the legend use the same images.
 */
import { UNVALUED_MARKER_PX, VALUED_MARKER_PX } from './map-data';

export const VALUED_MARKER_COLOUR = '#1d4ed8';
export const UNVALUED_MARKER_COLOUR = '#6b7280';

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const valuedSvg = (px: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${px * 2}" height="${px * 2}" viewBox="0 0 24 24">` +
  `<circle cx="12" cy="12" r="11" fill="${VALUED_MARKER_COLOUR}" stroke="#ffffff" stroke-width="2"/>` +
  `<path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#ffffff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>` +
  `</svg>`;

const unvaluedSvg = (px: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${px * 2}" height="${px * 2}" viewBox="0 0 20 20">` +
  `<circle cx="10" cy="10" r="9" fill="${UNVALUED_MARKER_COLOUR}" stroke="#ffffff" stroke-width="2"/>` +
  // a question mark as a path (no font needed inside an image)
  `<path d="M7.4 7.6a2.6 2.6 0 1 1 3.7 2.4c-.7.4-1.1.9-1.1 1.7v.5" fill="none" stroke="#ffffff" stroke-width="1.9" stroke-linecap="round"/>` +
  `<circle cx="10" cy="14.8" r="1.15" fill="#ffffff"/>` +
  `</svg>`;

export const VALUED_MARKER_URL = svgUrl(valuedSvg(VALUED_MARKER_PX));
export const UNVALUED_MARKER_URL = svgUrl(unvaluedSvg(UNVALUED_MARKER_PX));
