/**
 * The two markers of marker-icons.ts drawn once into small canvases, at the screen's pixel
 * density, for the map to stamp: drawing a bitmap is a plain copy, while drawing the SVG image
 * renders its vector shapes again for every marker of every frame (slow on a phone, with hundreds
 * of markers). Same shapes and colours as the SVGs, which the legend keeps using.
 */
import { UNVALUED_MARKER_COLOUR, VALUED_MARKER_COLOUR } from './marker-icons';

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
    ctx.stroke(new Path2D('M7 12.5l3.2 3.2L17 9'));
  });
}

/** Grey with a question mark (viewBox 20, as the SVG). */
export function unvaluedMarkerBitmap(px: number, ratio: number): HTMLCanvasElement {
  return drawMarker(px, ratio, 20, UNVALUED_MARKER_COLOUR, (ctx) => {
    ctx.lineWidth = 1.9;
    ctx.lineCap = 'round';
    ctx.stroke(new Path2D('M7.4 7.6a2.6 2.6 0 1 1 3.7 2.4c-.7.4-1.1.9-1.1 1.7v.5'));
    ctx.beginPath();
    ctx.arc(10, 14.8, 1.15, 0, 2 * Math.PI);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
  });
}
