import type { BlobStore } from '@kainga/platform';
import { imageKeyOfPath } from '../uploads/image-path';
import type { ExportScope } from './export-scope';

/** An uploaded image of the person's, by its blob key, and where the archive puts it. */
export interface ExportImage {
  key: string;
  /** `images/<kind>/<file>`, the address's own kind and file name. */
  name: string;
}

/**
 * The images the person uploaded that their records still name: the profile picture, each
 * partner record's and application's profile and company images, and each advert's image. Only
 * addresses of our own uploads count (imageKeyOfPath), each once.
 */
export function imagesOf(scope: ExportScope): ExportImage[] {
  const paths = [
    scope.user.profileImageUrl,
    ...scope.partners.flatMap((p) => [p.profileImage, p.companyImage]),
    ...scope.applications.flatMap((a) => [a.profileImage, a.companyImage]),
    ...scope.adverts.map((a) => a.imageUrl),
  ];
  const keys = new Set(paths.flatMap((p) => (typeof p === 'string' ? [imageKeyOfPath(p)] : [])).filter((k): k is string => k !== null));
  return [...keys].map((key) => ({ key, name: `images/${key}` }));
}

/** The bytes of an image, or null when the store no longer has them (the README says so). */
export async function imageBytes(blobStore: BlobStore, image: ExportImage): Promise<Buffer | null> {
  return (await blobStore.get(image.key))?.bytes ?? null;
}
