#!/usr/bin/env node
/**
 * Generates the PWA icons under pwa/public/icons/ with nothing but node:zlib.
 *
 * The mark: a white house (roof + body) with a "K" cut out of the body, on the theme colour.
 * - icon-192.png, icon-512.png: rounded square, mark filling most of the tile ("any" purpose).
 * - icon-maskable-512.png: full-bleed background, mark inside the 80 % safe zone ("maskable").
 * - apple-touch-icon.png (180): full-bleed, like the maskable one.
 *
 * Run once with `npm run icons -w pwa`; the PNGs are committed. Edges are anti-aliased by
 * supersampling each pixel 4 × 4.
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const THEME = [0x0b, 0x5d, 0x4b]; // #0b5d4b — keep in sync with vite.config.ts and theme.ts
const WHITE = [0xff, 0xff, 0xff];

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'public', 'icons');

// ---- PNG encoding -------------------------------------------------------------------------
const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([len, typeAndData, crc]);
}
/** RGBA pixels (Uint8Array, size*size*4) → PNG file bytes. */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- Geometry (unit square, 0..1) -----------------------------------------------------------
function inRoundedSquare(x, y, r) {
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
function inTriangle(px, py, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}
function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The house mark in a unit box: roof triangle over a body rectangle; a "K" (three strokes)
 * in the body is left in the background colour.
 */
function markAt(x, y) {
  const roof = inTriangle(x, y, [0.5, 0.04], [0.02, 0.46], [0.98, 0.46]);
  const body = x >= 0.14 && x <= 0.86 && y >= 0.44 && y <= 0.96;
  if (!roof && !body) return false;
  const stroke = 0.055;
  const k =
    distToSegment(x, y, [0.37, 0.54], [0.37, 0.88]) <= stroke ||
    distToSegment(x, y, [0.4, 0.72], [0.63, 0.53]) <= stroke ||
    distToSegment(x, y, [0.45, 0.68], [0.65, 0.88]) <= stroke;
  return !k;
}

/**
 * @param size pixels
 * @param opts.maskable full-bleed background; mark within the 80 % safe circle
 */
function renderIcon(size, { maskable }) {
  const rgba = new Uint8Array(size * size * 4);
  const ss = 4;
  const markBox = maskable ? { x0: 0.25, y0: 0.23, s: 0.5 } : { x0: 0.18, y0: 0.15, s: 0.64 };
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bgCover = 0;
      let markCover = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const x = (px + (sx + 0.5) / ss) / size;
          const y = (py + (sy + 0.5) / ss) / size;
          const inBg = maskable || inRoundedSquare(x, y, 0.18);
          if (!inBg) continue;
          bgCover++;
          const mx = (x - markBox.x0) / markBox.s;
          const my = (y - markBox.y0) / markBox.s;
          if (mx >= 0 && mx <= 1 && my >= 0 && my <= 1 && markAt(mx, my)) markCover++;
        }
      }
      const n = ss * ss;
      const i = (py * size + px) * 4;
      const a = bgCover / n;
      const m = bgCover === 0 ? 0 : markCover / bgCover;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(THEME[c] * (1 - m) + WHITE[c] * m);
      rgba[i + 3] = Math.round(a * 255);
    }
  }
  return encodePng(size, rgba);
}

mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  const png = renderIcon(size, { maskable });
  writeFileSync(join(outDir, name), png);
  console.log(`${name}: ${size}×${size}, ${png.length} bytes`);
}
