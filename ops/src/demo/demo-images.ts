import { detectImageFormat, imagePath, stripMetadata, uploadRule, type ImageKind } from '@kainga/command-api';
import { eventIdFor, type BlobStore } from '@kainga/platform';
import sharp from 'sharp';

/** What a demo image shows: initials on a colour, round (a portrait) or a rounded square (a logo). */
export interface DemoImage {
  initials: string;
  colour: string;
  shape: 'portrait' | 'logo';
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The image as a 256 px PNG (logo) or WebP (portrait), drawn from SVG by sharp. Text needs a
 * system font; without one the shape and colour still tell the partners apart.
 */
export async function renderDemoImage({ initials, colour, shape }: DemoImage): Promise<Buffer> {
  const background = shape === 'portrait' ? `<circle cx="128" cy="128" r="128" fill="${colour}"/>` : `<rect width="256" height="256" rx="44" fill="${colour}"/>`;
  const accent = shape === 'portrait' ? '<circle cx="128" cy="300" r="120" fill="#ffffff" opacity="0.18"/>' : '<rect x="28" y="196" width="200" height="10" rx="5" fill="#ffffff" opacity="0.5"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">${background}${accent}<text x="128" y="122" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(initials)}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return shape === 'portrait' ? image.webp({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/**
 * Stores a generated image the way POST /api/upload/* stores an upload — the format read from
 * the bytes, re-encoded without metadata, within the editor's size limit — and answers the
 * address GET /api/uploads serves it at. The file name derives from `key` rather than being
 * drawn, so a resumed seed writes the same blob again instead of leaving an orphan.
 */
export async function storeDemoImage(blobStore: BlobStore, kind: ImageKind, key: string, bytes: Buffer): Promise<string> {
  const format = detectImageFormat(bytes);
  if (!format) throw new Error(`demo image ${key} is not a JPEG, PNG or WebP`);
  const clean = await stripMetadata(bytes, format);
  const rule = uploadRule(kind, 'profile');
  if (clean.length > rule.maxBytes) throw new Error(`demo image ${key}: ${rule.tooLarge}`);
  const file = `${eventIdFor(key, kind, 0)}.${format.ext}`;
  await blobStore.put(`${kind}/${file}`, clean, format.contentType);
  return imagePath(kind, file);
}
