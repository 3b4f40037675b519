/**
 * The two markers of marker-icons.ts drawn once into small canvases, at the screen's pixel
 * density, for the map to stamp: drawing a bitmap is a plain copy, while drawing an SVG image
 * renders its vector shapes again for every marker of every frame (slow on a phone, with hundreds
 * of markers). Same shapes and colours as the legend's inline SVGs (MarkerIcon.tsx).
 */
import { UNVALUED_DOT, UNVALUED_HOOK_PATH, UNVALUED_MARKER_COLOUR, VALUED_MARKER_COLOUR, VALUED_TICK_PATH } from './marker-icons';

/** Draws an SVG-like marker (a ring-edged disc plus white strokes) of `px` CSS pixels. */
function drawMarker(px: number, ratio: number, viewBox: number, colour: string, draw: (ctx: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.ceil(px * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const scale = canvas.width / viewBox;
  ctx.scale(scale, scale);
  const c = viewBox / 2;
  ctx.beginPath();
  ctx.arc(c, c, c - 1, 0, 2 * Math.PI);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  draw(ctx);
  return canvas;
}

/** Blue with a tick (viewBox 24, as the SVG). */
export function valuedMarkerBitmap(px: number, ratio: number): HTMLCanvasElement {
  return drawMarker(px, ratio, 24, VALUED_MARKER_COLOUR, (ctx) => {
    ctx.lineWidth = 2.4;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.stroke(new Path2D(VALUED_TICK_PATH));
  });
}

/** Grey with a question mark (viewBox 20, as the SVG). */
export function unvaluedMarkerBitmap(px: number, ratio: number): HTMLCanvasElement {
  return drawMarker(px, ratio, 20, UNVALUED_MARKER_COLOUR, (ctx) => {
    ctx.lineWidth = 1.9;
    ctx.lineCap = 'round';
    ctx.stroke(new Path2D(UNVALUED_HOOK_PATH));
    ctx.beginPath();
    ctx.arc(UNVALUED_DOT.cx, UNVALUED_DOT.cy, UNVALUED_DOT.r, 0, 2 * Math.PI);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
  });
}

/** The colour of a group of nearby properties (the legend's "3" uses the same, in map.css). */
export const GROUP_MARKER_COLOUR = 'rgba(29, 78, 216, 0.88)';

/**
 * A group of nearby properties: a blue disc of `radius` CSS pixels with a 2 px white ring and its
 * count in white. Drawn here, centred without measuring, rather than by OpenLayers' Text style,
 * which measures each new label's height through a DOM element (a forced layout of the whole
 * page, tens of ms on a phone, in the map's first frame).
 */
export function groupMarkerBitmap(label: string, radius: number, ratio: number): HTMLCanvasElement {
  const px = 2 * (radius + 1);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.ceil(px * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.scale(canvas.width / px, canvas.height / px);
  const c = px / 2;
  ctx.beginPath();
  ctx.arc(c, c, radius, 0, 2 * Math.PI);
  ctx.fillStyle = GROUP_MARKER_COLOUR;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = '700 12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, c, c + 0.5);
  return canvas;
}
