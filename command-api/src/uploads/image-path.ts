import type { BlobStore } from '@kainga/platform';
import { isImageKind, type ImageKind } from './image-kinds';

/** A stored image's name: the UUID it was given at upload and the extension of its format. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp)$/;

/** The address an image is served at (contracts' UploadedImagePath), from its kind and file name. */
export const imagePath = (kind: ImageKind, file: string) => `/api/uploads/${kind}/${file}`;

/**
 * The blob key of an image, from its kind and file name as they appear in its address, or null
 * when either is not one we could have stored. Only names of our own making pass, so a path
 * parameter can never reach the store as `..`, a slash or another area's key.
 */
export function imageKey(kind: string, file: string): string | null {
  return isImageKind(kind) && FILE_NAME.test(file) ? `${kind}/${file}` : null;
}

/** The blob key behind an image address (`/api/uploads/<kind>/<file>`), or null when it is not one. */
export function imageKeyOfPath(path: string): string | null {
  const match = /^\/api\/uploads\/([^/]+)\/([^/]+)$/.exec(path);
  return match ? imageKey(match[1]!, match[2]!) : null;
}

/** Whether an image address names an image that is stored. */
export async function imageExists(blobStore: BlobStore, path: string): Promise<boolean> {
  const key = imageKeyOfPath(path);
  return key !== null && (await blobStore.stat(key)) !== null;
}
