/**
 * The two kinds of uploaded image and their limits (spec 001 §5 and §9). Sizes are in KiB
 * (300 KB = 300 × 1024 bytes), as the browser's File.size checks in the PWA count them.
 *
 * The profile image has two limits: 300KB in the partner profile editor, 200KB on the enquiry
 * form (/partner-enquiry). Both forms post to the same route, so the server cannot tell them
 * apart by the file: the enquiry form says so with `?form=enquiry`, and gets the 200KB limit
 * and its own message. Without it (the editor) the limit is 300KB. A client leaving the query
 * off gets the larger limit — the cap that protects the server is the larger one either way.
 * The company image is 200KB on every form.
 *
 * An advert's image (field `adImage`, partners only) may be up to 500KB: the spec gives no limit,
 * and a banner is drawn wider than a profile picture, while 500KB still loads quickly on a
 * phone beside a valuation.
 */
export const IMAGE_KINDS = ['profile-images', 'company-images', 'ad-images'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const isImageKind = (value: string): value is ImageKind => (IMAGE_KINDS as readonly string[]).includes(value);

/** Which form an upload comes from (the `form` query parameter). */
export type UploadForm = 'profile' | 'enquiry';

export interface UploadRule {
  /** The multipart field the file must come in (spec 001 §7). */
  field: 'profileImage' | 'companyImage' | 'adImage';
  maxBytes: number;
  tooLarge: string;
}

const KB = 1024;

export function uploadRule(kind: ImageKind, form: UploadForm): UploadRule {
  if (kind === 'ad-images') return { field: 'adImage', maxBytes: 500 * KB, tooLarge: 'Advert image must be under 500KB' };
  if (kind === 'company-images') return { field: 'companyImage', maxBytes: 200 * KB, tooLarge: 'Company image must be under 200KB' };
  return form === 'enquiry'
    ? { field: 'profileImage', maxBytes: 200 * KB, tooLarge: 'Profile image must be under 200KB' }
    : { field: 'profileImage', maxBytes: 300 * KB, tooLarge: 'Please select an image smaller than 300KB.' };
}

/** The largest limit of any rule: what a request may ever carry (multipart's own cut-off). */
export const LARGEST_IMAGE_BYTES = 500 * KB;

/** The words for a file that is not one of the accepted image types (415). */
export const NOT_AN_IMAGE = 'Please choose a JPEG, PNG or WebP image.';
